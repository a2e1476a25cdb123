// Make-style dependency files (--depfile), the format CMake's DEPFILE and Ninja's depfile read.
#pragma once

#include <string>
#include <vector>

namespace orion::driver {

/// `target: input...`, one input per continued line, with the characters Make and Ninja treat
/// specially (space, '#', '$') escaped. The inputs are listed as given (the front end's
/// collector lists each file once).
std::string make_depfile(const std::string &target, const std::vector<std::string> &inputs);

} // namespace orion::driver

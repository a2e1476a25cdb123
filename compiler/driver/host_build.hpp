// Builds the transformed source into an executable with the host C++ compiler (mpicxx) against
// the orion runtime.
#pragma once

#include "options.hpp"

#include <string>

namespace orion::driver {

/// The host compiler command line for `source` → `output`.
std::vector<std::string> host_command(const Options &options, const std::string &source,
                                      const std::string &output);

/// Runs the host compiler; returns true on success. The output appears atomically: it is
/// written under a temporary name and renamed, so a failed build leaves no file behind.
bool build_executable(const Options &options, const std::string &source, const std::string &output);

} // namespace orion::driver

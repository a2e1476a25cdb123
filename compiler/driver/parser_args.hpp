// The arguments the Clang front end parses a program with, shared by orionc and the fuzzer.
#pragma once

#include <string>
#include <vector>

namespace orion::driver {

/// Clang's arguments for parsing as orionc's host compile would: the language standard, the
/// user's -I/-D/-U, the runtime's headers and the MPI headers the host compiler finds on its own.
std::vector<std::string> parser_args(const std::string &std_flag,
                                     const std::vector<std::string> &preprocessor_args);

} // namespace orion::driver

// Builds the transformed source into an executable with the host C++ compiler (mpicxx) against
// the orion runtime.
#pragma once

#include "options.hpp"
#include "output_file.hpp"

#include <string>

namespace orion::driver {

/// The host compiler command line for `source` → `output`.
std::vector<std::string> host_command(const Options &options, const std::string &source,
                                      const std::string &output);

/// Runs the host compiler on `source` and puts the executable at `target` (the resolved form of
/// the user's `shown` output); returns true on success. The compiler writes a temporary file,
/// which is then renamed onto the target (or copied into it, for a special file such as
/// /dev/null), so a failed or interrupted build leaves no file behind. If orionc is interrupted
/// (SIGINT, SIGTERM, SIGHUP, SIGQUIT), the host compiler and everything it started are stopped
/// before the temporary files are removed.
bool build_executable(const Options &options, const std::string &source, const OutputTarget &target,
                      const std::string &shown);

} // namespace orion::driver

// Writes orionc's outputs all-or-nothing: an error never leaves a half-written file.
#pragma once

#include <string>

namespace orion::driver {

/// Writes `content` to `path` through a temporary file and a rename; "-" means stdout.
/// On failure prints an error naming the path and returns false.
bool write_file_atomically(const std::string &path, const std::string &content);

/// Reads a whole file; on failure prints an error naming the path.
bool read_file(const std::string &path, std::string &content);

} // namespace orion::driver

// The front end's entry point, free of Clang types so the driver and tests include it cheaply.
#pragma once

#include "orion/passes/loop_ir.hpp"

#include <optional>
#include <string>
#include <vector>

namespace orion::frontend {

/// What to parse and how.
struct FrontendOptions {
  std::string source;                     ///< the user's .cpp file
  std::vector<std::string> compiler_args; ///< -I, -D, -std=... as the host compile gets them
  /// The text to parse as `source` instead of the file's contents (the fuzzer parses from memory).
  std::optional<std::string> contents;
};

/// Parses `options.source` with Clang, prints diagnostics to stderr, and returns the LoopIR of
/// every `#pragma orion parallel_for` loop; std::nullopt if there was any error.
std::optional<ir::Program> run_frontend(const FrontendOptions &options);

} // namespace orion::frontend

// The front end's entry point, free of Clang types so the driver and tests include it cheaply.
#pragma once

#include "orion/passes/loop_ir.hpp"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace orion::frontend {

/// Where the stages after the front end (the analysis' verdict, code generation) report problems
/// in the user's source: the front end's own Clang diagnostics engine, still alive, so they print,
/// count and verify (`--verify`) exactly like the front end's.
class DiagnosticSink {
public:
  virtual ~DiagnosticSink() = default;
  virtual void error(ir::SourceLocation at, const std::string &message) = 0;
  virtual void warning(ir::SourceLocation at, const std::string &message) = 0;
  virtual void note(ir::SourceLocation at, const std::string &message) = 0;
  /// Some error was reported (by the front end or through this sink).
  virtual bool has_errors() const = 0;
};

/// Runs on the finished LoopIR (loops in source order) while the front end's diagnostics engine
/// still works; only when the front end reported no error.
using AfterParse = std::function<void(const ir::Program &, DiagnosticSink &)>;

/// What to parse and how.
struct FrontendOptions {
  std::string source;                     ///< the user's .cpp file
  std::vector<std::string> compiler_args; ///< -I, -D, -std=... as the host compile gets them
  /// The text to parse as `source` instead of the file's contents (the fuzzer parses from memory).
  std::optional<std::string> contents;
  AfterParse after_parse; ///< optional
  /// Parse <orion/orion.hpp> from the PCH cache when the program starts with it (prefix_pch.hpp).
  bool use_pch = true;
};

/// Parses `options.source` with Clang, prints diagnostics to stderr, and returns the LoopIR of
/// every `#pragma orion parallel_for` loop; std::nullopt if there was any error.
std::optional<ir::Program> run_frontend(const FrontendOptions &options);

} // namespace orion::frontend

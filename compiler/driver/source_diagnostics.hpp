// Clang-style diagnostics for problems found after the front end (by the analyses), so they
// look like the front end's: `file:line:col: error: message`, the source line, a caret.
#pragma once

#include "orion/passes/loop_ir.hpp"

#include <string>
#include <vector>

namespace orion::driver {

/// Prints diagnostics against one source file and counts errors.
class SourceDiagnostics {
public:
  SourceDiagnostics(std::string path, const std::string &text);
  void error(ir::SourceLocation at, const std::string &message);
  void note(ir::SourceLocation at, const std::string &message);
  unsigned errors() const { return errors_; }

private:
  void print(ir::SourceLocation at, const char *level, const std::string &message);
  std::string path_;
  std::vector<std::string> lines_;
  unsigned errors_ = 0;
};

} // namespace orion::driver

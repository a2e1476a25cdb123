// Captures `#pragma orion ...` lines during preprocessing. The pragma leaves no trace in the AST,
// so the handler records where it was and what it said; LoopBinder later attaches it to the
// statement that follows.
#pragma once

#include "orion/passes/loop_ir.hpp"

#include <clang/Lex/Pragma.h>

#include <vector>

namespace orion::frontend {

/// One `#pragma orion parallel_for`: its clauses, or `malformed` when they were not well formed
/// (already reported; the loop it precedes is then no driver code, and no loop is built).
struct PragmaRecord {
  clang::SourceLocation location; ///< the `#` (or `_Pragma`) that introduced it
  ir::Clauses clauses;
  std::vector<clang::SourceLocation> relax_locations; ///< where each relax(...) name was spelled
  clang::SourceLocation partition_location;           ///< the `partition` clause, if any
  bool directive = false;                             ///< `#pragma` (rather than `_Pragma`)
  clang::SourceLocation directive_end; ///< `#pragma`: the end of its line (code generation)
  bool malformed = false;
};

/// Handles the `orion` pragma namespace: `parallel_for` is recorded, anything else is an error.
class OrionPragmaHandler : public clang::PragmaHandler {
public:
  OrionPragmaHandler(std::vector<PragmaRecord> &out, unsigned &errors)
      : clang::PragmaHandler("orion"), out_(out), errors_(errors) {}

  void HandlePragma(clang::Preprocessor &pp, clang::PragmaIntroducer introducer,
                    clang::Token &first) override;

private:
  std::vector<PragmaRecord> &out_;
  unsigned &errors_; ///< errors reported here, so the AST is still analyzed after them
};

} // namespace orion::frontend

// Attaches each recorded `#pragma orion parallel_for` to the statement that immediately follows
// it in the same block: the pragma is invisible in the AST, so this is done by source position.
#pragma once

#include "pragma_handler.hpp"

#include <clang/AST/ASTContext.h>

namespace orion::frontend {

/// A pragma and the statement after it (nullptr when the block or function ends first).
struct BoundPragma {
  const PragmaRecord *pragma;
  const clang::Stmt *next = nullptr;
  const clang::FunctionDecl *function = nullptr;
  bool inside_function = false;
  /// Inside a template or a generic lambda (`[](auto &X) {...}`), also one nested in `function`:
  /// the types of what the loop touches are not known before instantiation.
  bool in_template = false;
};

/// Finds, for every pragma, the first statement after it in the innermost enclosing statement.
std::vector<BoundPragma> bind_pragmas(clang::ASTContext &ast,
                                      const std::vector<PragmaRecord> &pragmas);

/// Whether `a` comes before `b` in the source, looking into macro expansions when both
/// come from the same one (`_Pragma` and the loop inside one macro).
bool is_before(const clang::SourceManager &sm, clang::SourceLocation a, clang::SourceLocation b);

} // namespace orion::frontend

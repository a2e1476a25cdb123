// Recognizes the two loop forms a parallel_for accepts (docs/pragma-reference.md): array iteration
// `for (auto&& [key, value] : A)` and counted nests `for (int64_t i = lo; i < hi; ++i)`.
#pragma once

#include <clang/AST/DeclCXX.h>
#include <clang/AST/Stmt.h>
#include <clang/AST/StmtCXX.h>

#include <optional>
#include <string>
#include <variant>

namespace orion::frontend {

/// A canonical counted loop `for (T i = lower; i < upper; ++i)` (`<=` adds one to upper).
struct CountedLoop {
  const clang::ForStmt *stmt;
  const clang::VarDecl *index;
  const clang::Expr *lower;
  const clang::Expr *upper;
  int64_t upper_adjust; ///< 1 for `<=`, else 0
};

/// Why a `for` is not in canonical counted form, and where.
struct LoopFormError {
  clang::SourceLocation location;
  std::string message;
};

/// Matches the canonical counted form.
std::variant<CountedLoop, LoopFormError> match_counted_loop(const clang::ForStmt *loop);

/// The single `for` statement that makes up `body`, if the body is nothing else.
const clang::ForStmt *sole_nested_for(const clang::Stmt *body);

/// The parts of `for (auto&& [key, value] : A)`.
struct ArrayIteration {
  const clang::BindingDecl *key;
  const clang::BindingDecl *value;
  const clang::ValueDecl *array;
};

/// Matches array iteration over an orion array.
std::variant<ArrayIteration, LoopFormError> match_array_iteration(const clang::CXXForRangeStmt *);

} // namespace orion::frontend

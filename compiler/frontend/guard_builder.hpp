// Turns the condition of an `if` in a loop body into affine guards of the references it controls,
// so that `if (j < i) A(i, j) = ...` restricts that reference to the iterations with j < i.
#pragma once

#include "affine_builder.hpp"

#include <clang/AST/Expr.h>

#include <optional>
#include <vector>

namespace orion::frontend {

/// The affine guards a condition implies.
struct GuardSet {
  std::vector<ir::Guard> guards;
  /// Every conjunct became a guard: the set is the condition itself, not a weakening of it.
  bool complete = false;
};

/// The guards of `cond`: each conjunct of a `&&` chain that compares signed affine integers
/// (`<`, `<=`, `>`, `>=`, `==`, or `!` of one of them). Other conjuncts are dropped, which only
/// widens the references' domains, so the analysis stays sound.
GuardSet affine_guards(const clang::Expr *cond, AffineBuilder &affine, const ScanContext &ctx);

/// The guard of the else-branch: the negation of a complete single inequality, or nothing.
std::optional<ir::Guard> negated(const GuardSet &set);

} // namespace orion::frontend

// Classifies an integer expression of the loop body as affine in the loop's symbols
// (iteration indices, inner-loop indices, loop-invariant parameters) or unknown, chasing local
// single-assignment definitions such as `const int64_t u = key[0];`.
#pragma once

#include "scan_context.hpp"

#include <clang/AST/Expr.h>

namespace orion::frontend {

/// Builds ir::Subscripts and bounds from Clang expressions.
class AffineBuilder {
public:
  explicit AffineBuilder(ScanContext &ctx) : ctx_(ctx) {}

  /// A subscript: affine when possible, otherwise unknown with the reason.
  ir::Subscript subscript(const clang::Expr *expr);
  /// A loop bound (for inner loops and counted nests).
  ir::Bound bound(const clang::Expr *expr, int64_t adjust = 0);

  /// If `expr` is `key[d]` for the loop's key binding, returns d.
  std::optional<int> key_dimension(const clang::Expr *expr) const;

private:
  struct Result {
    std::optional<ir::AffineExpr> expr;
    std::string reason;
  };
  Result build(const clang::Expr *expr, int depth);
  Result build_binding(const clang::BindingDecl *binding, int depth);
  static Result unknown(std::string reason) { return {std::nullopt, std::move(reason)}; }

  ScanContext &ctx_;
};

} // namespace orion::frontend

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

  /// Gives each parameter that stands for a const local before the loop (ScanContext::
  /// parameter_inits) its initializer as its definition, when that is affine in parameters the
  /// loop already has. Called once the whole loop was scanned.
  void define_parameters();

  /// If `expr` is `key[d]` for the loop's key binding, returns d.
  std::optional<int> key_dimension(const clang::Expr *expr) const;

private:
  struct Result {
    std::optional<ir::AffineExpr> expr;
    std::string reason;
  };
  /// The affine form of `expr`, or unknown; also unknown when its coefficients outgrow the
  /// integer type narrower than 64 bits it is computed in or converted to.
  Result build(const clang::Expr *expr, int depth);
  Result build_node(const clang::Expr *expr, int depth);
  Result build_binding(const clang::BindingDecl *binding, int depth);
  /// Whether `var`, declared before the loop, is a const integer whose initializer keeps its
  /// value until the loop runs (what `const int64_t lo = k + 1;` is), so that it can stand for
  /// its initializer.
  bool stable_constant(const clang::VarDecl *var);
  llvm::DenseMap<const clang::VarDecl *, bool> stable_;
  static Result unknown(std::string reason) { return {std::nullopt, std::move(reason)}; }

  ScanContext &ctx_;
};

} // namespace orion::frontend

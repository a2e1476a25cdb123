#include "guard_builder.hpp"

namespace orion::frontend {
namespace {

/// `e >= 0` negated: `-e - 1 >= 0`.
ir::Guard negate(const ir::Guard &g) {
  return {g.expr.scaled(-1) - ir::AffineExpr::constant(1), false, "!(" + g.text + ")"};
}

/// Adds the guards of `e` to `out`; returns whether all of `e` became guards.
bool collect(const clang::Expr *e, AffineBuilder &affine, const ScanContext &ctx,
             std::vector<ir::Guard> &out) {
  e = e->IgnoreParenImpCasts();
  if (const auto *un = llvm::dyn_cast<clang::UnaryOperator>(e);
      un && un->getOpcode() == clang::UO_LNot) {
    std::vector<ir::Guard> inner;
    if (!collect(un->getSubExpr(), affine, ctx, inner) || inner.size() != 1 || inner[0].equality)
      return false;
    out.push_back(negate(inner[0]));
    out.back().text = ctx.text(e);
    return true;
  }
  const auto *bin = llvm::dyn_cast<clang::BinaryOperator>(e);
  if (!bin)
    return false;
  if (bin->getOpcode() == clang::BO_LAnd) {
    const bool lhs = collect(bin->getLHS(), affine, ctx, out);
    const bool rhs = collect(bin->getRHS(), affine, ctx, out);
    return lhs && rhs;
  }
  if (!bin->isComparisonOp() || bin->getOpcode() == clang::BO_NE)
    return false;
  // Unsigned comparisons wrap (`i - 1 >= n` holds at i = 0); the affine model does not.
  if (!bin->getLHS()->getType()->isSignedIntegerType() ||
      !bin->getRHS()->getType()->isSignedIntegerType())
    return false;
  const std::optional<ir::AffineExpr> l = affine.bound(bin->getLHS()).expr;
  const std::optional<ir::AffineExpr> r = affine.bound(bin->getRHS()).expr;
  if (!l || !r)
    return false;
  ir::Guard g;
  g.text = ctx.text(e);
  switch (bin->getOpcode()) {
  case clang::BO_LT:
    g.expr = *r - *l - ir::AffineExpr::constant(1);
    break;
  case clang::BO_LE:
    g.expr = *r - *l;
    break;
  case clang::BO_GT:
    g.expr = *l - *r - ir::AffineExpr::constant(1);
    break;
  case clang::BO_GE:
    g.expr = *l - *r;
    break;
  default: // BO_EQ
    g.expr = *l - *r;
    g.equality = true;
    break;
  }
  out.push_back(std::move(g));
  return true;
}

} // namespace

GuardSet affine_guards(const clang::Expr *cond, AffineBuilder &affine, const ScanContext &ctx) {
  GuardSet set;
  if (cond)
    set.complete = collect(cond, affine, ctx, set.guards);
  return set;
}

std::optional<ir::Guard> negated(const GuardSet &set) {
  if (!set.complete || set.guards.size() != 1 || set.guards[0].equality)
    return std::nullopt;
  ir::Guard g = negate(set.guards[0]);
  return g;
}

} // namespace orion::frontend

// Which array element an expression names, for RefCollector: the element accesses themselves
// (`A(i, j)`, `A.row(i)`, `row[k]`, the value binding, a local alias) and the paths into an
// element's sub-objects (members, an element type's own operator[], pointers into members).
#include "ref_collector.hpp"

#include "access_paths.hpp"
#include "orion_types.hpp"

#include <clang/AST/ExprCXX.h>

namespace orion::frontend {

std::optional<RefCollector::Access> RefCollector::match_access(const clang::Expr *expr) {
  const clang::Expr *e = skip_transparent(expr);

  // `A(i, j)`: element access through the call operator.
  if (const auto *op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(e)) {
    if (op->getOperator() == clang::OO_Call && op->getNumArgs() > 0) {
      const clang::ValueDecl *decl = ctx_.object(op->getArg(0));
      auto type =
          decl && !ctx_.declared_inside(decl) ? classify_orion_type(decl->getType()) : std::nullopt;
      if (type && (type->kind == ir::ArrayKind::Dense || type->kind == ir::ArrayKind::Sparse ||
                   type->kind == ir::ArrayKind::Buffer)) {
        Access a(ctx_.intern_array(decl), e);
        for (unsigned i = 1; i < op->getNumArgs(); ++i)
          a.subscripts.push_back(affine_.subscript(op->getArg(i)));
        return a;
      }
    }
    // `A.row(i)[k]` or `row[k]` through a row alias: refines the range subscript.
    if (op->getOperator() == clang::OO_Subscript && op->getNumArgs() == 2) {
      if (auto base = match_access(op->getArg(0));
          base && !base->subscripts.empty() &&
          base->subscripts.back().kind == ir::SubscriptKind::Range) {
        base->subscripts.back() = affine_.subscript(op->getArg(1));
        base->expr = e;
        base->inner_loops = std::nullopt; // the index is evaluated here, inside these loops
        return base;
      }
    }
  }

  // `A.row(i)`: the whole last dimension.
  if (const auto *call = llvm::dyn_cast<clang::CXXMemberCallExpr>(e)) {
    const clang::ValueDecl *decl = ctx_.object(call->getImplicitObjectArgument());
    auto type =
        decl && !ctx_.declared_inside(decl) ? classify_orion_type(decl->getType()) : std::nullopt;
    const auto *method = call->getMethodDecl();
    if (type && type->kind == ir::ArrayKind::Dense && method && method->getName() == "row") {
      Access a(ctx_.intern_array(decl), e);
      for (const clang::Expr *arg : call->arguments())
        a.subscripts.push_back(affine_.subscript(arg));
      a.subscripts.push_back(range_subscript());
      return a;
    }
  }

  // The value binding of array iteration, or a local alias.
  if (const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(e)) {
    if (ctx_.value && ref->getDecl() == ctx_.value) {
      Access a(ctx_.loop.space.array, e, ctx_.loop.space.value_name);
      for (size_t d = 0; d < ctx_.loop.space.dims.size(); ++d) {
        ir::Subscript s;
        s.kind = ir::SubscriptKind::Affine;
        s.expr = ir::AffineExpr::symbol(ir::SymbolKind::IterationIndex, static_cast<int>(d));
        s.text = ctx_.loop.space.dims[d].name;
        a.subscripts.push_back(std::move(s));
      }
      return a;
    }
    // `auto &[a, b] = A(i)` (or `= v`): a use of a binding is a use of the element it decomposes.
    // Such bindings used to name nothing the analysis knew: their writes were lost on several
    // ranks, also under --orion-check.
    const clang::ValueDecl *named = ref->getDecl();
    if (const auto *binding = llvm::dyn_cast<clang::BindingDecl>(named))
      if (const clang::ValueDecl *decomposed = binding->getDecomposedDecl())
        named = decomposed;
    if (const auto *var = llvm::dyn_cast<clang::VarDecl>(named)) {
      if (auto it = ctx_.aliases.find(var); it != ctx_.aliases.end()) {
        Access a(it->second.array, e, var->getNameAsString(), it->second.inner_loops);
        a.subscripts = it->second.subscripts;
        return a;
      }
    }
  }
  return std::nullopt;
}

std::optional<RefCollector::Access> RefCollector::element_root(const clang::Expr *e,
                                                               bool &through_member) {
  through_member = false;
  for (int depth = 0; e && depth < 16; ++depth) {
    e = skip_transparent(e);
    if (auto a = match_access(e))
      return a;
    if (const auto *member = llvm::dyn_cast<clang::MemberExpr>(e)) {
      if (member->isArrow())
        return std::nullopt; // through a pointer held in the element: not the element itself
      through_member = true;
      e = member->getBase();
    } else if (const auto *op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(e);
               op && op->getNumArgs() > 0 &&
               (op->getOperator() == clang::OO_Subscript || op->getOperator() == clang::OO_Star ||
                op->getOperator() == clang::OO_Arrow)) {
      through_member = true; // an element's own operator reaches inside it only
      e = op->getArg(0);
    } else if (const auto *sub = llvm::dyn_cast<clang::ArraySubscriptExpr>(e)) {
      e = sub->getBase();
    } else if (const auto *cast = llvm::dyn_cast<clang::CastExpr>(e)) {
      e = cast->getSubExpr();
    } else if (const auto *un = llvm::dyn_cast<clang::UnaryOperator>(e);
               un && un->getOpcode() == clang::UO_AddrOf) {
      e = un->getSubExpr();
    } else {
      return std::nullopt;
    }
  }
  return std::nullopt;
}

std::optional<RefCollector::Access> RefCollector::pointer_alias(const clang::Expr *e) {
  e = e->IgnoreParens();
  if (const auto *cast = llvm::dyn_cast<clang::ImplicitCastExpr>(e);
      cast && cast->getCastKind() == clang::CK_LValueToRValue)
    e = cast->getSubExpr()->IgnoreParens();
  const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(e);
  const auto *var = ref ? llvm::dyn_cast<clang::VarDecl>(ref->getDecl()) : nullptr;
  if (!var || !var->getType()->isPointerType() || !ctx_.aliases.contains(var))
    return std::nullopt;
  return match_access(ref);
}

} // namespace orion::frontend

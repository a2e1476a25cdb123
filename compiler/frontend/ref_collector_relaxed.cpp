// How the reference collector checks a relaxed array's uses in a loop body: updates merged as
// deltas are commutative ones on the element itself, and no variable or parameter may keep the
// proxy an element is inside the loop in place of the copy the serial program makes.
#include "ref_collector.hpp"

#include "orion_types.hpp"

#include <clang/AST/ExprCXX.h>

#include <algorithm>
#include <vector>

namespace orion::frontend {

using ir::AccessKind;

void RefCollector::check_relaxed_write(const Access &access, ir::AccessKind kind,
                                       bool commutative) {
  if (kind == AccessKind::Read || kind == AccessKind::Reduce)
    return;
  if (!relaxed_dense(access.array))
    return;
  const ir::ArrayDecl &decl = ctx_.loop.arrays[static_cast<size_t>(access.array)];
  // A helper's `+=` would reach the helper as a plain reference, not as a delta.
  if (commutative && ctx_.inlined.empty())
    return;
  if (!relax_warned_.insert(access.array).second)
    return;
  // `wr[k] += x` or `A.row(i)[k] += x`: the update a user meant to merge, on a row instead of
  // the element.
  const auto *call = llvm::dyn_cast<clang::CXXOperatorCallExpr>(access.expr->IgnoreParenImpCasts());
  const bool on_element = call && call->getOperator() == clang::OO_Call;
  // `H(k) += 1` in a lambda or helper the body calls: right on the element, but where the
  // runtime's merged view is not (the message said it was not a '+=').
  if (commutative && !ctx_.inlined.empty()) {
    const clang::FunctionDecl *helper = ctx_.inlined.back();
    const auto *method = llvm::dyn_cast<clang::CXXMethodDecl>(helper);
    diags_.report(access.expr->getBeginLoc(), Diag::RelaxedUpdateInHelper)
        << decl.name
        << (method && method->getParent()->isLambda() ? std::string("a lambda")
                                                      : "'" + helper->getNameAsString() + "'");
  } else if (!on_element && kind == AccessKind::ReadWrite)
    diags_.report(access.expr->getBeginLoc(), Diag::RelaxedRowUpdate)
        << decl.name << ctx_.text(access.expr);
  else
    diags_.report(access.expr->getBeginLoc(), Diag::RelaxedPlainWrite) << decl.name;
  diags_.report(access.expr->getBeginLoc(), Diag::RelaxedBufferNote) << decl.name;
}

bool RefCollector::relaxed_dense(int array) const {
  const ir::ArrayDecl &decl = ctx_.loop.arrays[static_cast<size_t>(array)];
  return decl.kind == ir::ArrayKind::Dense &&
         std::find(ctx_.loop.clauses.relax.begin(), ctx_.loop.clauses.relax.end(), decl.name) !=
             ctx_.loop.clauses.relax.end();
}

bool RefCollector::scan_commutative_update(const clang::Expr *target, const clang::Expr *amount,
                                           llvm::StringRef op) {
  // Only `A(i...) += x` on the element itself: the runtime merges deltas per element, and a row
  // (`A.row(i)[k] += x`) of a relaxed array is read-only in the body.
  const auto *element = llvm::dyn_cast<clang::CXXOperatorCallExpr>(target->IgnoreParenImpCasts());
  if (!element || element->getOperator() != clang::OO_Call)
    return false;
  auto a = match_access(target);
  if (!a || !a->via.empty())
    return false;
  record(*a, AccessKind::ReadWrite, true);
  scan_subscript_exprs(target);
  // `count(b) -= 0.5` on integers converts the difference, so the change depends on the value
  // read, which relax lets differ between workers: not the update the serial program makes.
  if (amount && relaxed_dense(a->array) && target->getType()->isIntegerType() &&
      amount->IgnoreImpCasts()->getType()->isRealFloatingType() &&
      relax_warned_.insert(a->array).second)
    diags_.report(amount->getBeginLoc(), Diag::RelaxedRoundedUpdate)
        << ctx_.loop.arrays[static_cast<size_t>(a->array)].name
        << amount->IgnoreImpCasts()->getType().getAsString() << ctx_.text(target) << op
        << target->getType().getUnqualifiedType().getAsString() << ctx_.text(amount);
  return true;
}

std::optional<RefCollector::Access> RefCollector::relaxed_proxy_source(const clang::Expr *e,
                                                                       int depth) {
  if (!e || depth > 4)
    return std::nullopt;
  e = e->IgnoreParenImpCasts();
  // A row (`A.row(i)`, a range subscript) is a span, not an element proxy: `auto r = A.row(i)`
  // copies nothing that follows updates.
  if (auto a = match_access(e);
      a && a->via.empty() && relaxed_dense(a->array) &&
      std::none_of(a->subscripts.begin(), a->subscripts.end(),
                   [](const ir::Subscript &s) { return s.kind == ir::SubscriptKind::Range; }))
    return a;
  // `c ? A(i) : A(j)`: a proxy when both branches are (a proxy and a number give a number).
  if (const auto *cond = llvm::dyn_cast<clang::ConditionalOperator>(e)) {
    auto a = relaxed_proxy_source(cond->getTrueExpr(), depth + 1);
    return a && relaxed_proxy_source(cond->getFalseExpr(), depth + 1) ? a : std::nullopt;
  }
  // `(x = 0, A(i))`
  if (const auto *bin = llvm::dyn_cast<clang::BinaryOperator>(e); bin && bin->isCommaOp())
    return relaxed_proxy_source(bin->getRHS(), depth + 1);
  // `static_cast<decltype(A(i))>(A(i))`: the proxy type itself.
  if (const auto *cast = llvm::dyn_cast<clang::ExplicitCastExpr>(e);
      cast && cast->getTypeAsWritten()->getAs<clang::DecltypeType>())
    return relaxed_proxy_source(cast->getSubExpr(), depth + 1);
  // `get()` for a lambda or function whose deduced return type comes from `return A(i);`.
  if (const auto *call = llvm::dyn_cast<clang::CallExpr>(e)) {
    const clang::FunctionDecl *callee = call->getDirectCallee();
    const clang::FunctionDecl *def = callee ? callee->getDefinition() : nullptr;
    if (!def || !def->getBody() || !def->getDeclaredReturnType()->getContainedDeducedType() ||
        def->getDeclaredReturnType()->isReferenceType())
      return std::nullopt;
    std::optional<Access> found;
    std::vector<const clang::Stmt *> work{def->getBody()};
    while (!work.empty() && !found) {
      const clang::Stmt *s = work.back();
      work.pop_back();
      if (const auto *ret = llvm::dyn_cast<clang::ReturnStmt>(s))
        found = relaxed_proxy_source(ret->getRetValue(), depth + 1);
      else if (!llvm::isa<clang::LambdaExpr>(s))
        for (const clang::Stmt *child : s->children())
          if (child)
            work.push_back(child);
    }
    return found;
  }
  return std::nullopt;
}

void RefCollector::check_relaxed_deduced_args(const clang::CallExpr *call) {
  // Only loops with relaxed arrays, and not orion's own templates (`A(i...)` takes integers): the
  // lookup below interns the arrays it meets, which must not reorder other loops' reports.
  if (ctx_.loop.clauses.relax.empty())
    return;
  const auto *callee = llvm::dyn_cast_or_null<clang::FunctionDecl>(call->getCalleeDecl());
  const clang::FunctionDecl *pattern = callee ? callee->getTemplateInstantiationPattern() : nullptr;
  if (!pattern)
    return;
  if (const auto *method = llvm::dyn_cast<clang::CXXMethodDecl>(callee);
      method && classify_orion_type(clang::QualType(method->getParent()->getTypeForDecl(), 0))) {
    // `out(off(k))` with relax(off): the subscripts of an orion array are integers. Matched by
    // name, without interning arrays (which would reorder the reports).
    const auto *op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(call);
    if (!op || op->getOperator() != clang::OO_Call)
      return;
    const auto name_of = [](const clang::Expr *e) -> std::string {
      const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(e->IgnoreParenImpCasts());
      return ref ? ref->getDecl()->getNameAsString() : std::string();
    };
    for (unsigned i = 1; i < op->getNumArgs(); ++i) {
      const auto *element =
          llvm::dyn_cast<clang::CXXOperatorCallExpr>(op->getArg(i)->IgnoreParenImpCasts());
      if (!element || element->getOperator() != clang::OO_Call || element->getNumArgs() == 0)
        continue;
      const std::string relaxed = name_of(element->getArg(0));
      const auto type = classify_orion_type(element->getArg(0)->getType());
      if (relaxed.empty() || !type || !llvm::is_contained(ctx_.loop.clauses.relax, relaxed))
        continue;
      diags_.report(op->getArg(i)->getBeginLoc(), Diag::RelaxedSubscript)
          << name_of(op->getArg(0)) << relaxed << type->element_type;
    }
    return;
  }
  // An operator called as a member (`f(x)` on a lambda) has the object as argument 0.
  const unsigned skip =
      llvm::isa<clang::CXXOperatorCallExpr>(call) && llvm::isa<clang::CXXMethodDecl>(callee) ? 1
                                                                                             : 0;
  // The type a parameter deduces, without reference and qualifiers: `T` for `const T &`.
  const auto deduced = [](const clang::ParmVarDecl *p) {
    return p->getType().getNonReferenceType().getUnqualifiedType().getCanonicalType();
  };
  for (unsigned i = skip; i < call->getNumArgs() && i - skip < pattern->getNumParams(); ++i) {
    const clang::ParmVarDecl *param = pattern->getParamDecl(i - skip);
    if (!param->getType()->isDependentType())
      continue;
    const auto a = relaxed_proxy_source(call->getArg(i));
    if (!a)
      continue;
    const ir::ArrayDecl &array = ctx_.loop.arrays[static_cast<size_t>(a->array)];
    if (!param->getType()->isReferenceType()) {
      diags_.report(call->getArg(i)->getBeginLoc(), Diag::RelaxedDeducedCopy)
          << param->getName() << callee->getNameAsString() << array.name << array.element_type;
      continue;
    }
    // `std::abs(z(b))` takes `const complex<T> &`: the proxy is no complex<T> to deduce T from.
    if (!deduced(param)->isTemplateTypeParmType()) {
      diags_.report(call->getArg(i)->getBeginLoc(), Diag::RelaxedDeducedPattern)
          << param->getName() << callee->getNameAsString() << array.name << array.element_type
          << param->getType().getNonReferenceType().getUnqualifiedType().getAsString();
      continue;
    }
    // A reference may hold the proxy; but `std::max(cnt(i), 0)` also deduces T from the other
    // argument, and the two deductions disagree: an error deep in the generated code.
    for (unsigned j = skip; j < call->getNumArgs() && j - skip < pattern->getNumParams(); ++j) {
      if (j == i || deduced(pattern->getParamDecl(j - skip)) != deduced(param) ||
          relaxed_proxy_source(call->getArg(j)))
        continue;
      diags_.report(call->getArg(i)->getBeginLoc(), Diag::RelaxedDeducedConflict)
          << param->getType().getNonReferenceType().getUnqualifiedType().getAsString()
          << callee->getNameAsString() << array.name << array.element_type;
      break;
    }
  }
}

} // namespace orion::frontend

// How the reference collector checks writes to variables declared before the loop: each worker
// would write its own rank's copy (or race on a shared one), so they are errors, also through a
// local reference, pointer or view, an object handed the variable, or a std::map's inserting
// operator[].
#include "ref_collector.hpp"

#include "access_paths.hpp"
#include "orion_types.hpp"

#include <clang/AST/ExprCXX.h>

namespace orion::frontend {

using ir::AccessKind;

void RefCollector::scan_handed_to_object(const clang::Expr *arg) {
  // `Sink s{&total}`, `Counter c{total}`: an outer variable the object may write through. The
  // host compiler rejected it deep in the generated code (the body sees a const copy of it).
  if (outer_variable(arg))
    note_outer_write(arg, AccessKind::ReadWrite);
  scan_escaping(arg);
}

bool RefCollector::report_inserting_subscript(const clang::CXXOperatorCallExpr *op) {
  if (!inserting_subscript(op))
    return false;
  const clang::ValueDecl *root = root_decl(skip_transparent(op->getArg(0)));
  const bool outer = outer_variable(op->getArg(0)) || llvm::isa_and_nonnull<clang::FieldDecl>(root);
  if (!outer || !root)
    return false;
  if (warned_.insert(root).second)
    diags_.report(op->getBeginLoc(), Diag::InsertingSubscript)
        << ctx_.text(op) << root->getName()
        << op->getArg(0)->getType().getUnqualifiedType().getAsString();
  return true;
}

bool RefCollector::outer_variable(const clang::Expr *e) const {
  e = skip_transparent(e);
  // `sp.begin()`, `v.data()`: what the method's object is rooted at.
  while (const auto *call = llvm::dyn_cast<clang::CXXMemberCallExpr>(e->IgnoreParenImpCasts())) {
    if (!call->getImplicitObjectArgument())
      return false;
    e = skip_transparent(call->getImplicitObjectArgument());
  }
  const auto *var = llvm::dyn_cast_or_null<clang::VarDecl>(root_decl(e));
  return var && !ctx_.declared_inside(var) && !classify_orion_type(var->getType());
}

void RefCollector::note_outer_write(const clang::Expr *e, ir::AccessKind access) {
  if (access == AccessKind::Read || escaping_)
    return;
  // `x = ...`, `v[i] = ...`, `s.n++`, `this->n++`: the written object is rooted at an outer
  // variable or at a member of the object a method runs on; `auto &t = total; t += 1` too.
  const clang::ValueDecl *root = root_decl(skip_transparent(e));
  for (int depth = 0; depth < 8; ++depth) {
    const auto *ref = llvm::dyn_cast_or_null<clang::VarDecl>(root);
    // A local reference, or a local pointer (`int *q = &total; *q += 1`), to an outer object;
    // also a local view or iterator (`std::span<long long> h(hist); h[k] += 1`).
    // (A const one too: `const_cast` may write through it.)
    const clang::QualType type = ref ? ref->getType() : clang::QualType();
    if (!ref || !(type->isReferenceType() || type->isPointerType() || writable_handle(type)) ||
        !ref->getInit() || !ctx_.declared_inside(ref))
      break;
    const clang::Expr *init = ref->getInit()->IgnoreImplicit();
    if (const auto *construct = llvm::dyn_cast<clang::CXXConstructExpr>(init);
        construct && construct->getNumArgs() > 0)
      init = construct->getArg(0);
    else if (const auto *list = llvm::dyn_cast<clang::InitListExpr>(init);
             list && list->getNumInits() > 0)
      init = list->getInit(0);
    root = root_decl(skip_transparent(init));
    // `Config *p = cfg.get();`, `double &y = r.get();`: what the handle's owner refers to.
    if (const auto *call = llvm::dyn_cast<clang::CXXMemberCallExpr>(init->IgnoreParenImpCasts());
        !root && call && call->getImplicitObjectArgument() &&
        writable_handle(call->getCallReturnType(ctx_.ast)))
      root = root_decl(skip_transparent(call->getImplicitObjectArgument()));
  }
  // The key's coordinates are the iteration's: subscripts written with them were analysed as
  // such (a DenseArray's key is a copy in the serial program, so writing it compiles there).
  if (root && root == ctx_.key) {
    if (warned_.insert(root).second)
      diags_.report(e->getBeginLoc(), Diag::IterationKeyWrite) << root->getName();
    return;
  }
  // A static local, in the body or in a helper read as inlined, is not private to an iteration.
  const auto *var = llvm::dyn_cast_or_null<clang::VarDecl>(root);
  if (var && var->hasGlobalStorage() && !var->getType().isConstQualified() &&
      !classify_orion_type(var->getType()) && ctx_.declared_inside(var)) {
    if (warned_.insert(root).second)
      diags_.report(e->getBeginLoc(), Diag::WriteToStaticVariable) << root->getName();
    return;
  }
  if (!root || !(llvm::isa<clang::VarDecl>(root) || llvm::isa<clang::FieldDecl>(root)) ||
      (llvm::isa<clang::VarDecl>(root) && ctx_.declared_inside(root)) ||
      classify_orion_type(root->getType()) || !warned_.insert(root).second)
    return;
  diags_.report(e->getBeginLoc(), Diag::WriteToOuterVariable) << root->getName();
  diags_.report(root->getLocation(), Diag::OuterVariableDeclaredNote) << root->getName();
  diags_.report(e->getBeginLoc(), Diag::OuterVariableFixNote) << root->getName();
}

} // namespace orion::frontend

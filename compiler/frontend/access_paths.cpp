#include "access_paths.hpp"

#include <clang/AST/DeclTemplate.h>
#include <clang/AST/ExprCXX.h>

namespace orion::frontend {

const clang::Expr *skip_transparent(const clang::Expr *e) {
  while (true) {
    if (const auto *p = llvm::dyn_cast<clang::ParenExpr>(e))
      e = p->getSubExpr();
    else if (const auto *m = llvm::dyn_cast<clang::MaterializeTemporaryExpr>(e))
      e = m->getSubExpr();
    else if (const auto *c = llvm::dyn_cast<clang::ExprWithCleanups>(e))
      e = c->getSubExpr();
    else if (const auto *b = llvm::dyn_cast<clang::CXXBindTemporaryExpr>(e))
      e = b->getSubExpr();
    else if (const auto *i = llvm::dyn_cast<clang::ImplicitCastExpr>(e);
             i && i->getCastKind() != clang::CK_LValueToRValue)
      e = i->getSubExpr();
    else if (const auto *ctor = llvm::dyn_cast<clang::CXXConstructExpr>(e);
             ctor && ctor->getNumArgs() == 1 && ctor->getConstructor()->isCopyOrMoveConstructor())
      e = ctor->getArg(0);
    else
      return e;
  }
}

const clang::ValueDecl *root_decl(const clang::Expr *e) {
  while (true) {
    e = e->IgnoreParenImpCasts();
    if (const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(e))
      return ref->getDecl();
    if (const auto *op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(e);
        op && op->getOperator() == clang::OO_Subscript && op->getNumArgs() == 2) {
      e = op->getArg(0);
    } else if (const auto *sub = llvm::dyn_cast<clang::ArraySubscriptExpr>(e)) {
      e = sub->getBase();
    } else if (const auto *member = llvm::dyn_cast<clang::MemberExpr>(e)) {
      if (llvm::isa<clang::CXXThisExpr>(member->getBase()->IgnoreParenImpCasts()))
        return member->getMemberDecl();
      e = member->getBase();
    } else if (const auto *cast = llvm::dyn_cast<clang::ExplicitCastExpr>(e);
               cast && (cast->isGLValue() || cast->getType()->isPointerType())) {
      // `const_cast<std::vector<long> &>(cv)[0] += 1`: the cast names what it casts.
      e = cast->getSubExpr();
    } else if (const auto *un = llvm::dyn_cast<clang::UnaryOperator>(e);
               un && (un->getOpcode() == clang::UO_Deref || un->getOpcode() == clang::UO_AddrOf)) {
      e = un->getSubExpr(); // `*p += x` writes what p points to; `&x` is x
    } else if (const auto *bin = llvm::dyn_cast<clang::BinaryOperator>(e);
               bin && bin->isAdditiveOp() && bin->getType()->isPointerType()) {
      // `*(p + 1)`: the pointer operand.
      e = bin->getLHS()->getType()->isPointerType() ? bin->getLHS() : bin->getRHS();
    } else {
      return nullptr;
    }
  }
}

namespace {

/// The element type of a std::span, or a null type.
clang::QualType span_element(clang::QualType type) {
  if (const auto *spec = llvm::dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(
          type.getNonReferenceType()->getAsCXXRecordDecl());
      spec && spec->getName() == "span" && spec->getTemplateArgs().size() > 0 &&
      spec->getTemplateArgs()[0].getKind() == clang::TemplateArgument::Type)
    return spec->getTemplateArgs()[0].getAsType();
  return {};
}

} // namespace

bool writes_through(clang::QualType param) {
  if (param->isReferenceType() || param->isPointerType())
    return !param->getPointeeType().isConstQualified();
  const clang::QualType element = span_element(param);
  return !element.isNull() && !element.isConstQualified();
}

bool is_span(clang::QualType type) { return !span_element(type).isNull(); }

bool in_std(const clang::Decl *decl) {
  for (const clang::DeclContext *dc = decl ? decl->getDeclContext() : nullptr; dc;
       dc = dc->getParent())
    if (dc->isStdNamespace())
      return true;
  return false;
}

bool inserting_subscript(const clang::CXXOperatorCallExpr *op) {
  const auto *method = llvm::dyn_cast_or_null<clang::CXXMethodDecl>(op->getCalleeDecl());
  if (op->getOperator() != clang::OO_Subscript || !method || method->isConst())
    return false;
  const clang::CXXRecordDecl *record = method->getParent();
  if (!record || !record->isInStdNamespace() || !record->getIdentifier())
    return false;
  const llvm::StringRef name = record->getName();
  return name == "map" || name == "unordered_map" || name == "flat_map";
}

bool is_callable_wrapper(const clang::CXXRecordDecl *record) {
  if (!record || !record->isInStdNamespace() || !record->getIdentifier())
    return false;
  const llvm::StringRef name = record->getName();
  return name == "function" || name == "move_only_function" || name == "copyable_function" ||
         name == "function_ref";
}

bool writable_handle(clang::QualType type) {
  if (writes_through(type))
    return true;
  const auto *record = type->getAsCXXRecordDecl();
  if (!record || !record->hasDefinition())
    return false;
  for (const clang::CXXMethodDecl *method : record->methods())
    if (method->getOverloadedOperator() == clang::OO_Star && method->getNumParams() == 0 &&
        writes_through(method->getReturnType()))
      return true;
  return false;
}

const clang::FunctionDecl *user_definition(const clang::FunctionDecl *fn,
                                           const clang::SourceManager &sm) {
  const clang::FunctionDecl *def = nullptr;
  if (!fn || !fn->hasBody(def) || !def || !def->getBody() ||
      sm.isInSystemHeader(def->getLocation()) || def->isInStdNamespace())
    return nullptr;
  for (const clang::DeclContext *dc = def->getDeclContext(); dc; dc = dc->getParent())
    if (const auto *ns = llvm::dyn_cast<clang::NamespaceDecl>(dc); ns && ns->getName() == "orion")
      return nullptr;
  return def;
}

} // namespace orion::frontend

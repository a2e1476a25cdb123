#include "opaque_arrays.hpp"

#include "access_paths.hpp"
#include "orion_types.hpp"

#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>
#include <llvm/ADT/SmallPtrSet.h>

namespace orion::frontend {
namespace {

bool is_orion_array(clang::QualType type) {
  const std::optional<OrionType> t = classify_orion_type(type);
  return t && t->rank > 0 &&
         (t->kind == ir::ArrayKind::Dense || t->kind == ir::ArrayKind::Sparse ||
          t->kind == ir::ArrayKind::Buffer);
}

/// A call that is handed an array as an argument: the existing rules record that array as
/// touched anywhere, and the result (`std::as_const(A)`) may well be it.
bool has_array_argument(const clang::CallExpr *call, const ScanContext &ctx) {
  for (const clang::Expr *arg : call->arguments())
    if (const clang::ValueDecl *decl = ctx.object(arg); decl && is_orion_array(decl->getType()))
      return true;
  return false;
}

std::string member_name(const clang::Expr *e) {
  if (const auto *member = llvm::dyn_cast<clang::MemberExpr>(e))
    return member->getMemberDecl()->getNameAsString();
  return "a";
}

/// The kind of path `e` is, when it is one orionc cannot follow. Inside a callee's body a member
/// of the method's own object and a global variable count too (in the loop's body the former is
/// an array of the method the loop is in, and the latter a variable orionc follows).
std::optional<std::string> path_kind(const clang::Expr *e, const ScanContext &ctx, bool in_callee) {
  if (const auto *member = llvm::dyn_cast<clang::MemberExpr>(e)) {
    if (!in_callee && ctx.object(e))
      return std::nullopt; // a member of the object the loop's own method runs on
    return llvm::isa<clang::CXXThisExpr>(member->getBase()->IgnoreParenImpCasts())
               ? "a member of the object it is called on"
               : "a member of another object";
  }
  if (const auto *un = llvm::dyn_cast<clang::UnaryOperator>(e);
      un && un->getOpcode() == clang::UO_Deref)
    return std::string("a pointer");
  if (llvm::isa<clang::ArraySubscriptExpr>(e))
    return std::string("an element of a container");
  if (const auto *op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(e)) {
    if (op->getOperator() == clang::OO_Subscript)
      return std::string("an element of a container");
    if (op->getOperator() == clang::OO_Star || op->getOperator() == clang::OO_Arrow)
      return std::string("a pointer");
  }
  if (llvm::isa<clang::AbstractConditionalOperator>(e))
    return std::string("a conditional expression");
  // A user's function or lambda that returns an array, even one it is handed (`pick(B)(i)`):
  // read as inlined, its `return x;` touches nothing, so the access would be lost. The
  // standard library's and orion's (`std::as_const(A)`) are modelled by their arguments.
  if (const auto *call = llvm::dyn_cast<clang::CallExpr>(e)) {
    const auto *op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(call);
    const bool plain_call = !op || op->getOperator() == clang::OO_Call;
    const bool users = user_definition(call->getDirectCallee(), ctx.ast.getSourceManager());
    if (plain_call && (users || !has_array_argument(call, ctx)))
      return std::string("a function's result");
  }
  if (const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(e); ref && in_callee) {
    const auto *var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
    if (var && var->hasGlobalStorage())
      return std::string("a global variable");
    // A lambda the callee calls (a member of a function object, say) that captured the array.
    if (ref->refersToEnclosingVariableOrCapture())
      return std::string("a lambda's capture");
  }
  return std::nullopt;
}

/// Walks a callee's body, and the bodies of the functions it calls (user code only, to a small
/// depth), until `found` is set; `Derived` says what it looks for.
template <class Derived> class CalleeWalker : public clang::RecursiveASTVisitor<Derived> {
public:
  explicit CalleeWalker(const ScanContext &ctx) : ctx_(ctx) {}

  void search(const clang::FunctionDecl *fn, int depth) {
    // A virtual call may run any override (`forward()` calling `act()`).
    if (const auto *method = llvm::dyn_cast_or_null<clang::CXXMethodDecl>(fn);
        method && method->isVirtual() && depth <= 8 && expanded_.insert(method).second)
      for (const clang::CXXMethodDecl *override : overriders(method, ctx_.ast))
        search(override, depth);
    const clang::FunctionDecl *def = user_definition(fn, ctx_.ast.getSourceManager());
    if (found || depth > 8 || !def || !visited_.insert(def).second)
      return;
    const int saved = depth_;
    depth_ = depth;
    // A constructor's member initializers run too (`int64_t id = next_id++;`).
    if (const auto *ctor = llvm::dyn_cast<clang::CXXConstructorDecl>(def))
      for (const clang::CXXCtorInitializer *init : ctor->inits())
        if (const clang::Expr *e = init->getInit()) {
          if (const auto *in_class = llvm::dyn_cast<clang::CXXDefaultInitExpr>(e))
            e = in_class->getExpr();
          this->TraverseStmt(const_cast<clang::Expr *>(e));
        }
    this->TraverseStmt(def->getBody());
    depth_ = saved;
  }
  bool VisitCallExpr(clang::CallExpr *call) {
    search(call->getDirectCallee(), depth_ + 1);
    return !found;
  }
  bool VisitCXXConstructExpr(clang::CXXConstructExpr *construct) {
    search(construct->getConstructor(), depth_ + 1);
    return !found;
  }

  std::optional<OpaquePath> found;

protected:
  const ScanContext &ctx_;

private:
  llvm::SmallPtrSet<const clang::FunctionDecl *, 16> visited_;
  llvm::SmallPtrSet<const clang::FunctionDecl *, 4> expanded_; ///< virtuals whose overrides ran
  int depth_ = 0;
};

/// An array reached through a member, a pointer, a container, a result or a global.
class HiddenArrayFinder : public CalleeWalker<HiddenArrayFinder> {
public:
  using CalleeWalker::CalleeWalker;
  bool VisitExpr(clang::Expr *e) {
    if (!found && is_orion_array(e->getType()))
      if (std::optional<std::string> how = path_kind(e, ctx_, /*in_callee=*/true))
        found = OpaquePath{e, *how, member_name(e)};
    return !found;
  }
};

/// A write to a variable with static storage that is not const.
class StaticWriteFinder : public CalleeWalker<StaticWriteFinder> {
public:
  using CalleeWalker::CalleeWalker;
  bool VisitBinaryOperator(clang::BinaryOperator *op) {
    if (op->isAssignmentOp())
      note_write(op->getLHS());
    return !found;
  }
  bool VisitUnaryOperator(clang::UnaryOperator *op) {
    if (op->isIncrementDecrementOp())
      note_write(op->getSubExpr());
    return !found;
  }

private:
  void note_write(const clang::Expr *target) {
    const auto *var = llvm::dyn_cast_or_null<clang::VarDecl>(root_decl(target));
    if (!found && var && var->hasGlobalStorage() && !var->getType().isConstQualified() &&
        !is_orion_array(var->getType()))
      found = OpaquePath{target, "a variable with static storage", var->getNameAsString()};
  }
};

/// A call through a std::function or another type-erasing wrapper.
class WrapperCallFinder : public CalleeWalker<WrapperCallFinder> {
public:
  using CalleeWalker::CalleeWalker;
  bool VisitCXXOperatorCallExpr(clang::CXXOperatorCallExpr *op) {
    const auto *method = llvm::dyn_cast_or_null<clang::CXXMethodDecl>(op->getCalleeDecl());
    if (!found && method && op->getOperator() == clang::OO_Call && op->getNumArgs() > 0 &&
        is_callable_wrapper(method->getParent()))
      found = OpaquePath{op->getArg(0), method->getParent()->getQualifiedNameAsString(),
                         member_name(op->getArg(0)->IgnoreParenImpCasts())};
    return !found;
  }
};

} // namespace

std::optional<OpaquePath> opaque_array(const clang::Expr *e, const ScanContext &ctx) {
  e = e->IgnoreParens();
  if (!is_orion_array(e->getType()))
    return std::nullopt;
  if (std::optional<std::string> how = path_kind(e, ctx, /*in_callee=*/false))
    return OpaquePath{e, *how, member_name(e)};
  return std::nullopt;
}

std::optional<OpaquePath> hidden_array_in(const clang::FunctionDecl *callee,
                                          const ScanContext &ctx) {
  HiddenArrayFinder finder(ctx);
  finder.search(callee, 0);
  return finder.found;
}

std::optional<OpaquePath> static_write_in(const clang::FunctionDecl *callee,
                                          const ScanContext &ctx) {
  StaticWriteFinder finder(ctx);
  finder.search(callee, 0);
  return finder.found;
}

std::optional<OpaquePath> wrapper_call_in(const clang::FunctionDecl *callee,
                                          const ScanContext &ctx) {
  WrapperCallFinder finder(ctx);
  finder.search(callee, 0);
  return finder.found;
}

namespace {

/// Writes (assignments, `++`, `--`, non-const method calls) rooted at a member of the method's
/// object that a const method can change: a reference, a pointer's target, or a mutable member.
class MemberWriteFinder : public clang::RecursiveASTVisitor<MemberWriteFinder> {
public:
  MemberWriteFinder(const clang::CXXRecordDecl *record, bool any_member)
      : record_(record), any_member_(any_member) {}
  bool VisitBinaryOperator(clang::BinaryOperator *op) {
    if (op->isAssignmentOp())
      note(op->getLHS());
    return !found;
  }
  bool VisitUnaryOperator(clang::UnaryOperator *op) {
    if (op->isIncrementDecrementOp())
      note(op->getSubExpr());
    return !found;
  }
  bool VisitCXXOperatorCallExpr(clang::CXXOperatorCallExpr *op) {
    const auto kind = op->getOperator();
    if (op->getNumArgs() > 0 &&
        (kind == clang::OO_Equal || (kind >= clang::OO_PlusEqual && kind <= clang::OO_PipeEqual) ||
         kind == clang::OO_PlusPlus || kind == clang::OO_MinusMinus))
      note(op->getArg(0));
    return !found;
  }
  bool VisitCXXMemberCallExpr(clang::CXXMemberCallExpr *call) {
    if (const clang::CXXMethodDecl *method = call->getMethodDecl();
        method && !method->isConst() && call->getImplicitObjectArgument())
      note(call->getImplicitObjectArgument());
    return !found;
  }
  bool TraverseLambdaExpr(clang::LambdaExpr *) { return true; } // its own `this`-less body

  std::optional<OpaquePath> found;

private:
  void note(const clang::Expr *target) {
    const auto *field = llvm::dyn_cast_or_null<clang::FieldDecl>(root_decl(target));
    const auto *owner = field ? llvm::dyn_cast<clang::CXXRecordDecl>(field->getParent()) : nullptr;
    if (found || !owner || (owner != record_ && !record_->isDerivedFrom(owner)) ||
        classify_orion_type(field->getType()))
      return;
    const clang::QualType type = field->getType();
    if (any_member_)
      found = OpaquePath{target, "member", field->getNameAsString()};
    else if (field->isMutable())
      found = OpaquePath{target, "mutable member", field->getNameAsString()};
    else if (type->isReferenceType() && !type.getNonReferenceType().isConstQualified())
      found = OpaquePath{target, "reference member", field->getNameAsString()};
    else if (type->isPointerType() && !type->getPointeeType().isConstQualified())
      found = OpaquePath{target, "pointer member", field->getNameAsString()};
  }

  const clang::CXXRecordDecl *record_;
  bool any_member_;
};

} // namespace

std::optional<OpaquePath> member_write_in(const clang::CXXMethodDecl *method,
                                          const ScanContext &ctx, bool any_member) {
  const auto *def = llvm::dyn_cast_or_null<clang::CXXMethodDecl>(
      user_definition(method, ctx.ast.getSourceManager()));
  if (!def || (!any_member && !def->isConst()) || def->getParent()->isLambda() ||
      llvm::isa<clang::CXXConstructorDecl, clang::CXXDestructorDecl>(def))
    return std::nullopt;
  MemberWriteFinder finder(def->getParent(), any_member);
  finder.TraverseStmt(def->getBody());
  return finder.found;
}

std::vector<const clang::CXXMethodDecl *> overriders(const clang::CXXMethodDecl *method,
                                                     clang::ASTContext &ast) {
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    const clang::CXXMethodDecl *target;
    std::vector<const clang::CXXMethodDecl *> found;
    bool overrides(const clang::CXXMethodDecl *m, int depth) const {
      for (const clang::CXXMethodDecl *base : m->overridden_methods())
        if (base->getCanonicalDecl() == target->getCanonicalDecl() ||
            (depth < 16 && overrides(base, depth + 1)))
          return true;
      return false;
    }
    bool VisitCXXMethodDecl(clang::CXXMethodDecl *m) {
      if (m->isThisDeclarationADefinition() && overrides(m, 0))
        found.push_back(m);
      return true;
    }
  } finder;
  finder.target = method;
  // Overrides orionc can read are the user's: the system headers (the whole standard library)
  // are not walked, once per virtual callee and search.
  const clang::SourceManager &sm = ast.getSourceManager();
  for (clang::Decl *decl : ast.getTranslationUnitDecl()->decls())
    if (!sm.isInSystemHeader(sm.getExpansionLoc(decl->getLocation())))
      finder.TraverseDecl(decl);
  return finder.found;
}

const clang::ValueDecl *array_behind(const clang::VarDecl *var, const ScanContext &ctx) {
  const clang::QualType type = var->getType();
  if (!var->getInit() || is_orion_array(type) ||
      (!type->isReferenceType() && !type->isPointerType() && type->isScalarType()))
    return nullptr;
  // Any array named in the initializer: `a(0)`, `&a(0)`, `W.row(u)`, `W.data()`.
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    const ScanContext &ctx;
    const clang::ValueDecl *array = nullptr;
    explicit Finder(const ScanContext &c) : ctx(c) {}
    bool VisitDeclRefExpr(clang::DeclRefExpr *ref) {
      if (!array && is_orion_array(ref->getType()))
        array = ctx.resolve(ref->getDecl());
      return array == nullptr;
    }
  } finder(ctx);
  finder.TraverseStmt(const_cast<clang::Expr *>(var->getInit()));
  // A value computed from an element (`int64_t n = a(0)`, `std::vector<float> v(W.data(), ...)`
  // copies) is not a reference into the array: only references, pointers and views count.
  if (!finder.array)
    return nullptr;
  return type->isReferenceType() || type->isPointerType() || is_span(type) ? finder.array : nullptr;
}

} // namespace orion::frontend

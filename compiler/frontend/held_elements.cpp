#include "held_elements.hpp"

#include "driver_code.hpp"
#include "loop_text.hpp"

#include <clang/AST/ASTContext.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>

#include <algorithm>
#include <optional>

namespace orion::frontend {
namespace {

bool holds_address(clang::QualType type, int depth = 0);

/// The dense arrays whose elements an expression hands out: `A.data()`, `A.row(...)`,
/// `A.begin()`, `A.end()` anywhere in it; with `element`, also the element `A(...)` (or its
/// address) that the whole expression is (the value is kept by reference or pointer).
class Handouts : public clang::RecursiveASTVisitor<Handouts> {
public:
  explicit Handouts(const clang::ASTContext &ast) : ast_(ast) {}

  void element(const clang::Expr *value, int depth = 0) {
    value = value->IgnoreParenImpCasts();
    if (const auto *address = llvm::dyn_cast<clang::UnaryOperator>(value);
        address && address->getOpcode() == clang::UO_AddrOf)
      value = address->getSubExpr()->IgnoreParenImpCasts();
    if (const auto *call = llvm::dyn_cast<clang::CXXOperatorCallExpr>(value);
        call && call->getOperator() == clang::OO_Call && call->getNumArgs() >= 1 &&
        dense_array(call->getArg(0)->getType())) {
      add(call->getArg(0));
      return;
    }
    if (depth > 4)
      return;
    // What a call, a construction or a brace list binds to a reference may be kept in its result:
    // `std::ref(w(i))`, `std::addressof(w(i))`, `std::tie(w(i))`, `std::tuple<T &> t(w(i))`,
    // `Holder h{w(i)}` (a reference member). Such handouts used to leave the array unpinned.
    const auto by_reference = [](clang::QualType t) { return !t.isNull() && t->isReferenceType(); };
    if (const auto *call = llvm::dyn_cast<clang::CallExpr>(value)) {
      const clang::FunctionDecl *fn = call->getDirectCallee();
      for (unsigned i = 0; fn && i < call->getNumArgs() && i < fn->getNumParams(); ++i)
        if (by_reference(fn->getParamDecl(i)->getType()))
          element(call->getArg(i), depth + 1);
    } else if (const auto *construct = llvm::dyn_cast<clang::CXXConstructExpr>(value)) {
      const clang::CXXConstructorDecl *ctor = construct->getConstructor();
      for (unsigned i = 0; ctor && i < construct->getNumArgs() && i < ctor->getNumParams(); ++i)
        if (by_reference(ctor->getParamDecl(i)->getType()))
          element(construct->getArg(i), depth + 1);
    } else if (const auto *list = llvm::dyn_cast<clang::InitListExpr>(value)) {
      const clang::RecordDecl *record = list->getType()->getAsRecordDecl();
      unsigned i = 0;
      if (record)
        for (const clang::FieldDecl *field : record->fields()) {
          if (i >= list->getNumInits())
            break;
          const clang::Expr *init = list->getInit(i++);
          if (holds_address(field->getType())) // a reference, a pointer, an aggregate holding one
            element(init, depth + 1);
        }
    } else if (const auto *temp = llvm::dyn_cast<clang::MaterializeTemporaryExpr>(value)) {
      element(temp->getSubExpr(), depth + 1);
    } else if (const auto *bind = llvm::dyn_cast<clang::CXXBindTemporaryExpr>(value)) {
      element(bind->getSubExpr(), depth + 1);
    } else if (const auto *functional = llvm::dyn_cast<clang::CXXFunctionalCastExpr>(value)) {
      element(functional->getSubExpr(), depth + 1);
    }
  }

  bool VisitCXXMemberCallExpr(clang::CXXMemberCallExpr *call) {
    const clang::CXXMethodDecl *method = call->getMethodDecl();
    if (!method || !method->getIdentifier())
      return true;
    const llvm::StringRef name = method->getName();
    if (name == "data" || name == "row" || name == "begin" || name == "end")
      add(call->getImplicitObjectArgument());
    return true;
  }

  std::vector<std::string> arrays;

private:
  void add(const clang::Expr *object) {
    if (!object || !dense_array(object->getType()) || !path_root(object))
      return;
    std::string text = expression_text(ast_, object->IgnoreParenImpCasts());
    if (!text.empty() && std::find(arrays.begin(), arrays.end(), text) == arrays.end())
      arrays.push_back(std::move(text));
  }

  const clang::ASTContext &ast_;
};

/// A value of this type can keep the address of what it was made from: not a number.
bool may_hold(clang::QualType type) {
  type = type.getCanonicalType();
  return !(type->isArithmeticType() || type->isEnumeralType());
}

/// A value of this type keeps an address as a whole or in a member (a pointer, a reference, a
/// std::reference_wrapper, a tuple of references, a struct with a reference member): an element
/// bound to a reference while making it counts as kept.
bool holds_address(clang::QualType type, int depth) {
  type = type.getCanonicalType();
  if (type->isReferenceType() || type->isPointerType())
    return true;
  const auto *record = type->getAsCXXRecordDecl();
  if (!record || !record->hasDefinition() || depth > 4)
    return false;
  for (const clang::FieldDecl *field : record->fields())
    if (holds_address(field->getType(), depth + 1))
      return true;
  for (const clang::CXXBaseSpecifier &base : record->bases())
    if (holds_address(base.getType(), depth + 1))
      return true;
  return false;
}

class HeldVisitor : public DriverCodeVisitor<HeldVisitor> {
  using Base = DriverCodeVisitor<HeldVisitor>;

public:
  HeldVisitor(clang::ASTContext &ast, const std::vector<const clang::Stmt *> &parallel_loops)
      : Base(parallel_loops), ast_(ast) {}

  bool VisitVarDecl(clang::VarDecl *var) {
    // Parameters hold only for a call; a range-for's own iterators only for its loop.
    if (llvm::isa<clang::ParmVarDecl>(var) || var->isImplicit() || !var->hasInit() ||
        !may_hold(var->getType()))
      return true;
    held(var->getInit(), holds_address(var->getType()));
    return true;
  }

  /// A handout passed to a function (which may keep it: `ptrs.push_back(&w(0))`) or returned
  /// from one (`return w.data();`, the caller may keep it).
  bool VisitCallExpr(clang::CallExpr *call) {
    for (const clang::Expr *arg : call->arguments())
      held_value(arg);
    return true;
  }
  bool VisitReturnStmt(clang::ReturnStmt *ret) {
    // The function's return type, not the expression's: `double &f() { return w(3); }` returns a
    // reference although `w(3)` has type double.
    const clang::QualType type = returned_type(*ret);
    if (ret->getRetValue() && !type.isNull() && may_hold(type))
      held(ret->getRetValue(), type->isReferenceType() || type->isPointerType());
    return true;
  }

  /// A constructor's member initializers run before its body: the pin goes first in the body.
  bool TraverseCXXConstructorDecl(clang::CXXConstructorDecl *ctor) {
    const auto *body = llvm::dyn_cast_or_null<clang::CompoundStmt>(ctor->getBody());
    if (body && ctor->isThisDeclarationADefinition()) {
      std::optional<unsigned> at;
      if (auto brace = main_file_bytes(ast_, {body->getLBracLoc(), body->getLBracLoc()}, false))
        at = brace->end;
      for (const clang::CXXCtorInitializer *init : ctor->inits())
        if (init->isWritten() && init->getInit() && at) {
          const clang::FieldDecl *field = init->getMember();
          const bool by_address =
              field && (field->getType()->isReferenceType() || field->getType()->isPointerType());
          if (!field || may_hold(field->getType()))
            add_pin(*at, init->getInit(), by_address);
        }
    }
    return Base::TraverseCXXConstructorDecl(ctor);
  }

  bool VisitBinaryOperator(clang::BinaryOperator *op) {
    if (op->getOpcode() == clang::BO_Assign && may_hold(op->getLHS()->getType()))
      held(op->getRHS(), op->getLHS()->getType()->isPointerType());
    return true;
  }

  std::vector<ir::DriverPin> pins;

private:
  /// The value kept is `value` (a variable's initializer, an assignment's right side, a returned
  /// value); `elements`: it is kept by reference or pointer, so an element `A(...)` counts.
  void held(const clang::Expr *value, bool elements) {
    if (!current_statement() || !value)
      return;
    if (auto at = statement_start())
      add_pin(*at, value, elements);
  }
  /// An argument of a call: only a handout that is the argument itself (`&w(0)`, `w.data()`),
  /// since what the argument is computed from is not passed.
  void held_value(const clang::Expr *arg) {
    const clang::Expr *e = arg->IgnoreParenImpCasts();
    const auto *member = llvm::dyn_cast<clang::CXXMemberCallExpr>(e);
    const auto *address = llvm::dyn_cast<clang::UnaryOperator>(e);
    // `refs.push_back(std::ref(w(0)))`: a value that keeps an element's address.
    const bool keeps =
        !member && !llvm::isa<clang::CXXOperatorCallExpr>(e) && holds_address(arg->getType());
    if (!member && !(address && address->getOpcode() == clang::UO_AddrOf) && !keeps)
      return;
    if (!current_statement())
      return;
    if (auto at = statement_start())
      add_pin(*at, member ? e : arg, !member);
  }
  /// The declared (or deduced) return type of the function or lambda `ret` returns from.
  clang::QualType returned_type(const clang::ReturnStmt &ret) {
    clang::DynTypedNodeList parents = ast_.getParents(ret);
    while (!parents.empty()) {
      const clang::DynTypedNode &parent = parents[0];
      if (const auto *lambda = parent.get<clang::LambdaExpr>())
        return lambda->getCallOperator()->getReturnType();
      if (const auto *function = parent.get<clang::FunctionDecl>())
        return function->getReturnType();
      parents = ast_.getParents(parent);
    }
    return {};
  }
  std::optional<unsigned> statement_start() const {
    const clang::SourceManager &sm = ast_.getSourceManager();
    const clang::SourceLocation at = sm.getExpansionLoc(current_statement()->getBeginLoc());
    auto bytes = main_file_bytes(ast_, {at, at}, false);
    return bytes ? std::optional<unsigned>(bytes->begin) : std::nullopt;
  }
  void add_pin(unsigned at, const clang::Expr *value, bool elements) {
    Handouts handouts(ast_);
    handouts.TraverseStmt(const_cast<clang::Expr *>(value));
    if (elements)
      handouts.element(value);
    if (handouts.arrays.empty())
      return;
    auto same =
        std::find_if(pins.begin(), pins.end(), [&](const ir::DriverPin &p) { return p.at == at; });
    if (same == pins.end()) {
      pins.push_back({at, {}});
      same = pins.end() - 1;
    }
    for (std::string &a : handouts.arrays)
      if (std::find(same->arrays.begin(), same->arrays.end(), a) == same->arrays.end())
        same->arrays.push_back(std::move(a));
  }

  clang::ASTContext &ast_;
};

} // namespace

std::vector<ir::DriverPin>
find_held_elements(clang::ASTContext &ast, const std::vector<const clang::Stmt *> &parallel_loops) {
  HeldVisitor visitor(ast, parallel_loops);
  traverse_main_file(ast, visitor);
  return std::move(visitor.pins);
}

} // namespace orion::frontend

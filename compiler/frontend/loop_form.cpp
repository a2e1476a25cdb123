#include "loop_form.hpp"

#include "orion_types.hpp"

#include <clang/AST/DeclCXX.h>
#include <clang/AST/Expr.h>
#include <clang/AST/ExprCXX.h>
#include <fmt/format.h>

namespace orion::frontend {
namespace {

bool refers_to(const clang::Expr *e, const clang::VarDecl *var) {
  const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(e->IgnoreParenImpCasts());
  return ref && ref->getDecl() == var;
}

bool is_one(const clang::Expr *e, const clang::ASTContext &ast) {
  clang::Expr::EvalResult r;
  return e->EvaluateAsInt(r, ast) && r.Val.getInt() == 1;
}

} // namespace

std::variant<CountedLoop, LoopFormError> match_counted_loop(const clang::ForStmt *loop) {
  const auto *init = llvm::dyn_cast_or_null<clang::DeclStmt>(loop->getInit());
  if (!init || !init->isSingleDecl())
    return LoopFormError{loop->getInit() ? loop->getInit()->getBeginLoc() : loop->getLParenLoc(),
                         "the loop must declare one index variable in its init statement"};
  const auto *index = llvm::dyn_cast<clang::VarDecl>(init->getSingleDecl());
  if (!index || !index->getInit())
    return LoopFormError{init->getBeginLoc(), "the index variable must be initialized"};
  if (!index->getType()->isIntegerType())
    return LoopFormError{index->getLocation(),
                         fmt::format("index '{}' is not an integer", index->getName().str())};

  CountedLoop counted{loop, index, index->getInit(), nullptr, 0};

  const auto *cond = llvm::dyn_cast_or_null<clang::BinaryOperator>(
      loop->getCond() ? loop->getCond()->IgnoreParenImpCasts() : nullptr);
  const std::string name = index->getName().str();
  if (cond && (cond->getOpcode() == clang::BO_LT || cond->getOpcode() == clang::BO_LE) &&
      refers_to(cond->getLHS(), index)) {
    counted.upper = cond->getRHS();
    counted.upper_adjust = cond->getOpcode() == clang::BO_LE ? 1 : 0;
  } else if (cond && (cond->getOpcode() == clang::BO_GT || cond->getOpcode() == clang::BO_GE) &&
             refers_to(cond->getRHS(), index)) {
    counted.upper = cond->getLHS();
    counted.upper_adjust = cond->getOpcode() == clang::BO_GE ? 1 : 0;
  } else {
    return LoopFormError{loop->getCond() ? loop->getCond()->getBeginLoc() : loop->getLParenLoc(),
                         fmt::format("the condition must be '{0} < hi' or '{0} <= hi'", name)};
  }

  const clang::Expr *inc = loop->getInc() ? loop->getInc()->IgnoreParenImpCasts() : nullptr;
  bool step_one = false;
  if (const auto *un = llvm::dyn_cast_or_null<clang::UnaryOperator>(inc))
    step_one = un->isIncrementOp() && refers_to(un->getSubExpr(), index);
  else if (const auto *compound = llvm::dyn_cast_or_null<clang::CompoundAssignOperator>(inc))
    step_one = compound->getOpcode() == clang::BO_AddAssign &&
               refers_to(compound->getLHS(), index) &&
               is_one(compound->getRHS(), index->getASTContext());
  if (!step_one)
    return LoopFormError{inc ? inc->getBeginLoc() : loop->getRParenLoc(),
                         fmt::format("the increment must be '++{0}', '{0}++' or '{0} += 1'", name)};
  return counted;
}

const clang::ForStmt *sole_nested_for(const clang::Stmt *body) {
  if (const auto *compound = llvm::dyn_cast_or_null<clang::CompoundStmt>(body)) {
    if (compound->size() != 1)
      return nullptr;
    body = compound->body_front();
  }
  return llvm::dyn_cast_or_null<clang::ForStmt>(body);
}

std::variant<ArrayIteration, LoopFormError>
match_array_iteration(const clang::CXXForRangeStmt *loop) {
  const clang::Expr *range = loop->getRangeInit()->IgnoreParenImpCasts();
  const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(range);
  auto type = ref ? classify_orion_type(ref->getType()) : std::nullopt;
  // An orion array reached another way (a data member, a call): say how to name it.
  if (const auto reached = classify_orion_type(range->getType());
      !ref && reached &&
      (reached->kind == ir::ArrayKind::Dense || reached->kind == ir::ArrayKind::Sparse))
    return LoopFormError{range->getBeginLoc(),
                         "the range is an orion array, but not a variable (a data member, a "
                         "call, ...): bind it to a local reference before the loop "
                         "('auto &A = ...;') and iterate over that"};
  if (!type || (type->kind != ir::ArrayKind::Dense && type->kind != ir::ArrayKind::Sparse))
    return LoopFormError{range->getBeginLoc(),
                         "the range is not a variable of type orion::SparseArray or "
                         "orion::DenseArray"};
  const auto *decomposition = llvm::dyn_cast<clang::DecompositionDecl>(loop->getLoopVariable());
  if (!decomposition || decomposition->bindings().size() != 2)
    return LoopFormError{loop->getLoopVariable()->getLocation(),
                         "the loop variable must be a structured binding '[key, value]'"};
  return ArrayIteration{decomposition->bindings()[0], decomposition->bindings()[1], ref->getDecl()};
}

} // namespace orion::frontend

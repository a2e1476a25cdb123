#include "rank_dependent_collectives.hpp"

#include "driver_code.hpp"
#include "loop_form.hpp"
#include "orion_types.hpp"

#include <clang/AST/ASTContext.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>

#include <algorithm>
#include <cstdint>
#include <string>

namespace orion::frontend {
namespace {

bool asks_rank_at(const clang::Stmt *stmt, int depth) {
  if (!stmt || depth > 4)
    return false;
  if (const auto *call = llvm::dyn_cast<clang::CallExpr>(stmt);
      call && is_orion_function(call->getDirectCallee(), {"is_root", "rank", "worker_id"}))
    return true;
  if (const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(stmt))
    if (const auto *var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
        var && var->isLocalVarDecl() && var->hasInit())
      return asks_rank_at(var->getInit(), depth + 1);
  for (const clang::Stmt *child : stmt->children())
    if (asks_rank_at(child, depth))
      return true;
  return false;
}

/// What the collective call `stmt` is, as the warning names it; empty for anything else.
std::string collective_name(const clang::Stmt *stmt,
                            const std::vector<const clang::Stmt *> &parallel_loops) {
  if (std::find(parallel_loops.begin(), parallel_loops.end(), stmt) != parallel_loops.end())
    return "a parallel loop";
  if (const auto *member = llvm::dyn_cast<clang::CXXMemberCallExpr>(stmt)) {
    const clang::CXXMethodDecl *method = member->getMethodDecl();
    const clang::Expr *object = member->getImplicitObjectArgument();
    if (method && method->getIdentifier() && method->getName() == "aggregate" && object) {
      const auto type = classify_orion_type(object->getType());
      if (type && type->kind == ir::ArrayKind::Accumulator)
        return "Accumulator::aggregate()";
    }
    return {};
  }
  if (const auto *call = llvm::dyn_cast<clang::CallExpr>(stmt)) {
    const clang::FunctionDecl *callee = call->getDirectCallee();
    if (is_orion_function(callee, {"load_triplets", "load_text", "load_libsvm", "load_bag_of_words",
                                   "checkpoint", "restore"}))
      return "orion::" + callee->getName().str() + "()";
  }
  return {};
}

/// The collective calls in `s`, in source order, as the warning names them; a parallel loop's
/// body is the loop's business.
void collect_collectives(const clang::Stmt *s, const std::vector<const clang::Stmt *> &loops,
                         std::vector<std::string> &out) {
  if (!s)
    return;
  if (std::find(loops.begin(), loops.end(), s) != loops.end()) {
    // Two different loops do not match at run time, whatever their bodies.
    out.push_back("parallel loop " + std::to_string(reinterpret_cast<std::uintptr_t>(s)));
    return;
  }
  if (std::string name = collective_name(s, loops); !name.empty())
    out.push_back(std::move(name));
  for (const clang::Stmt *child : s->children())
    collect_collectives(child, loops, out);
}

/// The orion array whose elements `e` (an assignment's target, an operand of ++/--) denotes:
/// `A(i, j)` or `A.row(i)[k]`; null for anything else.
const clang::ValueDecl *array_of_element(const clang::Expr *e) {
  e = e->IgnoreParenImpCasts();
  if (const auto *sub = llvm::dyn_cast<clang::ArraySubscriptExpr>(e))
    return array_of_element(sub->getBase());
  const clang::Expr *object = nullptr;
  if (const auto *op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(e);
      op && (op->getOperator() == clang::OO_Call || op->getOperator() == clang::OO_Subscript))
    object = op->getArg(0);
  else if (const auto *member = llvm::dyn_cast<clang::CXXMemberCallExpr>(e))
    object = member->getImplicitObjectArgument();
  if (!object)
    return nullptr;
  if (const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(object->IgnoreParenImpCasts())) {
    const auto type = classify_orion_type(ref->getDecl()->getType());
    // A Buffer's element (`wb(i) += x`) is an update of its target.
    if (type && (type->kind == ir::ArrayKind::Dense || type->kind == ir::ArrayKind::Sparse ||
                 type->kind == ir::ArrayKind::Buffer))
      return ref->getDecl();
  }
  return array_of_element(object); // `A.row(i)[k]`: the row's array
}

/// The orion array that `stmt` changes in driver code (an element write, `fill...`, `push_back`,
/// assigning the whole array); null for anything else.
const clang::ValueDecl *changed_array(const clang::Stmt *stmt) {
  if (const auto *bin = llvm::dyn_cast<clang::BinaryOperator>(stmt); bin && bin->isAssignmentOp())
    return array_of_element(bin->getLHS());
  if (const auto *un = llvm::dyn_cast<clang::UnaryOperator>(stmt);
      un && un->isIncrementDecrementOp())
    return array_of_element(un->getSubExpr());
  if (const auto *op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(stmt)) {
    const auto kind = op->getOperator();
    const bool assigns = kind == clang::OO_Equal ||
                         (kind >= clang::OO_PlusEqual && kind <= clang::OO_PipeEqual) ||
                         kind == clang::OO_PlusPlus || kind == clang::OO_MinusMinus;
    if (!assigns || op->getNumArgs() == 0)
      return nullptr;
    if (const clang::ValueDecl *element = array_of_element(op->getArg(0)))
      return element;
    // `A = B`: the whole array; `acc += x`: an accumulator, whose driver-code contributions count
    // once, from every rank alike.
    if (const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(op->getArg(0)->IgnoreParenImpCasts()))
      if (const auto type = classify_orion_type(ref->getDecl()->getType());
          type && (type->kind == ir::ArrayKind::Dense || type->kind == ir::ArrayKind::Sparse ||
                   type->kind == ir::ArrayKind::Accumulator))
        return ref->getDecl();
    return nullptr;
  }
  if (const auto *member = llvm::dyn_cast<clang::CXXMemberCallExpr>(stmt)) {
    const clang::CXXMethodDecl *method = member->getMethodDecl();
    const clang::Expr *object = member->getImplicitObjectArgument();
    const auto *ref =
        object ? llvm::dyn_cast<clang::DeclRefExpr>(object->IgnoreParenImpCasts()) : nullptr;
    if (!method || !method->getIdentifier() || !ref)
      return nullptr;
    const llvm::StringRef name = method->getName();
    const auto type = classify_orion_type(ref->getDecl()->getType());
    if (type && (type->kind == ir::ArrayKind::Dense || type->kind == ir::ArrayKind::Sparse) &&
        (name.starts_with("fill") || name == "push_back"))
      return ref->getDecl();
    if (type && type->kind == ir::ArrayKind::Accumulator && name == "reset")
      return ref->getDecl();
  }
  return nullptr;
}

class RankBranchVisitor : public clang::RecursiveASTVisitor<RankBranchVisitor> {
  using Base = clang::RecursiveASTVisitor<RankBranchVisitor>;

public:
  RankBranchVisitor(const clang::SourceManager &sm,
                    const std::vector<const clang::Stmt *> &parallel_loops, Diagnostics &diags)
      : sm_(sm), parallel_loops_(parallel_loops), diags_(diags) {}

  bool TraverseIfStmt(clang::IfStmt *s) {
    // Both branches making the same collective calls in the same order: every rank makes them
    // (`if (is_root()) print(acc.aggregate()); else acc.aggregate();`).
    bool same_calls = false;
    if (s && s->getElse() && asks_rank(s->getCond())) {
      std::vector<std::string> then_calls, else_calls;
      collect_collectives(s->getThen(), parallel_loops_, then_calls);
      collect_collectives(s->getElse(), parallel_loops_, else_calls);
      same_calls = then_calls == else_calls;
    }
    return guarded(
        s ? s->getCond() : nullptr, [&] { return Base::TraverseIfStmt(s); }, same_calls);
  }
  bool TraverseConditionalOperator(clang::ConditionalOperator *e) {
    return guarded(e ? e->getCond() : nullptr,
                   [&] { return Base::TraverseConditionalOperator(e); });
  }

  /// A parallel loop under a rank condition is reported as one collective call; what its body
  /// writes is the loop's business, not driver code.
  bool TraverseStmt(clang::Stmt *s) {
    if (s && !conditions_.empty() &&
        std::find(parallel_loops_.begin(), parallel_loops_.end(), s) != parallel_loops_.end())
      return VisitStmt(s);
    return Base::TraverseStmt(s);
  }

  bool VisitStmt(clang::Stmt *s) {
    if (conditions_.empty())
      return true;
    // An array declared inside the branch (root-only output scratch) exists on those ranks only.
    if (const clang::ValueDecl *array = changed_array(s);
        array &&
        !sm_.isBeforeInTranslationUnit(conditions_.front()->getBeginLoc(), array->getLocation())) {
      diags_.report(s->getBeginLoc(), Diag::RankDependentArrayWrite) << array->getName();
      diags_.report(conditions_.back()->getBeginLoc(), Diag::RankConditionNote);
      return true;
    }
    if (const auto *call = llvm::dyn_cast<clang::CallExpr>(s);
        call && is_orion_function(call->getDirectCallee(), {"rng"})) {
      diags_.report(s->getBeginLoc(), Diag::RankDependentRng);
      diags_.report(conditions_.back()->getBeginLoc(), Diag::RankConditionNote);
      return true;
    }
    const std::string name = collective_name(s, parallel_loops_);
    if (name.empty() ||
        std::all_of(same_calls_.begin(), same_calls_.end(), [](bool b) { return b; }))
      return true;
    const clang::SourceLocation at = llvm::isa<clang::CXXMemberCallExpr>(s)
                                         ? llvm::cast<clang::CXXMemberCallExpr>(s)->getExprLoc()
                                         : s->getBeginLoc();
    diags_.report(at, Diag::RankDependentCollective) << name;
    diags_.report(conditions_.back()->getBeginLoc(), Diag::RankConditionNote);
    return true;
  }

private:
  /// Runs `traverse` with `condition` on the stack of rank conditions if it asks for the rank.
  /// `same_calls`: every branch of the condition makes the same collective calls.
  template <class Traverse>
  bool guarded(const clang::Expr *condition, Traverse traverse, bool same_calls = false) {
    if (!condition || !asks_rank(condition))
      return traverse();
    conditions_.push_back(condition);
    same_calls_.push_back(same_calls);
    const bool result = traverse();
    conditions_.pop_back();
    same_calls_.pop_back();
    return result;
  }

  const clang::SourceManager &sm_;
  const std::vector<const clang::Stmt *> &parallel_loops_;
  Diagnostics &diags_;
  std::vector<const clang::Expr *> conditions_; ///< the rank conditions around the current node
  std::vector<bool> same_calls_;                ///< per condition: its branches call alike
};

/// The counted loops of the nest `loop` heads: it, and each loop that is the only statement of
/// the one before's body.
std::vector<const clang::ForStmt *> nest_of(const clang::Stmt *loop) {
  std::vector<const clang::ForStmt *> nest;
  for (auto *f = llvm::dyn_cast_or_null<clang::ForStmt>(loop); f; f = sole_nested_for(f->getBody()))
    nest.push_back(f);
  return nest;
}

/// The innermost part of `stmt` that asks which rank this is (a variable, a call), for the
/// warning's caret; null when none does.
const clang::Stmt *rank_source(const clang::Stmt *stmt) {
  if (!stmt || !asks_rank_at(stmt, 0))
    return nullptr;
  for (const clang::Stmt *child : stmt->children())
    if (const clang::Stmt *inner = rank_source(child))
      return inner;
  return stmt;
}

} // namespace

bool asks_rank(const clang::Stmt *stmt) { return asks_rank_at(stmt, 0); }

void warn_rank_dependent_collectives(clang::ASTContext &ast,
                                     const std::vector<const clang::Stmt *> &parallel_loops,
                                     Diagnostics &diags) {
  RankBranchVisitor visitor(ast.getSourceManager(), parallel_loops, diags);
  traverse_main_file(ast, visitor);
  // The runtime stops a loop whose iteration space differs between ranks; a bound computed from
  // the rank is the likely cause, and is seen here before the program runs.
  for (const clang::Stmt *loop : parallel_loops)
    for (const clang::ForStmt *f : nest_of(loop))
      for (const clang::Stmt *header :
           {f->getInit(), static_cast<const clang::Stmt *>(f->getCond())})
        if (const clang::Stmt *source = rank_source(header)) {
          diags.report(source->getBeginLoc(), Diag::RankDependentLoopBounds);
          break;
        }
}

} // namespace orion::frontend

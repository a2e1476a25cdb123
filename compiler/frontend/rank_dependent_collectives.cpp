#include "rank_dependent_collectives.hpp"

#include "orion_types.hpp"

#include <clang/AST/ASTContext.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>

#include <algorithm>

namespace orion::frontend {
namespace {

/// `decl` is orion::<one of names>, declared directly in namespace orion.
bool is_orion_function(const clang::FunctionDecl *decl,
                       std::initializer_list<llvm::StringRef> names) {
  if (!decl || !decl->getIdentifier())
    return false;
  const auto *ns = llvm::dyn_cast<clang::NamespaceDecl>(decl->getDeclContext()->getRedeclContext());
  return ns && ns->getName() == "orion" &&
         std::find(names.begin(), names.end(), decl->getName()) != names.end();
}

/// Whether `stmt` asks which rank this is: calls orion::is_root() or orion::rank(), or reads a
/// local variable initialized from such an expression (followed a few levels deep).
bool asks_rank(const clang::Stmt *stmt, int depth = 0) {
  if (!stmt || depth > 4)
    return false;
  if (const auto *call = llvm::dyn_cast<clang::CallExpr>(stmt);
      call && is_orion_function(call->getDirectCallee(), {"is_root", "rank"}))
    return true;
  if (const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(stmt))
    if (const auto *var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
        var && var->isLocalVarDecl() && var->hasInit())
      return asks_rank(var->getInit(), depth + 1);
  for (const clang::Stmt *child : stmt->children())
    if (asks_rank(child, depth))
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

class RankBranchVisitor : public clang::RecursiveASTVisitor<RankBranchVisitor> {
  using Base = clang::RecursiveASTVisitor<RankBranchVisitor>;

public:
  RankBranchVisitor(const std::vector<const clang::Stmt *> &parallel_loops, Diagnostics &diags)
      : parallel_loops_(parallel_loops), diags_(diags) {}

  bool TraverseIfStmt(clang::IfStmt *s) {
    return guarded(s ? s->getCond() : nullptr, [&] { return Base::TraverseIfStmt(s); });
  }
  bool TraverseConditionalOperator(clang::ConditionalOperator *e) {
    return guarded(e ? e->getCond() : nullptr,
                   [&] { return Base::TraverseConditionalOperator(e); });
  }

  bool VisitStmt(clang::Stmt *s) {
    if (conditions_.empty())
      return true;
    const std::string name = collective_name(s, parallel_loops_);
    if (name.empty())
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
  template <class Traverse> bool guarded(const clang::Expr *condition, Traverse traverse) {
    if (!condition || !asks_rank(condition))
      return traverse();
    conditions_.push_back(condition);
    const bool result = traverse();
    conditions_.pop_back();
    return result;
  }

  const std::vector<const clang::Stmt *> &parallel_loops_;
  Diagnostics &diags_;
  std::vector<const clang::Expr *> conditions_; ///< the rank conditions around the current node
};

} // namespace

void warn_rank_dependent_collectives(clang::ASTContext &ast,
                                     const std::vector<const clang::Stmt *> &parallel_loops,
                                     Diagnostics &diags) {
  const clang::SourceManager &sm = ast.getSourceManager();
  RankBranchVisitor visitor(parallel_loops, diags);
  for (clang::Decl *decl : ast.getTranslationUnitDecl()->decls())
    if (sm.isWrittenInMainFile(sm.getExpansionLoc(decl->getLocation())))
      visitor.TraverseDecl(decl);
}

} // namespace orion::frontend

#include "driver_gathers.hpp"

#include "driver_code.hpp"
#include "loop_text.hpp"
#include "orion_types.hpp"
#include "rank_dependent_collectives.hpp"

#include <clang/AST/ASTContext.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>

#include <algorithm>

namespace orion::frontend {
namespace {

/// The dense and sparse arrays a statement names, declared before `begin` (in order of first
/// mention), other than as the object of a call that reads only their shape, as
/// the code to gather them: a variable (`w`), a member path rooted at one (`model.w`), or the
/// arrays a lambda declared before captures (`auto report = [&] { ... w(i) ... };`).
class ArrayNames : public clang::RecursiveASTVisitor<ArrayNames> {
public:
  ArrayNames(const clang::ASTContext &ast, clang::SourceLocation begin)
      : ast_(ast), sm_(ast.getSourceManager()), begin_(begin) {}

  bool VisitDeclRefExpr(clang::DeclRefExpr *ref) {
    const auto *var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
    if (!var || !declared_before(var))
      return true; // declared inside: it exists on those ranks only
    if (gatherable_array(var->getType()))
      add(var->getNameAsString());
    else if (var->hasInit())
      if (auto *lambda =
              llvm::dyn_cast<clang::LambdaExpr>(var->getInit()->IgnoreImplicitAsWritten())) {
        // What its body names from before the lambda (not its parameters or locals).
        ArrayNames inner(ast_, lambda->getBeginLoc());
        inner.TraverseStmt(lambda->getBody());
        for (std::string &name : inner.names)
          add(std::move(name));
      }
    return true;
  }

  /// `w.extent(0)`, `ratings.nnz()`: the shape is on every rank, nothing to gather for it (the
  /// arguments may still name arrays).
  bool TraverseCXXMemberCallExpr(clang::CXXMemberCallExpr *call) {
    const clang::CXXMethodDecl *method = call ? call->getMethodDecl() : nullptr;
    const clang::Expr *object = call ? call->getImplicitObjectArgument() : nullptr;
    if (!method || !method->getIdentifier() || !object || !reads_no_elements(method->getName()) ||
        !gatherable_array(object->getType()))
      return clang::RecursiveASTVisitor<ArrayNames>::TraverseCXXMemberCallExpr(call);
    for (clang::Expr *arg : call->arguments())
      if (!TraverseStmt(arg))
        return false;
    return true;
  }

  bool VisitMemberExpr(clang::MemberExpr *member) {
    if (gatherable_array(member->getType()) && rooted_before(member))
      add(expression_text(ast_, member));
    return true;
  }

  std::vector<std::string> names;

private:
  bool declared_before(const clang::VarDecl *var) const {
    return sm_.isBeforeInTranslationUnit(sm_.getExpansionLoc(var->getLocation()),
                                         sm_.getExpansionLoc(begin_));
  }
  /// A path of data members from `this` or a variable declared before.
  bool rooted_before(const clang::Expr *e) const {
    const clang::Expr *root = path_root(e);
    if (!root)
      return false;
    const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(root);
    const auto *var = ref ? llvm::dyn_cast<clang::VarDecl>(ref->getDecl()) : nullptr;
    return !ref || (var && declared_before(var));
  }
  void add(std::string name) {
    if (!name.empty() && std::find(names.begin(), names.end(), name) == names.end())
      names.push_back(std::move(name));
  }

  const clang::ASTContext &ast_;
  const clang::SourceManager &sm_;
  clang::SourceLocation begin_;
};

/// The statement leaves what encloses it when it runs to its end: `return`, `break`, `continue`,
/// or a block that ends with one.
bool leaves(const clang::Stmt *s) {
  if (!s)
    return false;
  if (llvm::isa<clang::ReturnStmt, clang::BreakStmt, clang::ContinueStmt>(s))
    return true;
  if (const auto *block = llvm::dyn_cast<clang::CompoundStmt>(s))
    return !block->body_empty() && leaves(block->body_back());
  return false;
}

class RankIfVisitor : public DriverCodeVisitor<RankIfVisitor> {
  using Base = DriverCodeVisitor<RankIfVisitor>;

public:
  RankIfVisitor(clang::ASTContext &ast, const std::vector<const clang::Stmt *> &parallel_loops)
      : Base(parallel_loops), ast_(ast) {}

  /// Statements of a block are where a gather can simply go before a statement: the one after
  /// `if (!orion::is_root()) return;` (the rest of the block runs on some ranks only), and a
  /// macro's expansion that asks for the rank (`ROOT_PRINTF("%f", w(0));`, which cannot be
  /// wrapped in part).
  bool TraverseCompoundStmt(clang::CompoundStmt *block) {
    if (!block)
      return true;
    const clang::SourceManager &sm = ast_.getSourceManager();
    for (auto it = block->body_begin(); it != block->body_end(); ++it) {
      clang::Stmt *s = *it;
      if (!s || parallel(s))
        continue;
      const auto *branch = llvm::dyn_cast<clang::IfStmt>(s);
      if (branch && !branch->getElse() && branch->getCond() && asks_rank(branch->getCond()) &&
          leaves(branch->getThen())) {
        ArrayNames names(ast_, s->getBeginLoc());
        for (auto rest = it; rest != block->body_end(); ++rest)
          if (!parallel(*rest))
            names.TraverseStmt(*rest);
        before(s, std::move(names.names));
        return true; // what follows is covered
      }
      if (s->getBeginLoc().isMacroID() && contains_rank_if(s)) {
        ArrayNames names(ast_, sm.getExpansionLoc(s->getBeginLoc()));
        names.TraverseStmt(s);
        before(s, std::move(names.names));
        continue;
      }
      if (!traverse_block_statement(s))
        return false;
    }
    return true;
  }

  /// `is_root() ? w(3) : 0` and `switch (orion::rank())`: the arrays their branches name are
  /// gathered before the statement of the innermost block that holds them.
  bool TraverseConditionalOperator(clang::ConditionalOperator *c) {
    if (!c || !asks_rank(c->getCond()))
      return Base::TraverseConditionalOperator(c);
    gather_before_current(c);
    return true;
  }
  bool TraverseSwitchStmt(clang::SwitchStmt *s) {
    if (!s || !s->getCond() || !asks_rank(s->getCond()))
      return Base::TraverseSwitchStmt(s);
    gather_before_current(s);
    return true;
  }

  bool TraverseIfStmt(clang::IfStmt *s) {
    if (!s || !s->getCond() || !asks_rank(s->getCond()))
      return Base::TraverseIfStmt(s);
    ArrayNames names(ast_, s->getBeginLoc());
    names.TraverseStmt(s);
    if (!names.names.empty())
      if (auto bytes = statement_bytes(ast_, s))
        gathers.push_back({*bytes, std::move(names.names), ir::DriverGather::Place::Around});
    return true; // the whole statement is covered: no inner one needs its own gather
  }

  std::vector<ir::DriverGather> gathers;

private:
  bool contains_rank_if(const clang::Stmt *s) const {
    if (!s || parallel(s))
      return false;
    if (const auto *branch = llvm::dyn_cast<clang::IfStmt>(s);
        branch && branch->getCond() && asks_rank(branch->getCond()))
      return true;
    return std::any_of(s->child_begin(), s->child_end(),
                       [&](const clang::Stmt *c) { return contains_rank_if(c); });
  }
  void gather_before_current(clang::Stmt *branches) {
    const clang::Stmt *current = current_statement();
    if (!current)
      return;
    const clang::SourceManager &sm = ast_.getSourceManager();
    ArrayNames names(ast_, sm.getExpansionLoc(current->getBeginLoc()));
    names.TraverseStmt(branches);
    before(current, std::move(names.names));
  }
  /// Gathers `names` just before the block's statement `s` (at its macro use, if it is one).
  void before(const clang::Stmt *s, std::vector<std::string> names) {
    if (names.empty())
      return;
    const clang::SourceManager &sm = ast_.getSourceManager();
    const clang::SourceLocation at = sm.getExpansionLoc(s->getBeginLoc());
    if (auto bytes = main_file_bytes(ast_, {at, at}, false))
      gathers.push_back(
          {{bytes->begin, bytes->begin}, std::move(names), ir::DriverGather::Place::Before});
  }

  clang::ASTContext &ast_;
};

} // namespace

std::vector<ir::DriverGather>
find_driver_gathers(clang::ASTContext &ast,
                    const std::vector<const clang::Stmt *> &parallel_loops) {
  RankIfVisitor visitor(ast, parallel_loops);
  traverse_main_file(ast, visitor);
  return std::move(visitor.gathers);
}

} // namespace orion::frontend

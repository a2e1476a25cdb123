#include "driver_gathers.hpp"

#include "loop_text.hpp"
#include "orion_types.hpp"
#include "rank_dependent_collectives.hpp"

#include <clang/AST/ASTContext.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>

#include <algorithm>

namespace orion::frontend {
namespace {

/// The dense arrays a statement names, declared before `begin` (in order of first mention).
class ArrayNames : public clang::RecursiveASTVisitor<ArrayNames> {
public:
  ArrayNames(const clang::SourceManager &sm, clang::SourceLocation begin)
      : sm_(sm), begin_(begin) {}

  bool VisitDeclRefExpr(clang::DeclRefExpr *ref) {
    const auto *var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
    if (!var)
      return true;
    const auto type = classify_orion_type(var->getType());
    if (!type || type->kind != ir::ArrayKind::Dense)
      return true;
    if (!sm_.isBeforeInTranslationUnit(sm_.getExpansionLoc(var->getLocation()),
                                       sm_.getExpansionLoc(begin_)))
      return true; // declared inside: it exists on those ranks only
    const std::string name = var->getNameAsString();
    if (std::find(names.begin(), names.end(), name) == names.end())
      names.push_back(name);
    return true;
  }

  std::vector<std::string> names;

private:
  const clang::SourceManager &sm_;
  clang::SourceLocation begin_;
};

class RankIfVisitor : public clang::RecursiveASTVisitor<RankIfVisitor> {
  using Base = clang::RecursiveASTVisitor<RankIfVisitor>;

public:
  RankIfVisitor(clang::ASTContext &ast, const std::vector<const clang::Stmt *> &parallel_loops)
      : ast_(ast), parallel_loops_(parallel_loops) {}

  bool TraverseStmt(clang::Stmt *s) {
    // A parallel loop's body is not driver code.
    if (s && std::find(parallel_loops_.begin(), parallel_loops_.end(), s) != parallel_loops_.end())
      return true;
    return Base::TraverseStmt(s);
  }

  bool TraverseIfStmt(clang::IfStmt *s) {
    if (!s || !s->getCond() || !asks_rank(s->getCond()))
      return Base::TraverseIfStmt(s);
    ArrayNames names(ast_.getSourceManager(), s->getBeginLoc());
    names.TraverseStmt(s);
    if (!names.names.empty())
      if (auto bytes = statement_bytes(ast_, s))
        gathers.push_back({*bytes, std::move(names.names)});
    return true; // the whole statement is covered: no inner one needs its own gather
  }

  std::vector<ir::DriverGather> gathers;

private:
  clang::ASTContext &ast_;
  const std::vector<const clang::Stmt *> &parallel_loops_;
};

} // namespace

std::vector<ir::DriverGather>
find_driver_gathers(clang::ASTContext &ast,
                    const std::vector<const clang::Stmt *> &parallel_loops) {
  const clang::SourceManager &sm = ast.getSourceManager();
  RankIfVisitor visitor(ast, parallel_loops);
  for (clang::Decl *decl : ast.getTranslationUnitDecl()->decls())
    if (sm.isWrittenInMainFile(sm.getExpansionLoc(decl->getLocation())))
      visitor.TraverseDecl(decl);
  return std::move(visitor.gathers);
}

} // namespace orion::frontend

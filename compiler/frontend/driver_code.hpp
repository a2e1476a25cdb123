// Driver code: what the main file's functions run outside the annotated loops. The passes that
// look at it (rank conditions, gathers, pins) share how they reach it.
#pragma once

#include <clang/AST/ASTContext.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>

#include <algorithm>
#include <vector>

namespace orion::frontend {

/// Runs `visitor` over every declaration written in the main file (not its headers').
template <class Visitor> void traverse_main_file(clang::ASTContext &ast, Visitor &visitor) {
  const clang::SourceManager &sm = ast.getSourceManager();
  for (clang::Decl *decl : ast.getTranslationUnitDecl()->decls())
    if (sm.isWrittenInMainFile(sm.getExpansionLoc(decl->getLocation())))
      visitor.TraverseDecl(decl);
}

/// A visitor of driver code: it does not enter the parallel loops, whose bodies are not driver
/// code.
template <class Derived> class DriverCodeVisitor : public clang::RecursiveASTVisitor<Derived> {
  using Base = clang::RecursiveASTVisitor<Derived>;

public:
  explicit DriverCodeVisitor(const std::vector<const clang::Stmt *> &parallel_loops)
      : parallel_loops_(parallel_loops) {}

  bool TraverseStmt(clang::Stmt *s) {
    if (s && parallel(s))
      return true;
    return Base::TraverseStmt(s);
  }

protected:
  bool parallel(const clang::Stmt *s) const {
    return std::find(parallel_loops_.begin(), parallel_loops_.end(), s) != parallel_loops_.end();
  }

private:
  const std::vector<const clang::Stmt *> &parallel_loops_;
};

} // namespace orion::frontend

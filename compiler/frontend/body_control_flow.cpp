#include "body_control_flow.hpp"

#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/AST/StmtCXX.h>
#include <llvm/ADT/DenseSet.h>

namespace orion::frontend {
namespace {

/// The labels a body defines: a `goto` to one of them stays inside the body.
class LabelCollector : public clang::RecursiveASTVisitor<LabelCollector> {
public:
  bool VisitLabelStmt(clang::LabelStmt *label) {
    labels.insert(label->getDecl());
    return true;
  }
  bool TraverseLambdaExpr(clang::LambdaExpr *) { return true; }
  llvm::DenseSet<const clang::LabelDecl *> labels;
};

class ExitFinder : public clang::RecursiveASTVisitor<ExitFinder> {
  using Base = clang::RecursiveASTVisitor<ExitFinder>;

public:
  ExitFinder(Diagnostics &diags, const llvm::DenseSet<const clang::LabelDecl *> &labels)
      : diags_(diags), labels_(labels) {}

  // A lambda's or a local class's `return` ends only that function.
  bool TraverseLambdaExpr(clang::LambdaExpr *) { return true; }
  bool TraverseCXXRecordDecl(clang::CXXRecordDecl *) { return true; }

  // `break` inside these ends them, not the parallel loop.
  bool TraverseForStmt(clang::ForStmt *s) {
    return nested([&] { return Base::TraverseForStmt(s); });
  }
  bool TraverseWhileStmt(clang::WhileStmt *s) {
    return nested([&] { return Base::TraverseWhileStmt(s); });
  }
  bool TraverseDoStmt(clang::DoStmt *s) {
    return nested([&] { return Base::TraverseDoStmt(s); });
  }
  bool TraverseCXXForRangeStmt(clang::CXXForRangeStmt *s) {
    return nested([&] { return Base::TraverseCXXForRangeStmt(s); });
  }
  bool TraverseSwitchStmt(clang::SwitchStmt *s) {
    return nested([&] { return Base::TraverseSwitchStmt(s); });
  }
  // A throw inside a try block of the body may be caught there; its handlers are not covered.
  bool TraverseCXXTryStmt(clang::CXXTryStmt *s) {
    ++try_depth_;
    const bool ok = TraverseStmt(s->getTryBlock());
    --try_depth_;
    for (unsigned i = 0; ok && i < s->getNumHandlers(); ++i)
      if (!TraverseStmt(s->getHandler(i)))
        return false;
    return ok;
  }

  bool VisitReturnStmt(clang::ReturnStmt *s) {
    return report(s->getReturnLoc(), Diag::ReturnInBody);
  }
  bool VisitCoreturnStmt(clang::CoreturnStmt *s) {
    return report(s->getKeywordLoc(), Diag::ReturnInBody);
  }
  bool VisitBreakStmt(clang::BreakStmt *s) {
    return breakable_depth_ > 0 || report(s->getBreakLoc(), Diag::BreakInBody);
  }
  bool VisitGotoStmt(clang::GotoStmt *s) {
    return labels_.contains(s->getLabel()) || report(s->getGotoLoc(), Diag::GotoOutOfBody);
  }
  bool VisitIndirectGotoStmt(clang::IndirectGotoStmt *s) {
    return report(s->getGotoLoc(), Diag::GotoOutOfBody);
  }
  bool VisitCXXThrowExpr(clang::CXXThrowExpr *e) {
    return try_depth_ > 0 || report(e->getThrowLoc(), Diag::ThrowInBody);
  }

  bool found = false;

private:
  template <class F> bool nested(F traverse) {
    ++breakable_depth_;
    const bool ok = traverse();
    --breakable_depth_;
    return ok;
  }
  bool report(clang::SourceLocation loc, Diag diag) {
    diags_.report(loc, diag);
    found = true;
    return true;
  }

  Diagnostics &diags_;
  const llvm::DenseSet<const clang::LabelDecl *> &labels_;
  int breakable_depth_ = 0;
  int try_depth_ = 0;
};

} // namespace

bool check_body_control_flow(const clang::Stmt *body, Diagnostics &diags) {
  auto *stmt = const_cast<clang::Stmt *>(body);
  LabelCollector labels;
  labels.TraverseStmt(stmt);
  ExitFinder finder(diags, labels.labels);
  finder.TraverseStmt(stmt);
  return !finder.found;
}

} // namespace orion::frontend

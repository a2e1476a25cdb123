#include "modified_vars.hpp"

#include "access_paths.hpp"
#include "loop_form.hpp"

#include <clang/AST/RecursiveASTVisitor.h>

namespace orion::frontend {
namespace {

/// Records variables written in the loop: assignments, increments, non-const references.
class ModifiedVisitor : public clang::RecursiveASTVisitor<ModifiedVisitor> {
public:
  explicit ModifiedVisitor(ScanContext &ctx) : ctx_(ctx) {}

  // The `++i` of a canonical loop is how its index advances, not a modification.
  bool TraverseForStmt(clang::ForStmt *loop) {
    if (std::holds_alternative<LoopFormError>(match_counted_loop(loop)))
      return clang::RecursiveASTVisitor<ModifiedVisitor>::TraverseForStmt(loop);
    return TraverseStmt(loop->getInit()) && TraverseStmt(loop->getCond()) &&
           TraverseStmt(loop->getBody());
  }

  bool VisitBinaryOperator(clang::BinaryOperator *op) {
    if (op->isAssignmentOp())
      mark(op->getLHS());
    return true;
  }
  bool VisitUnaryOperator(clang::UnaryOperator *op) {
    if (op->isIncrementDecrementOp() || op->getOpcode() == clang::UO_AddrOf)
      mark(op->getSubExpr());
    return true;
  }
  bool VisitVarDecl(clang::VarDecl *var) {
    if (var->getType()->isReferenceType() && !var->getType()->getPointeeType().isConstQualified() &&
        var->getInit())
      mark(var->getInit());
    return true;
  }
  bool VisitCallExpr(clang::CallExpr *call) {
    const clang::FunctionDecl *callee = call->getDirectCallee();
    if (!callee)
      return true;
    unsigned offset =
        llvm::isa<clang::CXXOperatorCallExpr>(call) && llvm::isa<clang::CXXMethodDecl>(callee) ? 1
                                                                                               : 0;
    for (unsigned i = offset; i < call->getNumArgs(); ++i) {
      unsigned p = i - offset;
      if (p < callee->getNumParams() && writes_through(callee->getParamDecl(p)->getType()))
        mark(call->getArg(i));
    }
    return true;
  }

private:
  void mark(const clang::Expr *e) {
    // Handing an orion array to a function does not make its extents vary.
    if (const clang::ValueDecl *d = referenced_object(e); d && !classify_orion_type(d->getType()))
      ctx_.modified.insert(d);
  }
  ScanContext &ctx_;
};

} // namespace

void collect_modified(const clang::Stmt *stmt, ScanContext &ctx) {
  ModifiedVisitor(ctx).TraverseStmt(const_cast<clang::Stmt *>(stmt));
}

} // namespace orion::frontend

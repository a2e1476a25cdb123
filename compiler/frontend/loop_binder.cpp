#include "loop_binder.hpp"

#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>

namespace orion::frontend {

bool is_before(const clang::SourceManager &sm, clang::SourceLocation a, clang::SourceLocation b) {
  clang::SourceLocation ea = sm.getExpansionLoc(a), eb = sm.getExpansionLoc(b);
  if (ea != eb)
    return sm.isBeforeInTranslationUnit(ea, eb);
  return sm.isBeforeInTranslationUnit(sm.getSpellingLoc(a), sm.getSpellingLoc(b));
}

namespace {

/// Scans one function body; in pre-order, a deeper statement enclosing the pragma overrides
/// its ancestors, so the innermost enclosing statement wins.
class BodyScanner : public clang::RecursiveASTVisitor<BodyScanner> {
public:
  BodyScanner(const clang::SourceManager &sm, const clang::FunctionDecl *fn,
              std::vector<BoundPragma> &bound)
      : sm_(sm), function_(fn), bound_(bound), fn_dependent_(fn->isDependentContext()) {}

  bool TraverseLambdaExpr(clang::LambdaExpr *lambda) {
    const clang::CXXMethodDecl *op = lambda->getCallOperator();
    const bool outer = dependent_;
    dependent_ = dependent_ || (op && op->isDependentContext());
    const bool ok = RecursiveASTVisitor::TraverseLambdaExpr(lambda);
    dependent_ = outer;
    return ok;
  }

  bool VisitStmt(clang::Stmt *stmt) {
    if (llvm::isa<clang::Expr>(stmt))
      return true;
    const clang::SourceLocation begin = stmt->getBeginLoc(), end = stmt->getEndLoc();
    for (BoundPragma &b : bound_) {
      const clang::SourceLocation p = b.pragma->location;
      if (!is_before(sm_, begin, p) || !is_before(sm_, p, end))
        continue;
      b.inside_function = true;
      b.function = function_;
      b.in_template = dependent_ || fn_dependent_;
      b.next = nullptr;
      for (const clang::Stmt *child : stmt->children()) {
        if (child && is_before(sm_, p, child->getBeginLoc())) {
          b.next = child;
          break;
        }
      }
    }
    return true;
  }

private:
  const clang::SourceManager &sm_;
  const clang::FunctionDecl *function_;
  std::vector<BoundPragma> &bound_;
  const bool fn_dependent_;
  bool dependent_ = false; ///< inside a generic lambda (or one in a template)
};

class FunctionFinder : public clang::RecursiveASTVisitor<FunctionFinder> {
public:
  FunctionFinder(const clang::SourceManager &sm, std::vector<BoundPragma> &bound)
      : sm_(sm), bound_(bound) {}
  bool VisitFunctionDecl(clang::FunctionDecl *fn) {
    if (fn->doesThisDeclarationHaveABody())
      BodyScanner(sm_, fn, bound_).TraverseStmt(fn->getBody());
    return true;
  }

private:
  const clang::SourceManager &sm_;
  std::vector<BoundPragma> &bound_;
};

} // namespace

std::vector<BoundPragma> bind_pragmas(clang::ASTContext &ast,
                                      const std::vector<PragmaRecord> &pragmas) {
  std::vector<BoundPragma> bound;
  for (const PragmaRecord &p : pragmas)
    bound.push_back(BoundPragma{&p});
  FunctionFinder(ast.getSourceManager(), bound).TraverseDecl(ast.getTranslationUnitDecl());
  return bound;
}

} // namespace orion::frontend

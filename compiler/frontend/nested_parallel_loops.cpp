#include "nested_parallel_loops.hpp"

#include "access_paths.hpp"

#include <clang/AST/ASTContext.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>
#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/SmallPtrSet.h>

namespace orion::frontend {
namespace {

/// Walks one annotated loop's body and the bodies of the functions it calls.
class CallWalker : public clang::RecursiveASTVisitor<CallWalker> {
public:
  CallWalker(const clang::SourceManager &sm,
             const llvm::DenseMap<const clang::FunctionDecl *, const clang::Stmt *> &inner,
             Diagnostics &diags)
      : sm_(sm), inner_(inner), diags_(diags) {}

  void walk(const clang::Stmt *body) { TraverseStmt(const_cast<clang::Stmt *>(body)); }

  bool VisitCallExpr(clang::CallExpr *call) {
    if (!outer_call_)
      outer_call_ = call;
    search(call->getDirectCallee());
    if (outer_call_ == call)
      outer_call_ = nullptr;
    return true;
  }

private:
  void search(const clang::FunctionDecl *callee) {
    const clang::FunctionDecl *def = user_definition(callee, sm_);
    if (!def || !visited_.insert(def->getCanonicalDecl()).second || depth_ > 8)
      return;
    if (const auto it = inner_.find(def->getCanonicalDecl()); it != inner_.end()) {
      // Reported at the call in the annotated loop's own body, which the user can change.
      diags_.report(outer_call_->getBeginLoc(), Diag::NestedParallelLoopCall)
          << def->getNameAsString();
      diags_.report(it->second->getBeginLoc(), Diag::InnerParallelLoopNote);
      return;
    }
    ++depth_;
    const clang::CallExpr *saved = outer_call_;
    TraverseStmt(def->getBody());
    outer_call_ = saved;
    --depth_;
  }

  const clang::SourceManager &sm_;
  const llvm::DenseMap<const clang::FunctionDecl *, const clang::Stmt *> &inner_;
  Diagnostics &diags_;
  llvm::SmallPtrSet<const clang::FunctionDecl *, 16> visited_;
  const clang::CallExpr *outer_call_ = nullptr; ///< the call written in the loop's body
  int depth_ = 0;
};

} // namespace

void report_nested_parallel_loops(clang::ASTContext &ast, const std::vector<AnnotatedLoop> &loops,
                                  Diagnostics &diags) {
  llvm::DenseMap<const clang::FunctionDecl *, const clang::Stmt *> inner;
  for (const AnnotatedLoop &l : loops)
    if (l.function)
      inner.try_emplace(l.function->getCanonicalDecl(), l.loop);
  for (const AnnotatedLoop &l : loops) {
    CallWalker walker(ast.getSourceManager(), inner, diags);
    walker.walk(l.loop);
  }
}

} // namespace orion::frontend

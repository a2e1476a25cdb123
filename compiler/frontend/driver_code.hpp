// Driver code: what the main file's functions run outside the annotated loops. The passes that
// look at it (rank conditions, gathers, pins) share how they reach it.
#pragma once

#include <clang/AST/ASTContext.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>

#include <algorithm>
#include <string>
#include <vector>

namespace orion::frontend {

/// The type is an orion::DenseArray (or a reference to one).
bool dense_array(clang::QualType type);
/// The type is an orion::DenseArray or SparseArray (or a reference to one): an array driver code
/// may find sharded or distributed across the ranks, which reading it gathers.
bool gatherable_array(clang::QualType type);

/// A method of DenseArray or SparseArray that reads the shape, never an element: calling it on an
/// array sharded or distributed across the ranks gathers nothing (nnz(), empty(), extent(),
/// extents(), size(), distributed()).
bool reads_no_elements(llvm::StringRef method);

/// Where a path of data members starts (`model.w`, `this->w`, `std::as_const(w)`: the
/// DeclRefExpr or CXXThisExpr), or null when `e` is not one (a call, a subscript): only a path
/// names the same array when it is evaluated again elsewhere in its scope.
const clang::Expr *path_root(const clang::Expr *e);

/// The text of `e` as written in the file (its macro use, if it is in one); empty if there is none.
std::string expression_text(const clang::ASTContext &ast, const clang::Expr *e);

/// Runs `visitor` over every declaration written in the main file (not its headers').
template <class Visitor> void traverse_main_file(clang::ASTContext &ast, Visitor &visitor) {
  const clang::SourceManager &sm = ast.getSourceManager();
  for (clang::Decl *decl : ast.getTranslationUnitDecl()->decls())
    if (sm.isWrittenInMainFile(sm.getExpansionLoc(decl->getLocation())))
      visitor.TraverseDecl(decl);
}

/// A visitor of driver code: it does not enter the parallel loops, whose bodies are not driver
/// code, and knows the statement of the innermost block it is in (where code generation can put
/// a statement of its own before it).
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

  bool TraverseCompoundStmt(clang::CompoundStmt *block) {
    if (block)
      for (clang::Stmt *s : block->body())
        if (!traverse_block_statement(s))
          return false;
    return true;
  }

protected:
  bool parallel(const clang::Stmt *s) const {
    return std::find(parallel_loops_.begin(), parallel_loops_.end(), s) != parallel_loops_.end();
  }
  /// Traverses `s`, a statement of a block, as the current one. Under a label (`case 1:`,
  /// `default:`, `next:`) the current one is the labelled statement: code put before the label
  /// would not run when control jumps to it (a gather before `case 1:` ran on no rank that took
  /// that case, and the run stopped with a collective call mismatch).
  bool traverse_block_statement(clang::Stmt *s) {
    const clang::Stmt *outer = current_;
    current_ = s;
    while (true) {
      if (const auto *label = llvm::dyn_cast_or_null<clang::SwitchCase>(current_))
        current_ = label->getSubStmt();
      else if (const auto *named = llvm::dyn_cast_or_null<clang::LabelStmt>(current_))
        current_ = named->getSubStmt();
      else
        break;
    }
    const bool ok = static_cast<Derived *>(this)->TraverseStmt(s);
    current_ = outer;
    return ok;
  }
  /// The statement of the innermost block being visited; null outside any block.
  const clang::Stmt *current_statement() const { return current_; }

private:
  const std::vector<const clang::Stmt *> &parallel_loops_;
  const clang::Stmt *current_ = nullptr;
};

} // namespace orion::frontend

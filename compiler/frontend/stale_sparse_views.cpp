#include "stale_sparse_views.hpp"

#include "diagnostics.hpp"
#include "driver_code.hpp"
#include "orion_types.hpp"
#include "scan_context.hpp"

#include <clang/AST/ASTContext.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>

#include <string>
#include <vector>

namespace orion::frontend {
namespace {

/// The SparseArray a parallel loop iterates over (`for (auto &&[k, v] : R)`), or null.
const clang::ValueDecl *iterated_sparse(const clang::Stmt *loop) {
  const auto *range_for = llvm::dyn_cast<clang::CXXForRangeStmt>(loop);
  if (!range_for || !range_for->getRangeInit())
    return nullptr;
  const clang::ValueDecl *decl = referenced_object(range_for->getRangeInit());
  const auto type = decl ? classify_orion_type(decl->getType()) : std::nullopt;
  return type && type->kind == ir::ArrayKind::Sparse ? decl : nullptr;
}

/// Whether `e` contains a method call on `array` that hands out a view of its storage.
class ViewOf : public clang::RecursiveASTVisitor<ViewOf> {
public:
  explicit ViewOf(const clang::ValueDecl *array) : array_(array) {}
  bool VisitCXXMemberCallExpr(clang::CXXMemberCallExpr *call) {
    const clang::CXXMethodDecl *method = call->getMethodDecl();
    if (!method || !method->getIdentifier() || !call->getImplicitObjectArgument())
      return true;
    const llvm::StringRef name = method->getName();
    if ((name == "row" || name == "begin" || name == "end" || name == "data") &&
        referenced_object(call->getImplicitObjectArgument()) == array_)
      found = true;
    return true;
  }
  bool found = false;

private:
  const clang::ValueDecl *array_;
};

/// Variables of the main file (not numbers) initialized with a view of one of the arrays, and
/// the uses of every variable.
class Views : public clang::RecursiveASTVisitor<Views> {
public:
  explicit Views(const std::vector<const clang::ValueDecl *> &arrays) : arrays_(arrays) {}
  bool shouldVisitLambdaBody() const { return true; }
  bool VisitVarDecl(clang::VarDecl *var) {
    const clang::QualType t = var->getType().getCanonicalType();
    if (!var->hasInit() || var->isImplicit() || t->isArithmeticType() || t->isEnumeralType())
      return true;
    for (const clang::ValueDecl *array : arrays_) {
      ViewOf of(array);
      of.TraverseStmt(const_cast<clang::Expr *>(var->getInit()));
      if (of.found)
        views.push_back({var, array});
    }
    return true;
  }
  bool VisitDeclRefExpr(clang::DeclRefExpr *ref) {
    if (const auto *var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl()))
      uses.push_back({var, ref->getLocation()});
    return true;
  }
  struct View {
    const clang::VarDecl *var;
    const clang::ValueDecl *array;
  };
  struct Use {
    const clang::VarDecl *var;
    clang::SourceLocation at;
  };
  std::vector<View> views;
  std::vector<Use> uses;

private:
  const std::vector<const clang::ValueDecl *> &arrays_;
};

} // namespace

void report_stale_sparse_views(clang::ASTContext &ast,
                               const std::vector<const clang::Stmt *> &parallel_loops,
                               Diagnostics &diags) {
  std::vector<const clang::ValueDecl *> arrays;
  for (const clang::Stmt *loop : parallel_loops)
    if (const clang::ValueDecl *array = iterated_sparse(loop);
        array && std::find(arrays.begin(), arrays.end(), array) == arrays.end())
      arrays.push_back(array);
  if (arrays.empty())
    return;
  Views views(arrays);
  traverse_main_file(ast, views);
  const clang::SourceManager &sm = ast.getSourceManager();
  const auto before = [&](clang::SourceLocation a, clang::SourceLocation b) {
    return sm.isBeforeInTranslationUnit(sm.getExpansionLoc(a), sm.getExpansionLoc(b));
  };
  for (const Views::View &view : views.views)
    for (const clang::Stmt *loop : parallel_loops) {
      if (iterated_sparse(loop) != view.array ||
          !before(view.var->getLocation(), loop->getBeginLoc()))
        continue;
      // The view's scope must contain the loop: a use after the loop's end then reads it stale.
      const auto use = std::find_if(views.uses.begin(), views.uses.end(), [&](const auto &u) {
        return u.var == view.var && before(loop->getEndLoc(), u.at);
      });
      if (use == views.uses.end())
        continue;
      diags.report(use->at, Diag::StaleSparseView)
          << view.var->getNameAsString() << view.array->getNameAsString();
      diags.report(loop->getBeginLoc(), Diag::StaleSparseViewLoopNote)
          << view.array->getNameAsString();
      break;
    }
}

} // namespace orion::frontend

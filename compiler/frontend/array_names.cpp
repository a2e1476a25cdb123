#include "array_names.hpp"

#include "diagnostics.hpp"
#include "scan_context.hpp"

#include <clang/AST/ASTContext.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>

#include <llvm/ADT/StringSet.h>

#include <string>
#include <vector>

namespace orion::frontend {
namespace {

/// The source range in which a local variable or parameter is visible.
clang::SourceRange scope_of(const clang::VarDecl *var, clang::ASTContext &ast) {
  if (const auto *param = llvm::dyn_cast<clang::ParmVarDecl>(var)) {
    const auto *fn = llvm::dyn_cast_or_null<clang::FunctionDecl>(param->getDeclContext());
    return fn && fn->getBody() ? fn->getBody()->getSourceRange() : clang::SourceRange();
  }
  // The statement holding the declaration: a block, or a for / if / while with it in its header.
  for (const clang::DynTypedNode &parent : ast.getParents(*var))
    if (const auto *decl_stmt = parent.get<clang::DeclStmt>())
      for (const clang::DynTypedNode &holder : ast.getParents(*decl_stmt))
        if (const auto *stmt = holder.get<clang::Stmt>())
          return clang::SourceRange(var->getLocation(), stmt->getEndLoc());
  return {};
}

/// Local variables and parameters with one of the given names.
class SameName : public clang::RecursiveASTVisitor<SameName> {
public:
  SameName(const llvm::StringSet<> &names, std::vector<const clang::VarDecl *> &out)
      : names_(names), out_(out) {}
  bool shouldVisitLambdaBody() const { return true; }
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitVarDecl(clang::VarDecl *var) {
    if (var->isLocalVarDeclOrParm() && names_.contains(var->getName()))
      out_.push_back(var);
    return true;
  }

private:
  const llvm::StringSet<> &names_;
  std::vector<const clang::VarDecl *> &out_;
};

std::string where(clang::SourceLocation loc, const clang::SourceManager &sm) {
  const clang::PresumedLoc p = sm.getPresumedLoc(sm.getExpansionLoc(loc));
  return p.isValid() ? std::to_string(p.getLine()) + ":" + std::to_string(p.getColumn())
                     : std::string("?");
}

/// The innermost lambda around `stmt` whose explicit captures leave out `array` (a local of an
/// enclosing function): the array's own name, which the generated loop uses, is not visible there.
const clang::CXXRecordDecl *lambda_without(const clang::Stmt *stmt, const clang::VarDecl *array,
                                           clang::ASTContext &ast) {
  clang::DynTypedNodeList parents = ast.getParents(*stmt);
  while (!parents.empty()) {
    const clang::DynTypedNode node = parents[0];
    if (const auto *fn = node.get<clang::FunctionDecl>()) {
      const auto *method = llvm::dyn_cast<clang::CXXMethodDecl>(fn);
      if (!method || !method->getParent()->isLambda() || fn == array->getDeclContext())
        return nullptr;
      const clang::CXXRecordDecl *lambda = method->getParent();
      if (lambda->getLambdaCaptureDefault() == clang::LCD_None &&
          llvm::none_of(lambda->captures(), [&](const clang::LambdaCapture &c) {
            return c.capturesVariable() && c.getCapturedVar() == array;
          }))
        return lambda;
    }
    if (node.get<clang::TranslationUnitDecl>())
      return nullptr;
    parents = ast.getParents(node);
  }
  return nullptr;
}

/// Declarations the loop statement names (or makes) whose name starts with `orion_`, the prefix
/// of the names the generated code declares around the body (orion_plan, orion_block, ...).
class ReservedNames : public clang::RecursiveASTVisitor<ReservedNames> {
public:
  bool shouldVisitLambdaBody() const { return true; }
  bool VisitDeclRefExpr(clang::DeclRefExpr *ref) {
    note(ref->getDecl(), ref->getLocation());
    return true;
  }
  bool VisitVarDecl(clang::VarDecl *var) {
    note(var, var->getLocation());
    return true;
  }
  const clang::NamedDecl *found = nullptr;
  clang::SourceLocation at;

private:
  void note(const clang::NamedDecl *decl, clang::SourceLocation loc) {
    if (found || !decl->getIdentifier() || !decl->getName().starts_with("orion_"))
      return;
    for (const clang::DeclContext *dc = decl->getDeclContext(); dc; dc = dc->getParent())
      if (const auto *ns = llvm::dyn_cast<clang::NamespaceDecl>(dc); ns && ns->getName() == "orion")
        return; // the runtime's own
    found = decl;
    at = loc;
  }
};

} // namespace

bool check_array_names(const clang::Stmt *loop, ScanContext &ctx, Diagnostics &diags) {
  const clang::SourceManager &sm = ctx.ast.getSourceManager();
  const clang::SourceLocation at = sm.getExpansionLoc(loop->getBeginLoc());
  bool ok = true;
  // A user's `orion_plan` read in the body met the generated code's own, and the build failed in
  // the host compiler (found by a helper writing programs as a new user).
  ReservedNames reserved;
  reserved.TraverseStmt(const_cast<clang::Stmt *>(loop));
  if (reserved.found) {
    diags.report(reserved.at, Diag::ReservedName) << reserved.found->getNameAsString();
    ok = false;
  }
  llvm::StringSet<> clashed;
  for (const auto &[first, second] : ctx.name_clashes) {
    clashed.insert(first->getName());
    diags.report(at, Diag::ArrayNameClash)
        << first->getNameAsString() << where(first->getLocation(), sm)
        << where(second->getLocation(), sm);
    ok = false;
  }
  const auto before = [&](clang::SourceLocation a, clang::SourceLocation b) {
    return sm.isBeforeInTranslationUnit(sm.getExpansionLoc(a), sm.getExpansionLoc(b));
  };
  // The main file's locals and parameters that share a name with an array of the loop (headers
  // declare none the loop can see).
  llvm::StringSet<> names;
  for (const clang::ValueDecl *array : ctx.array_decls)
    if (array)
      names.insert(array->getName());
  std::vector<const clang::VarDecl *> candidates;
  SameName visitor(names, candidates);
  for (clang::Decl *decl : ctx.ast.getTranslationUnitDecl()->decls())
    if (sm.isInMainFile(sm.getExpansionLoc(decl->getLocation())))
      visitor.TraverseDecl(decl);
  for (const clang::ValueDecl *array : ctx.array_decls) {
    if (!array || clashed.contains(array->getName()))
      continue;
    const std::string name = array->getNameAsString();
    std::vector<const clang::VarDecl *> same;
    for (const clang::VarDecl *var : candidates)
      if (var->getName() == name)
        same.push_back(var);
    const auto *array_var = llvm::dyn_cast<clang::VarDecl>(array);
    const bool local = array_var && array_var->isLocalVarDeclOrParm();
    if (local)
      if (const clang::CXXRecordDecl *lambda = lambda_without(loop, array_var, ctx.ast)) {
        diags.report(at, Diag::ArrayNotCaptured) << name << where(lambda->getLocation(), sm);
        ok = false;
        continue;
      }
    for (const clang::VarDecl *other : same) {
      if (other->getCanonicalDecl() == array->getCanonicalDecl() || ctx.declared_inside(other))
        continue;
      const clang::SourceRange scope = scope_of(other, ctx.ast);
      if (scope.isInvalid() || !before(other->getLocation(), at) || before(scope.getEnd(), at))
        continue; // not visible at the loop
      // Visible at the loop: it hides the array if it was declared after it (then in a scope
      // nested in the array's), or if the array is a member or a global.
      if (local && !before(array->getLocation(), other->getLocation()))
        continue;
      diags.report(at, Diag::ArrayNameHidden)
          << name << where(array->getLocation(), sm) << where(other->getLocation(), sm);
      ok = false;
      break;
    }
  }
  return ok;
}

} // namespace orion::frontend

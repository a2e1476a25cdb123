#include "array_renames.hpp"

#include "loop_text.hpp"
#include "orion_types.hpp"
#include "scan_context.hpp"

#include <clang/AST/RecursiveASTVisitor.h>

#include <algorithm>

namespace orion::frontend {
namespace {

class RenameVisitor : public clang::RecursiveASTVisitor<RenameVisitor> {
public:
  explicit RenameVisitor(ScanContext &ctx) : ctx_(ctx) {}

  bool VisitDeclRefExpr(clang::DeclRefExpr *ref) {
    const auto *var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
    if (!var || !var->getType()->isReferenceType() || ctx_.declared_inside(var))
      return true;
    const clang::ValueDecl *target = ctx_.object(ref);
    if (target && target != var)
      rename(ref, target);
    return true;
  }

  bool VisitMemberExpr(clang::MemberExpr *member) {
    if (member->isImplicitAccess() ||
        !llvm::isa<clang::CXXThisExpr>(member->getBase()->IgnoreParenImpCasts()))
      return true;
    rename(member, member->getMemberDecl());
    return true;
  }

private:
  void rename(const clang::Expr *e, const clang::ValueDecl *array) {
    if (!classify_orion_type(array->getType()))
      return;
    const std::string name = array->getNameAsString();
    if (ctx_.loop.find_array(name) < 0)
      return;
    if (auto bytes = main_file_bytes(ctx_.ast, e->getSourceRange(), false))
      ctx_.loop.text.renames.push_back({*bytes, name});
  }

  ScanContext &ctx_;
};

} // namespace

void find_array_renames(const clang::Stmt *body, ScanContext &ctx) {
  RenameVisitor(ctx).TraverseStmt(const_cast<clang::Stmt *>(body));
  auto &renames = ctx.loop.text.renames;
  std::sort(renames.begin(), renames.end(), [](const ir::ArrayRename &a, const ir::ArrayRename &b) {
    return a.range.begin < b.range.begin;
  });
}

} // namespace orion::frontend

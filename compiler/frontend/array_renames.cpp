#include "array_renames.hpp"

#include "loop_text.hpp"
#include "orion_types.hpp"
#include "scan_context.hpp"

#include <clang/AST/RecursiveASTVisitor.h>

#include <algorithm>
#include <vector>

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

  // `static_cast<const Arr &>(A)` and `const_cast<Arr &>(A)` name the array itself (the analysis
  // takes them so, referenced_object): the body gets the view, as a const or plain lvalue. A
  // conversion of the view to the array itself would hand out the array whole, which the runtime
  // cannot follow (--orion-check took every element as read).
  bool VisitExplicitCastExpr(clang::ExplicitCastExpr *cast) {
    if (cast->getCastKind() != clang::CK_NoOp)
      return true;
    const clang::ValueDecl *target = ctx_.object(cast);
    if (!target || ctx_.declared_inside(target))
      return true;
    const bool as_const = cast->getType().isConstQualified();
    rename(cast, target, as_const);
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
  void rename(const clang::Expr *e, const clang::ValueDecl *array, bool as_const = false) {
    if (!classify_orion_type(array->getType()))
      return;
    const std::string name = array->getNameAsString();
    if (ctx_.loop.find_array(name) < 0)
      return;
    if (auto bytes = main_file_bytes(ctx_.ast, e->getSourceRange(), false))
      ctx_.loop.text.renames.push_back({*bytes, as_const ? "std::as_const(" + name + ")" : name});
  }

  ScanContext &ctx_;
};

} // namespace

void find_array_renames(const clang::Stmt *body, ScanContext &ctx) {
  RenameVisitor(ctx).TraverseStmt(const_cast<clang::Stmt *>(body));
  auto &renames = ctx.loop.text.renames;
  // Outer first where ranges nest (a cast of `auto &H2 = H`): the outer one replaces the inner.
  std::sort(renames.begin(), renames.end(), [](const ir::ArrayRename &a, const ir::ArrayRename &b) {
    return a.range.begin != b.range.begin ? a.range.begin < b.range.begin
                                          : a.range.end > b.range.end;
  });
  std::vector<ir::ArrayRename> disjoint;
  for (ir::ArrayRename &r : renames)
    if (disjoint.empty() || r.range.begin >= disjoint.back().range.end)
      disjoint.push_back(std::move(r));
  renames = std::move(disjoint);
}

} // namespace orion::frontend

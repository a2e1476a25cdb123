#include "scalar_copies.hpp"

#include "scan_context.hpp"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/RecursiveASTVisitor.h>

#include <llvm/ADT/SmallPtrSet.h>

namespace orion::frontend {
namespace {

class ScalarReads : public clang::RecursiveASTVisitor<ScalarReads> {
public:
  explicit ScalarReads(const ScanContext &ctx) : ctx_(ctx) {}

  bool VisitDeclRefExpr(clang::DeclRefExpr *ref) {
    const auto *var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
    if (!var || !var->hasLocalStorage() || ctx_.declared_inside(var) || !seen_.insert(var).second)
      return true;
    const clang::QualType type = var->getType();
    if (type->isReferenceType() || type.isVolatileQualified() || !type->isArithmeticType() ||
        var->isUsableInConstantExpressions(var->getASTContext()))
      return true;
    names.push_back(var->getNameAsString());
    return true;
  }

  std::vector<std::string> names;

private:
  const ScanContext &ctx_;
  llvm::SmallPtrSet<const clang::VarDecl *, 8> seen_;
};

} // namespace

std::vector<std::string> read_only_scalars(const clang::Stmt *body, const ScanContext &ctx) {
  ScalarReads reads(ctx);
  reads.TraverseStmt(const_cast<clang::Stmt *>(body));
  return std::move(reads.names);
}

} // namespace orion::frontend

#include "modified_vars.hpp"

#include "access_paths.hpp"
#include "loop_form.hpp"

#include <clang/AST/RecursiveASTVisitor.h>

#include <algorithm>

namespace orion::frontend {
namespace {

/// A parameter of a standard library function declared as a forwarding reference (`T &&x`, T a
/// template parameter of the function): `std::make_pair(i, x)`, `v.emplace_back(i)` copy what
/// they are handed (an index passed so was taken as modified, and the loop rejected). The ones
/// that pass it on to a callable or as a reference, or may write it, are excluded.
bool forwarded_by_std(const clang::FunctionDecl *callee, unsigned param) {
  const clang::FunctionDecl *pattern = callee->getTemplateInstantiationPattern();
  if (!pattern || pattern->getNumParams() == 0)
    return false;
  // A trailing pack (`Args &&...args`) is one parameter of the pattern for all its arguments.
  const unsigned last = pattern->getNumParams() - 1;
  if (param > last && !pattern->getParamDecl(last)->isParameterPack())
    return false;
  clang::QualType type = pattern->getParamDecl(std::min(param, last))->getType();
  if (const auto *pack = type->getAs<clang::PackExpansionType>()) // `Args &&...args`
    type = pack->getPattern();
  const auto *ref = type->getAs<clang::RValueReferenceType>();
  if (!ref || !ref->getPointeeType()->getAs<clang::TemplateTypeParmType>())
    return false;
  // Named functions only: an operator() may be a ranges algorithm object (`std::ranges::swap`)
  // that writes what it is handed.
  if (!in_std(callee) || !callee->getIdentifier())
    return false;
  const llvm::StringRef name = callee->getName();
  return name != "invoke" && name != "invoke_r" && name != "apply" && name != "visit" &&
         name != "forward" && name != "move" && name != "forward_as_tuple" &&
         name != "forward_like" && name != "swap" && name != "exchange";
}

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
      if (p < callee->getNumParams() && writes_through(callee->getParamDecl(p)->getType()) &&
          !forwarded_by_std(callee, p))
        mark(call->getArg(i));
    }
    return true;
  }

private:
  void mark(const clang::Expr *e) {
    // `(c ? m : n) = 0`, `(n, m) = 0`, `(char &)m = 0`, `reinterpret_cast<uint64_t &>(m) += 1`
    // write m: they were not seen, so a subscript `A(m)` kept m's initial value `i`.
    e = e->IgnoreParens();
    if (const auto *cond = llvm::dyn_cast<clang::AbstractConditionalOperator>(e)) {
      mark(cond->getTrueExpr());
      mark(cond->getFalseExpr());
      return;
    }
    if (const auto *comma = llvm::dyn_cast<clang::BinaryOperator>(e); comma && comma->isCommaOp()) {
      mark(comma->getRHS());
      return;
    }
    if (const auto *cast = llvm::dyn_cast<clang::ExplicitCastExpr>(e); cast && cast->isGLValue()) {
      mark(cast->getSubExpr());
      return;
    }
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

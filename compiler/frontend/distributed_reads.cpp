#include "distributed_reads.hpp"

#include "driver_code.hpp"
#include "orion_types.hpp"

#include <clang/AST/ASTContext.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/StmtCXX.h>

#include <map>

namespace orion::frontend {
namespace {

/// The call of one of the orion functions `loaders` whose result `e` is (through the implicit
/// conversions, temporaries and moves of an initialization); null for anything else.
const clang::CallExpr *load_call(const clang::Expr *e,
                                 std::initializer_list<llvm::StringRef> loaders = {
                                     "load_triplets", "load_text", "load_bag_of_words"}) {
  while (e) {
    e = e->IgnoreImplicit();
    if (const auto *construct = llvm::dyn_cast<clang::CXXConstructExpr>(e)) {
      if (construct->getNumArgs() != 1 || !construct->getConstructor()->isMoveConstructor())
        return nullptr;
      e = construct->getArg(0);
      continue;
    }
    const auto *call = llvm::dyn_cast<clang::CallExpr>(e);
    return call && is_orion_function(call->getDirectCallee(), loaders) ? call : nullptr;
  }
  return nullptr;
}

bool sparse_array(clang::QualType type) {
  const auto orion = classify_orion_type(type);
  return orion && orion->kind == ir::ArrayKind::Sparse;
}

/// The variable or structured binding `e` names, if it is a SparseArray.
const clang::ValueDecl *sparse_variable(const clang::Expr *e) {
  const auto *ref = e ? llvm::dyn_cast<clang::DeclRefExpr>(e->IgnoreParenImpCasts()) : nullptr;
  const clang::ValueDecl *decl = ref ? ref->getDecl() : nullptr;
  return decl && (llvm::isa<clang::VarDecl>(decl) || llvm::isa<clang::BindingDecl>(decl)) &&
                 sparse_array(decl->getType())
             ? decl
             : nullptr;
}

/// Collects the loaded variables (first pass), then reports the reads of them (second pass).
class DistributedReads : public DriverCodeVisitor<DistributedReads> {
public:
  DistributedReads(const std::vector<const clang::Stmt *> &parallel_loops, Diagnostics &diags)
      : DriverCodeVisitor(parallel_loops), diags_(diags) {}

  bool reporting = false;

  bool VisitVarDecl(clang::VarDecl *var) {
    if (!reporting && sparse_array(var->getType()) && var->hasInit())
      if (const clang::CallExpr *call = load_call(var->getInit()))
        loads_.try_emplace(var, call);
    // `auto [X, y] = orion::load_libsvm<float>(path)`: X is distributed on several ranks.
    if (const auto *split = llvm::dyn_cast<clang::DecompositionDecl>(var);
        !reporting && split && split->hasInit())
      if (const clang::CallExpr *call = load_call(split->getInit(), {"load_libsvm"}))
        for (const clang::BindingDecl *binding : split->bindings())
          if (sparse_array(binding->getType()))
            loads_.try_emplace(binding, call);
    return true;
  }

  bool VisitCXXOperatorCallExpr(clang::CXXOperatorCallExpr *op) {
    if (op->getOperator() != clang::OO_Equal || op->getNumArgs() != 2)
      return true;
    if (!reporting) {
      if (const clang::ValueDecl *var = sparse_variable(op->getArg(0)))
        if (const clang::CallExpr *call = load_call(op->getArg(1)))
          loads_.try_emplace(var, call);
      return true;
    }
    const auto *method = llvm::dyn_cast_or_null<clang::CXXMethodDecl>(op->getCalleeDecl());
    if (method && method->isCopyAssignmentOperator())
      report(op->getArg(1), "copies it");
    return true;
  }

  bool VisitCXXForRangeStmt(clang::CXXForRangeStmt *loop) {
    if (reporting)
      report(loop->getRangeInit(), "iterates over it");
    return true;
  }

  bool VisitCXXMemberCallExpr(clang::CXXMemberCallExpr *call) {
    const clang::CXXMethodDecl *method = call->getMethodDecl();
    if (!reporting || !method || !method->getIdentifier())
      return true;
    const llvm::StringRef name = method->getName();
    if (reads_no_elements(name) || name == "whole")
      return true;
    report(call->getImplicitObjectArgument(), "calls " + name.str() + "()");
    return true;
  }

  bool VisitCXXConstructExpr(clang::CXXConstructExpr *construct) {
    if (reporting && construct->getNumArgs() == 1 &&
        construct->getConstructor()->isCopyConstructor())
      report(construct->getArg(0), "copies it");
    return true;
  }

private:
  void report(const clang::Expr *e, const std::string &how) {
    const clang::ValueDecl *var = sparse_variable(e);
    const auto load = var ? loads_.find(var) : loads_.end();
    if (load == loads_.end())
      return;
    diags_.report(e->getExprLoc(), Diag::DriverReadsDistributedArray) << var->getName() << how;
    diags_.report(load->second->getExprLoc(), Diag::DistributedLoadNote)
        << var->getName() << load->second->getDirectCallee()->getName();
  }

  Diagnostics &diags_;
  std::map<const clang::ValueDecl *, const clang::CallExpr *> loads_;
};

} // namespace

void warn_distributed_reads(clang::ASTContext &ast,
                            const std::vector<const clang::Stmt *> &parallel_loops,
                            Diagnostics &diags) {
  DistributedReads visitor(parallel_loops, diags);
  traverse_main_file(ast, visitor);
  visitor.reporting = true;
  traverse_main_file(ast, visitor);
}

} // namespace orion::frontend

#include "block_reductions.hpp"

#include "orion_types.hpp"

#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <clang/AST/ExprCXX.h>

#include <map>

namespace orion::frontend {
namespace {

struct Uses {
  int all = 0;     ///< every mention of the variable in the body
  int reduces = 0; ///< mentions that are the whole left operand of an accumulator's `+=`
  bool declared_inside = false; ///< a local of the body: not visible where the loop is called
};

bool is_accumulator(clang::QualType type) {
  auto t = classify_orion_type(type);
  return t && t->kind == ir::ArrayKind::Accumulator;
}

void count(const clang::Stmt *stmt, std::map<const clang::VarDecl *, Uses> &uses) {
  if (!stmt)
    return;
  if (const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(stmt)) {
    if (const auto *var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl()))
      ++uses[var].all;
    return;
  }
  if (const auto *op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(stmt);
      op && op->getOperator() == clang::OO_PlusEqual && op->getNumArgs() == 2 &&
      is_accumulator(op->getArg(0)->getType())) {
    if (const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(op->getArg(0)->IgnoreParens()))
      if (const auto *var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl()))
        ++uses[var].reduces;
  }
  if (const auto *decls = llvm::dyn_cast<clang::DeclStmt>(stmt))
    for (const clang::Decl *d : decls->decls())
      if (const auto *var = llvm::dyn_cast<clang::VarDecl>(d))
        uses[var].declared_inside = true;
  if (const auto *lambda = llvm::dyn_cast<clang::LambdaExpr>(stmt)) {
    // Only the body: a capture names the variable without using it.
    count(lambda->getBody(), uses);
    return;
  }
  for (const clang::Stmt *child : stmt->children())
    count(child, uses);
}

} // namespace

void mark_block_reductions(const clang::Stmt *body, ir::Loop &loop) {
  std::map<const clang::VarDecl *, Uses> uses;
  count(body, uses);
  for (const auto &[var, u] : uses) {
    if (u.reduces == 0 || u.reduces != u.all || u.declared_inside ||
        !is_accumulator(var->getType()))
      continue;
    const int id = loop.find_array(var->getNameAsString());
    if (id >= 0 && loop.arrays[id].kind == ir::ArrayKind::Accumulator)
      loop.arrays[id].block_reduction = true;
  }
}

} // namespace orion::frontend

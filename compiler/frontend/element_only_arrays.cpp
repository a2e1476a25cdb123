#include "element_only_arrays.hpp"

#include "orion_types.hpp"

#include <clang/AST/Decl.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/Expr.h>
#include <clang/AST/ExprCXX.h>

#include <map>

namespace orion::frontend {
namespace {

struct Uses {
  int all = 0;      ///< every mention of the variable in the body
  int elements = 0; ///< mentions as the object of an element, row or shape access
};

bool is_partitionable(clang::QualType type) {
  auto t = classify_orion_type(type);
  return t && (t->kind == ir::ArrayKind::Dense || t->kind == ir::ArrayKind::Buffer);
}

/// The variable `e` names directly (through parentheses and implicit casts), if any.
const clang::VarDecl *named_var(const clang::Expr *e) {
  if (!e)
    return nullptr;
  if (const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(e->IgnoreParenImpCasts()))
    return llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
  return nullptr;
}

bool is_element_method(const clang::CXXMethodDecl *method) {
  if (!method || !method->getIdentifier())
    return false;
  const llvm::StringRef name = method->getName();
  return name == "row" || name == "extent" || name == "extents" || name == "size";
}

void count(const clang::Stmt *stmt, std::map<const clang::VarDecl *, Uses> &uses) {
  if (!stmt)
    return;
  if (const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(stmt)) {
    if (const auto *var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl()))
      ++uses[var].all;
    return;
  }
  // `A(i, j)`: the object is an element access's; the subscripts are scanned as usual.
  if (const auto *op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(stmt);
      op && op->getOperator() == clang::OO_Call && op->getNumArgs() >= 1) {
    if (const clang::VarDecl *var = named_var(op->getArg(0))) {
      ++uses[var].all;
      ++uses[var].elements;
      for (unsigned a = 1; a < op->getNumArgs(); ++a)
        count(op->getArg(a), uses);
      return;
    }
  }
  // `A.row(i)`, `A.extent(d)`, ...
  if (const auto *call = llvm::dyn_cast<clang::CXXMemberCallExpr>(stmt);
      call && is_element_method(call->getMethodDecl())) {
    if (const clang::VarDecl *var = named_var(call->getImplicitObjectArgument())) {
      ++uses[var].all;
      ++uses[var].elements;
      for (const clang::Expr *arg : call->arguments())
        count(arg, uses);
      return;
    }
  }
  for (const clang::Stmt *child : stmt->children())
    count(child, uses);
}

} // namespace

void mark_element_only_arrays(const clang::Stmt *body, ir::Loop &loop) {
  std::map<const clang::VarDecl *, Uses> uses;
  count(body, uses);
  for (const auto &[var, u] : uses) {
    if (u.all == 0 || u.elements != u.all || !is_partitionable(var->getType()))
      continue;
    const int id = loop.find_array(var->getNameAsString());
    if (id >= 0 && (loop.arrays[id].kind == ir::ArrayKind::Dense ||
                    loop.arrays[id].kind == ir::ArrayKind::Buffer))
      loop.arrays[id].element_access_only = true;
  }
}

} // namespace orion::frontend

#include "driver_code.hpp"

#include "orion_types.hpp"

#include <clang/AST/ExprCXX.h>
#include <clang/Lex/Lexer.h>

namespace orion::frontend {

bool dense_array(clang::QualType type) {
  const auto t = classify_orion_type(type);
  return t && t->kind == ir::ArrayKind::Dense;
}

bool gatherable_array(clang::QualType type) {
  const auto t = classify_orion_type(type);
  return t && (t->kind == ir::ArrayKind::Dense || t->kind == ir::ArrayKind::Sparse);
}

bool reads_no_elements(llvm::StringRef method) {
  return method == "nnz" || method == "empty" || method == "extent" || method == "extents" ||
         method == "size" || method == "distributed";
}

const clang::Expr *path_root(const clang::Expr *e) {
  e = e->IgnoreParenImpCasts();
  if (const auto *call = llvm::dyn_cast<clang::CallExpr>(e); call && call->getNumArgs() == 1)
    if (const clang::FunctionDecl *f = call->getDirectCallee();
        f && f->getIdentifier() && f->getName() == "as_const" && f->isInStdNamespace())
      return path_root(call->getArg(0));
  if (llvm::isa<clang::CXXThisExpr, clang::DeclRefExpr>(e))
    return e;
  if (const auto *m = llvm::dyn_cast<clang::MemberExpr>(e))
    return llvm::isa<clang::FieldDecl>(m->getMemberDecl()) ? path_root(m->getBase()) : nullptr;
  return nullptr;
}

std::string expression_text(const clang::ASTContext &ast, const clang::Expr *e) {
  const clang::SourceManager &sm = ast.getSourceManager();
  const auto chars = clang::Lexer::makeFileCharRange(
      clang::CharSourceRange::getTokenRange(e->getSourceRange()), sm, ast.getLangOpts());
  if (chars.isInvalid())
    return {};
  return clang::Lexer::getSourceText(chars, sm, ast.getLangOpts()).str();
}

} // namespace orion::frontend

#include "scan_context.hpp"

#include "orion_types.hpp"

#include <clang/AST/ExprCXX.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>

namespace orion::frontend {

const clang::ValueDecl *referenced_object(const clang::Expr *e) {
  e = e->IgnoreParenImpCasts();
  // `static_cast<const Arr &>(A)`, `const_cast<Arr &>(A)`: the same object (a cast that only
  // adds or drops qualifiers). Such a read used to be missing from the references.
  while (const auto *cast = llvm::dyn_cast<clang::ExplicitCastExpr>(e)) {
    if (cast->getCastKind() != clang::CK_NoOp)
      break;
    e = cast->getSubExpr()->IgnoreParenImpCasts();
  }
  if (const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(e)) {
    // `auto &Aref = A;`: a reference to a whole object is that object.
    if (const auto *var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
        var && var->getType()->isReferenceType() && var->getInit())
      if (const clang::ValueDecl *target = referenced_object(var->getInit()))
        return target;
    return ref->getDecl();
  }
  if (const auto *member = llvm::dyn_cast<clang::MemberExpr>(e);
      member && llvm::isa<clang::CXXThisExpr>(member->getBase()->IgnoreParenImpCasts()))
    return member->getMemberDecl();
  return nullptr;
}

const clang::ValueDecl *ScanContext::resolve(const clang::ValueDecl *decl) const {
  if (auto it = bound_arrays.find(decl); it != bound_arrays.end())
    return it->second;
  return decl;
}

const clang::ValueDecl *ScanContext::object(const clang::Expr *e) const {
  const clang::ValueDecl *decl = referenced_object(e);
  return decl ? resolve(decl) : nullptr;
}

bool ScanContext::declared_inside(const clang::Decl *decl) const {
  for (const clang::DeclContext *dc = decl->getDeclContext(); dc; dc = dc->getParent())
    if (const auto *fn = llvm::dyn_cast<clang::FunctionDecl>(dc);
        fn && llvm::is_contained(inlined, fn->getCanonicalDecl()))
      return true;
  const clang::SourceManager &sm = ast.getSourceManager();
  clang::SourceLocation loc = sm.getExpansionLoc(decl->getLocation());
  return !sm.isBeforeInTranslationUnit(loc, sm.getExpansionLoc(loop_range.getBegin())) &&
         !sm.isBeforeInTranslationUnit(sm.getExpansionLoc(loop_range.getEnd()), loc);
}

std::string ScanContext::text(const clang::Stmt *stmt) const {
  // `(hi)` written in a macro body around an argument: show the argument as the caller wrote it.
  while (const auto *e = llvm::dyn_cast<clang::Expr>(stmt)) {
    const auto *paren = llvm::dyn_cast<clang::ParenExpr>(e->IgnoreImpCasts());
    if (!paren || !paren->getBeginLoc().isMacroID())
      break;
    stmt = paren->getSubExpr();
  }
  return text(stmt->getSourceRange());
}

std::string ScanContext::text(clang::SourceRange range) const {
  const clang::SourceManager &sm = ast.getSourceManager();
  auto chars = clang::Lexer::makeFileCharRange(clang::CharSourceRange::getTokenRange(range), sm,
                                               ast.getLangOpts());
  if (chars.isInvalid()) {
    // Inside a macro: the tokens as spelled in the macro definition or argument.
    clang::SourceLocation b = sm.getSpellingLoc(range.getBegin());
    clang::SourceLocation e = sm.getSpellingLoc(range.getEnd());
    if (sm.getFileID(b) != sm.getFileID(e) || sm.isBeforeInTranslationUnit(e, b))
      return clang::Lexer::getSourceText(
                 clang::CharSourceRange::getTokenRange(sm.getExpansionRange(range).getAsRange()),
                 sm, ast.getLangOpts())
          .str();
    chars = clang::CharSourceRange::getTokenRange(b, e);
  }
  return clang::Lexer::getSourceText(chars, sm, ast.getLangOpts()).str();
}

ir::SourceLocation ScanContext::location(clang::SourceLocation loc) const {
  const clang::SourceManager &sm = ast.getSourceManager();
  clang::PresumedLoc p = sm.getPresumedLoc(sm.getExpansionLoc(loc));
  if (p.isInvalid())
    return {};
  return {p.getLine(), p.getColumn()};
}

int ScanContext::intern_accumulator(const clang::ValueDecl *decl, const OrionType &type) {
  int id = intern_array(decl);
  loop.arrays[id].kind = ir::ArrayKind::Accumulator;
  loop.arrays[id].element_type = type.element_type;
  loop.arrays[id].rank = 0;
  return id;
}

int ScanContext::intern_array(const clang::ValueDecl *decl) {
  const std::string name = decl->getNameAsString();
  int id = loop.find_array(name);
  if (id >= 0) {
    const clang::ValueDecl *first = array_decls[static_cast<size_t>(id)];
    if (first && decl->getCanonicalDecl() != first->getCanonicalDecl() &&
        llvm::none_of(name_clashes, [&](const auto &c) { return c.second == decl; }))
      name_clashes.emplace_back(first, decl);
    return id;
  }
  auto type = classify_orion_type(decl->getType());
  ir::ArrayDecl array;
  array.name = name;
  if (type) {
    array.kind = type->kind;
    array.element_type = type->element_type;
    array.rank = type->rank;
  }
  array.declared_at = location(decl->getLocation());
  loop.arrays.push_back(std::move(array));
  array_decls.push_back(decl);
  return static_cast<int>(loop.arrays.size() - 1);
}

} // namespace orion::frontend

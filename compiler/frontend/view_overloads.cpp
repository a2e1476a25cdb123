#include "view_overloads.hpp"

#include "orion_types.hpp"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>

namespace orion::frontend {
namespace {

/// The main-file offset of a location written outside macros.
std::optional<unsigned> offset(clang::SourceLocation loc, const clang::SourceManager &sm) {
  if (loc.isInvalid() || !loc.isFileID() || !sm.isInMainFile(loc))
    return std::nullopt;
  return sm.getFileOffset(loc);
}

/// Just past the token at `loc`.
std::optional<unsigned> offset_after(clang::SourceLocation loc, clang::ASTContext &ast) {
  const clang::SourceManager &sm = ast.getSourceManager();
  if (loc.isInvalid() || !loc.isFileID())
    return std::nullopt;
  return offset(clang::Lexer::getLocForEndOfToken(loc, 0, sm, ast.getLangOpts()), sm);
}

std::optional<ir::HelperText> helper_text(const clang::FunctionDecl *decl, clang::ASTContext &ast) {
  const clang::SourceManager &sm = ast.getSourceManager();
  auto begin = offset(decl->getBeginLoc(), sm);
  auto end = offset_after(decl->getEndLoc(), ast);
  if (!begin || !end)
    return std::nullopt;
  ir::HelperText text{{*begin, *end}, {}};
  for (const clang::ParmVarDecl *param : decl->parameters()) {
    const clang::QualType type = param->getType();
    auto orion = classify_orion_type(type);
    if (!type->isReferenceType() || !orion || orion->kind != ir::ArrayKind::Dense)
      continue;
    auto from = offset(param->getBeginLoc(), sm);
    auto to = param->getDeclName() ? offset(param->getLocation(), sm)
                                   : offset_after(param->getEndLoc(), ast);
    if (!from || !to || *to <= *from)
      return std::nullopt;
    text.params.push_back({{*from, *to}, orion->element_type, orion->rank});
  }
  return text;
}

} // namespace

std::optional<ir::ViewOverload> view_overload(const clang::FunctionDecl *def,
                                              clang::ASTContext &ast) {
  if (def->getTemplatedKind() != clang::FunctionDecl::TK_NonTemplate)
    return std::nullopt; // a template deduces its parameter types from the views itself
  auto definition = helper_text(def, ast);
  if (!definition || definition->params.empty())
    return std::nullopt;
  ir::ViewOverload overload;
  overload.function = def->getNameAsString();
  overload.definition = std::move(*definition);
  if (const clang::FunctionDecl *first = def->getFirstDecl(); first != def) {
    auto forward = helper_text(first, ast);
    if (!forward || forward->params.size() != overload.definition.params.size())
      return std::nullopt;
    overload.forward = std::move(*forward);
  }
  return overload;
}

} // namespace orion::frontend

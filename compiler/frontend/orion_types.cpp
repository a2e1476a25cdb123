#include "orion_types.hpp"

#include <clang/AST/DeclTemplate.h>

#include <algorithm>

namespace orion::frontend {

std::optional<OrionType> classify_orion_type(clang::QualType written) {
  written = written.getNonReferenceType();
  clang::QualType type = written.getCanonicalType();
  const auto *record = type->getAsCXXRecordDecl();
  if (!record)
    return std::nullopt;
  const auto *spec = llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(record);
  if (!spec)
    return std::nullopt;
  const auto *ns = llvm::dyn_cast<clang::NamespaceDecl>(spec->getDeclContext()->getRedeclContext());
  if (!ns || ns->getName() != "orion")
    return std::nullopt;

  const std::string name = spec->getName().str();
  OrionType result;
  if (name == "DenseArray")
    result.kind = ir::ArrayKind::Dense;
  else if (name == "SparseArray")
    result.kind = ir::ArrayKind::Sparse;
  else if (name == "Accumulator")
    result.kind = ir::ArrayKind::Accumulator;
  else if (name == "Buffer")
    result.kind = ir::ArrayKind::Buffer;
  else
    return std::nullopt;

  const clang::TemplateArgumentList &args = spec->getTemplateArgs();
  if (args.size() > 0 && args[0].getKind() == clang::TemplateArgument::Type) {
    // Prefer the element type as the user spelled it (`int64_t`, not `long`).
    clang::QualType element = args[0].getAsType();
    if (const auto *as_written = written->getAs<clang::TemplateSpecializationType>();
        as_written && !as_written->template_arguments().empty() &&
        as_written->template_arguments()[0].getKind() == clang::TemplateArgument::Type)
      element = as_written->template_arguments()[0].getAsType();
    clang::PrintingPolicy policy(spec->getASTContext().getLangOpts());
    result.element_type = element.getAsString(policy);
  }
  if (result.kind != ir::ArrayKind::Accumulator && args.size() > 1 &&
      args[1].getKind() == clang::TemplateArgument::Integral)
    result.rank = static_cast<int>(args[1].getAsIntegral().getExtValue());
  return result;
}

bool is_orion_function(const clang::FunctionDecl *decl,
                       std::initializer_list<llvm::StringRef> names) {
  if (!decl || !decl->getIdentifier())
    return false;
  const auto *ns = llvm::dyn_cast<clang::NamespaceDecl>(decl->getDeclContext()->getRedeclContext());
  return ns && ns->getName() == "orion" &&
         std::find(names.begin(), names.end(), decl->getName()) != names.end();
}

} // namespace orion::frontend

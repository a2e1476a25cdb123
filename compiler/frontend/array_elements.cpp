#include "array_elements.hpp"

#include "diagnostics.hpp"
#include "scan_context.hpp"

#include <clang/AST/DeclCXX.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/Basic/SourceManager.h>

#include <optional>
#include <string>
#include <vector>

namespace orion::frontend {
namespace {

/// What in `type` holds an address ("a pointer", "the member 'name', a pointer", ...), or nothing.
std::optional<std::string> address_in(clang::QualType type, int depth = 0) {
  type = type.getCanonicalType();
  if (depth > 6)
    return std::nullopt;
  if (type->isPointerType() || type->isMemberPointerType())
    return std::string("a pointer");
  if (type->isReferenceType())
    return std::string("a reference");
  if (const auto *array = llvm::dyn_cast<clang::ConstantArrayType>(type.getTypePtr()))
    return address_in(array->getElementType(), depth + 1);
  const auto *record = type->getAsCXXRecordDecl();
  if (!record || !record->hasDefinition())
    return std::nullopt;
  // The standard views hold a pointer to what they view.
  if (record->isInStdNamespace() && record->getIdentifier() &&
      (record->getName() == "basic_string_view" || record->getName() == "span"))
    return "a pointer (a " + record->getNameAsString() + ")";
  for (const clang::CXXBaseSpecifier &base : record->bases())
    if (std::optional<std::string> held = address_in(base.getType(), depth + 1))
      return held;
  for (const clang::FieldDecl *field : record->fields())
    if (std::optional<std::string> held = address_in(field->getType(), depth + 1))
      return "the member '" + field->getNameAsString() + "', which holds " + *held;
  return std::nullopt;
}

/// The element type of an orion array type (its first template argument).
clang::QualType element_of(clang::QualType type) {
  const auto *spec = llvm::dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(
      type.getNonReferenceType()->getAsCXXRecordDecl());
  if (!spec || spec->getTemplateArgs().size() == 0 ||
      spec->getTemplateArgs()[0].getKind() != clang::TemplateArgument::Type)
    return {};
  return spec->getTemplateArgs()[0].getAsType();
}

} // namespace

bool check_array_elements(const clang::Stmt *loop, const ScanContext &ctx, Diagnostics &diags) {
  std::vector<bool> written(ctx.loop.arrays.size(), false);
  for (const ir::ArrayRef &ref : ctx.loop.refs)
    if (ref.access != ir::AccessKind::Read && ref.array >= 0 &&
        static_cast<size_t>(ref.array) < written.size())
      written[static_cast<size_t>(ref.array)] = true;
  const clang::SourceLocation at = ctx.ast.getSourceManager().getExpansionLoc(loop->getBeginLoc());
  bool ok = true;
  for (size_t a = 0; a < ctx.array_decls.size() && a < written.size(); ++a) {
    const clang::ValueDecl *decl = ctx.array_decls[a];
    const ir::ArrayDecl &array = ctx.loop.arrays[a];
    if (!decl || !written[a] || array.kind == ir::ArrayKind::Accumulator)
      continue;
    const clang::QualType element = element_of(decl->getType());
    if (element.isNull())
      continue;
    if (const std::optional<std::string> held = address_in(element)) {
      diags.report(at, Diag::ElementHoldsAddress) << array.name << array.element_type << *held;
      ok = false;
    }
  }
  return ok;
}

} // namespace orion::frontend

// Recognizes the runtime's types (orion::DenseArray, SparseArray, Accumulator, Buffer) in Clang
// types, so the rest of the front end can ask "is this an orion array, of what rank?".
#pragma once

#include "orion/passes/loop_ir.hpp"

#include <clang/AST/Type.h>

#include <initializer_list>
#include <optional>

namespace clang {
class FunctionDecl;
} // namespace clang

namespace orion::frontend {

/// What an orion type is, with its template arguments when they are known.
struct OrionType {
  ir::ArrayKind kind;
  std::string element_type;
  int rank = 0;
};

/// Classifies `type` (references and cv-qualifiers are looked through).
std::optional<OrionType> classify_orion_type(clang::QualType type);

/// `decl` is orion::<one of names>, declared directly in namespace orion.
bool is_orion_function(const clang::FunctionDecl *decl,
                       std::initializer_list<llvm::StringRef> names);

} // namespace orion::frontend

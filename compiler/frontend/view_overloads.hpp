// Helper functions that take orion::DenseArray parameters by reference. A loop body calls them with
// the arrays it is handed, which are recording views when the runtime records accesses
// (--orion-check, writes shipped between ranks): code generation gives each such helper an overload
// taking views, described here from the declarations as written.
#pragma once

#include "orion/passes/loop_ir.hpp"

#include <optional>

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace orion::frontend {

/// The overload `def` needs, or nullopt when it takes no dense array by reference, or when one of
/// its declarations is not spelled in the main file outside macros (then the runtime's conversion
/// from a view to the array serves, recording the whole array).
std::optional<ir::ViewOverload> view_overload(const clang::FunctionDecl *def,
                                              clang::ASTContext &ast);

} // namespace orion::frontend

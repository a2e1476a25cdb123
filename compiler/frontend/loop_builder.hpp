// Turns one bound pragma + its `for` statement into an ir::Loop, or reports why it cannot.
#pragma once

#include "diagnostics.hpp"
#include "loop_binder.hpp"

#include <optional>

namespace orion::frontend {

/// Builds the LoopIR of `bound` (whose `next` is a for or range-for statement).
std::optional<ir::Loop> build_loop(clang::ASTContext &ast, const BoundPragma &bound,
                                   Diagnostics &diags);

} // namespace orion::frontend

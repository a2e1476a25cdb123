// The outline of a parallel loop's body that the prefetch slice is planned on (ir::BodyOutline):
// its statements as a tree with byte ranges, and for each the body variables it declares and
// reads, the dense arrays whose values it reads, whether it has side effects, whether a jump
// leaves it, and the element and row accesses it makes. passes/prefetch_slice decides from it,
// without Clang, which statements the slice keeps and which accesses it repeats.
#pragma once

#include "scan_context.hpp"

#include <clang/AST/Stmt.h>

namespace orion::frontend {

/// Fills ctx.loop.outline from the loop body; leaves it empty when part of the body is not
/// written in the main file as such (a macro expansion).
void build_body_outline(const clang::Stmt *body, ScanContext &ctx);

} // namespace orion::frontend

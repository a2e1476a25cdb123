// Driver code that keeps a pointer, a reference, a span or an iterator into a dense orion array
// (`const float *view = w.data();`, `float &bias = w(F);`, `auto r = W.row(u);`). A parallel loop
// may shard a served array across the ranks (docs/runtime.md, "Served arrays"); what such code
// kept would then point at the shard's stale copy of other ranks' rows, so the array must stay
// whole. Code generation pins the arrays found here (`::orion::detail::pin`) before the statement
// that keeps them; every other array may be sharded again after driver code has read it.
#pragma once

#include "orion/passes/loop_ir.hpp"

#include <vector>

namespace clang {
class ASTContext;
class Stmt;
} // namespace clang

namespace orion::frontend {

/// The statements of the main file's driver code (outside `parallel_loops`) that keep a pointer,
/// reference, span or iterator into dense orion arrays, with the arrays: a variable declared or
/// assigned from `A.data()`, `A.row(...)`, `A.begin()`/`end()` (any type but a number), or bound by
/// reference or pointer to an element `A(...)`.
std::vector<ir::DriverPin>
find_held_elements(clang::ASTContext &ast, const std::vector<const clang::Stmt *> &parallel_loops);

} // namespace orion::frontend

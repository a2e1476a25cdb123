// Driver code that reads orion arrays on some ranks only. A parallel loop may leave a served array
// sharded across the ranks (docs/runtime.md, "Served arrays"), and driver code that then touches
// its elements gathers it first: a collective, which every rank must reach. Inside
// `if (orion::is_root()) { ... w(i) ... }` only the root would, so code generation gathers the
// arrays such a statement names just before it, on every rank (`::orion::detail::make_whole`), a
// no-op for arrays that are whole.
#pragma once

#include "orion/passes/loop_ir.hpp"

#include <vector>

namespace clang {
class ASTContext;
class Stmt;
} // namespace clang

namespace orion::frontend {

/// The outermost `if` statements of the main file's functions whose condition asks which rank
/// this is (orion::is_root(), orion::rank(), a local initialized from them) and that name dense
/// orion arrays declared outside them. `parallel_loops` are the annotated loops (not driver code).
std::vector<ir::DriverGather>
find_driver_gathers(clang::ASTContext &ast, const std::vector<const clang::Stmt *> &parallel_loops);

} // namespace orion::frontend

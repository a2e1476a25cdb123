// Driver code that reads orion arrays on some ranks only. A parallel loop may leave a served array
// sharded across the ranks (docs/runtime.md, "Served arrays"), a loaded SparseArray is distributed
// across them ("Distributed sparse data"), and driver code that then touches
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

/// The driver code of the main file's functions that only some ranks run and that names dense or
/// sparse orion arrays declared outside it: the outermost `if` statements whose condition asks which
/// rank this is (orion::is_root(), orion::rank(), a local initialized from them), the rest of a
/// block after such an `if` that leaves it (`return`, `break`, `continue`), and a macro's
/// expansion that holds such an `if`. Sparse arrays count as dense ones do. `parallel_loops` are the annotated loops (not driver code).
std::vector<ir::DriverGather>
find_driver_gathers(clang::ASTContext &ast, const std::vector<const clang::Stmt *> &parallel_loops);

} // namespace orion::frontend

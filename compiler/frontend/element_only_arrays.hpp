// Which dense arrays and Buffers of a parallel loop the body reaches only element by element or
// row by row (`A(i, j)`, `A.row(i)`, `A.extent(d)`): never as a whole (passed to a function,
// bound to a reference, copied, captured, `A.data()`, iterated over). The runtime may shard such
// an array across ranks when the loop serves it (detail/shard.hpp), since every access then goes
// through a view that knows which rows this rank holds.
#pragma once

#include "orion/passes/loop_ir.hpp"

namespace clang {
class Stmt;
}

namespace orion::frontend {

/// Sets ArrayDecl::element_access_only on every dense array and Buffer of `loop` that `body`
/// names only as the object of an element access, `row`, `extent`, `extents` or `size`.
void mark_element_only_arrays(const clang::Stmt *body, ir::Loop &loop);

} // namespace orion::frontend

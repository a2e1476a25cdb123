// Which accumulators of a parallel loop the body only adds to, by name (`sq_err += e * e`): code
// generation hands those to the body as per-block partials (plain locals the compiler keeps in
// registers) instead of letting every iteration update the accumulator's worker slot in memory.
#pragma once

#include "orion/passes/loop_ir.hpp"

namespace clang {
class Stmt;
}

namespace orion::frontend {

/// Sets ArrayDecl::block_reduction on every accumulator of `loop` that `body` names only as the
/// left operand of `+=` (never passed on, copied, or called a method of; never in a container).
void mark_block_reductions(const clang::Stmt *body, ir::Loop &loop);

} // namespace orion::frontend

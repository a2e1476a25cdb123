// The lambdas defined before a parallel loop that its body calls. The reference collector reads
// their bodies as inlined, so the loop's dependences and arguments include what they touch; but
// in the generated body the arrays' names are the runtime's views of the worker's partition, and a
// lambda declared outside the body still reaches the arrays themselves: on several ranks its
// writes went to the rank's own copy, unrecorded, and were lost. Code generation declares each
// such lambda again, as written, at the top of the body's lambda, where its captures bind to the
// views.
#pragma once

namespace clang {
class Stmt;
} // namespace clang

namespace orion::frontend {

class Diagnostics;
struct ScanContext;

/// Fills ctx.loop.text.outer_lambdas: the lambdas defined before the loop (local variables
/// initialized by a lambda expression) that `body` calls, directly or through one another, and
/// that capture an orion object (an array, an accumulator, a Buffer) or such a lambda. One that
/// cannot be declared again as written (an init-capture, `mutable`, an orion object captured by
/// copy, a declaration of several variables, text a macro produced, a capture named like the
/// loop's key or value) is an error at the call.
void find_outer_lambdas(const clang::Stmt *body, ScanContext &ctx, Diagnostics &diags);

} // namespace orion::frontend

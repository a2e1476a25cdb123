// Control flow that leaves a parallel loop body: `return`, `break` (of the parallel loop itself),
// `goto` to a label outside the body, and `throw` not caught inside the body. In the serial
// program each of these stops the loop at one iteration; the parallel loop runs its iterations on
// many workers in no fixed order, so there is no such point. They are located errors (`continue`
// stays legal: it only ends one iteration).
#pragma once

#include "diagnostics.hpp"

namespace clang {
class Stmt;
}

namespace orion::frontend {

/// Reports every statement in `body` that leaves it. Returns false if there was one.
bool check_body_control_flow(const clang::Stmt *body, Diagnostics &diags);

} // namespace orion::frontend

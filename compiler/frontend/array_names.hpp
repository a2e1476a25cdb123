// The names under which a loop reaches its arrays. Code generation passes each array to the loop
// under its own name (`arrays(A)`, a lambda parameter `A`), written at the loop: so that name must
// mean the same array there, and two arrays of one loop cannot share a name. An array reached
// through a reference (`auto &X = A;`, a lambda's capture) while another `A` is declared closer to
// the loop, or two arrays named `A`, made the generated loop update the other array, at every
// worker count (found by a helper writing programs as a new user).
#pragma once

namespace clang {
class Stmt;
} // namespace clang

namespace orion::frontend {

class Diagnostics;
struct ScanContext;

/// Reports, as errors, the loop's arrays whose name means another variable at the loop (or that a
/// lambda around the loop does not capture), names shared by two of its arrays, and names with
/// the generated code's prefix `orion_` in the loop (after the references were collected). False
/// if any.
bool check_array_names(const clang::Stmt *loop, ScanContext &ctx, Diagnostics &diags);

} // namespace orion::frontend

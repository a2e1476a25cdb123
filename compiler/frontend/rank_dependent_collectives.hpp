// Collective calls that only some ranks can reach. Driver code runs on every rank, and every rank
// must make the same collective calls (Accumulator::aggregate(), the loaders, checkpoint, restore,
// parallel loops) in the same order. One under `if (orion::is_root())` is the classic mistake: the
// runtime stops such a program with a "collective call mismatch" error, and this check points at
// the call before the program runs. The same branches must not change an orion array either: each
// rank holds its own copy, and a write on the root only leaves the ranks computing with different
// data, which no run-time check sees.
#pragma once

#include "diagnostics.hpp"

#include <vector>

namespace clang {
class ASTContext;
class Stmt;
} // namespace clang

namespace orion::frontend {

/// Whether `stmt` asks which rank this is: calls orion::is_root() or orion::rank(), or reads a
/// local variable initialized from such an expression (followed a few levels deep).
bool asks_rank(const clang::Stmt *stmt);

/// Warns at each collective call, and at each change of an orion array (an element write, fill,
/// push_back, assignment), in the main file's functions that sits in a branch of an `if` or `?:`
/// whose condition asks which rank this is (orion::is_root(), orion::rank(), or a local variable
/// initialized from them). `parallel_loops` are the loops bound to a pragma; a header of their
/// counted nests that asks which rank this is gets a warning too (the ranks would run different
/// iteration spaces).
void warn_rank_dependent_collectives(clang::ASTContext &ast,
                                     const std::vector<const clang::Stmt *> &parallel_loops,
                                     Diagnostics &diags);

} // namespace orion::frontend

// The outer scalars a loop body reads, which the generated lambda copies into locals.
#pragma once

#include <string>
#include <vector>

namespace clang {
class Stmt;
} // namespace clang

namespace orion::frontend {

struct ScanContext;

/// Names of the arithmetic locals (and parameters) of the enclosing function that `body` reads,
/// in order of first use: not declared in the loop, not references, not volatile, and not usable
/// in constant expressions (a `const int K = 16` stays what it is, a constant). The body may not
/// write them (that is a build error), so a copy has the same value; the copy matters because a
/// lambda reaches a by-reference capture through memory, which every float store in the body may
/// alias, while a local lives in a register.
std::vector<std::string> read_only_scalars(const clang::Stmt *body, const ScanContext &ctx);

} // namespace orion::frontend

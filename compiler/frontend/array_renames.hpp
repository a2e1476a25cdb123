// Names in a loop body that reach an array of the loop under another name: a reference declared
// before the loop (`auto &H2 = H;`) or `this->w`. The analysis already takes them for the array
// (referenced_object); code generation must write the array's own name there, since the lambda
// the body becomes receives the runtime's view of the array under that name only.
#pragma once

namespace clang {
class Stmt;
} // namespace clang

namespace orion::frontend {

class ScanContext;

/// Fills ctx.loop.text.renames from the loop body (after the references were collected, so that
/// ctx.loop.arrays is complete).
void find_array_renames(const clang::Stmt *body, ScanContext &ctx);

} // namespace orion::frontend

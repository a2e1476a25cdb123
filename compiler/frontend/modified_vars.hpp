// The variables a loop body writes (assignments, increments, non-const references), so that
// subscripts and bounds over them are not taken for loop-invariant values.
#pragma once

#include "scan_context.hpp"

#include <clang/AST/Stmt.h>

namespace orion::frontend {

/// Collects the variables a statement writes into ctx.modified.
void collect_modified(const clang::Stmt *stmt, ScanContext &ctx);

} // namespace orion::frontend

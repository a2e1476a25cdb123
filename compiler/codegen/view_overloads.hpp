// Overloads of helper functions for the runtime's recording views (see ir::ViewOverload): the
// helper's own text with each `orion::DenseArray<T, N> &` parameter declared as a
// `const ::orion::parallel::RecordingView<T, N> &`, inserted beside the original so that ordinary
// overload resolution picks it whenever a loop body passes a view.
#pragma once

#include "source_text.hpp"

#include "orion/passes/loop_ir.hpp"

#include <string>
#include <vector>

namespace orion::codegen {

/// A text to insert at a byte offset of the user's file.
struct Insertion {
  unsigned at = 0;
  std::string text;
};

/// The insertions that add the overloads of `overloads` (each helper once, even when several
/// loops call it): a declaration before the helper's first declaration when that is not its
/// definition, and the definition right after the helper's definition, each under `#line`
/// directives that point the host compiler's messages at the helper as written.
std::vector<Insertion> view_overload_insertions(const std::vector<ir::ViewOverload> &overloads,
                                                const SourceText &source);

} // namespace orion::codegen

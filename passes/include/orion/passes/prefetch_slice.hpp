// The prefetch slice of a parallel loop (docs/architecture.md, "prefetch_slice"): a backward
// slice of the body that computes only the subscripts of its served arrays and names the rows it
// will read, so that the runtime can fetch them in bulk before a block runs. Planned on the
// body's outline (ir::BodyOutline), given which arrays are served; code generation renders it by
// editing the body's text.
//
// What the slice keeps: declarations whose values it can compute exactly as the body does
// (side-effect free, reading no served array, only stable variables), and the loops and ifs whose
// headers are such. Everything else becomes the served accesses it contains whose subscripts the
// slice can compute at that point, or nothing. A statement that may jump out (break, continue,
// return, throw) and cannot be kept ends the slice of what follows it: the body might not run
// that far. An access the slice cannot name is fetched when the body reads it (a miss); a slice
// never changes what the loop computes, only how many rows arrive in bulk.
#pragma once

#include "orion/passes/loop_ir.hpp"

#include <string_view>
#include <vector>

namespace orion::deps {

/// What became of one access of a served array in the slice.
enum class SliceOutcome {
  Prefetched,  ///< the slice names its row
  NotServed,   ///< the array is not served: nothing to prefetch
  ServedRead,  ///< its subscripts depend on a value read from a served array
  UnstableVar, ///< its subscripts read a variable the body changes, or one the slice drops
  SideEffects, ///< its subscripts call something that is not known to be side-effect free
  Conditional, ///< it sits under a condition (or loop) the slice cannot evaluate
  AfterJump,   ///< it follows a statement that may jump out, which the slice cannot evaluate
  NoOutline,   ///< the body could not be outlined (part of it comes from a macro)
};

std::string_view to_string(SliceOutcome outcome);

/// Replace the bytes `range` of the body with the accesses `touches` (indices into the outline's
/// touches), each as written and followed by `;`, or with nothing.
struct SliceEdit {
  ir::ByteRange range;
  std::vector<int> touches;
};

/// The plan of one loop's prefetch slice.
struct PrefetchSlice {
  std::vector<SliceEdit> edits; ///< in text order, disjoint, inside the body's bytes
  /// Per outline touch (or per reference of a served array when there is no outline).
  std::vector<SliceOutcome> outcomes;
  /// Some access is prefetched: the slice is worth emitting.
  bool useful() const;
};

/// Plans the slice for the arrays `served` marks (indexed like Loop::arrays).
PrefetchSlice plan_prefetch_slice(const ir::Loop &loop, const std::vector<bool> &served);

} // namespace orion::deps

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

#include "orion/passes/array_roles.hpp"
#include "orion/passes/loop_ir.hpp"

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

/// Replace the bytes `range` of the body with the accesses `touches` (indices into the outline's
/// touches), each as written and followed by `;`, or with nothing.
struct SliceEdit {
  ir::ByteRange range;
  std::vector<int> touches;
};

/// After the byte `at` (a kept declaration's end), mark `vars` (outline variables) used,
/// `(void)x;`: the slice keeps `const int64_t j = idx(i), scale = i % 7;` for j, and would
/// otherwise leave `scale` unused (a -Wunused-variable warning in code the user did not write).
struct SliceVoid {
  unsigned at = 0;
  std::vector<int> vars;
};

/// The plan of one loop's prefetch slice.
struct PrefetchSlice {
  std::vector<SliceEdit> edits; ///< in text order, disjoint, inside the body's bytes
  std::vector<SliceVoid> voids;
  /// Per outline touch (or per reference of a served array when there is no outline).
  std::vector<SliceOutcome> outcomes;
  /// Some access is prefetched: the slice is worth emitting.
  bool useful() const;
};

/// Plans the slice for the arrays `served` marks (indexed like Loop::arrays).
PrefetchSlice plan_prefetch_slice(const ir::Loop &loop, const std::vector<bool> &served);

/// Some reference of the body writes LoopIR array `array`.
bool writes(const ir::Loop &loop, int array);
/// LoopIR array `array` is named in relax(...).
bool relaxed(const ir::Loop &loop, int array);
/// The runtime may shard LoopIR array `array` across ranks: the body reaches it element by element
/// (ArrayDecl::element_access_only) and writes it only through relaxed updates or a Buffer.
bool shardable(const ir::Loop &loop, int array);
/// A dense array the body only reads, that the runtime may shard and some candidate serves: it
/// reaches the runtime as `served(A)`.
bool served_read(const ir::Loop &loop, const std::vector<Candidate> &candidates, int array);
/// Per LoopIR array, the arrays whose accesses the slice names: the served reads, and the relaxed
/// arrays the body updates that the runtime may shard (both read through views that fetch rows).
std::vector<bool> sliced_arrays(const ir::Loop &loop, const std::vector<Candidate> &candidates);

} // namespace orion::deps

// Whether an unordered loop's result is still the result of some serial order of its iterations
// (docs/pragma-reference.md, "Unordered loops and write/write conflicts").
//
// An unordered loop ignores write/write dependences: when iterations on different workers write
// the same element, the element ends with one writer's value. If each iteration writes at most
// one such element, and writes all of it, some serial order gives every element that value (put
// each element's writer last among that element's writers: the writers of different elements
// are different iterations). When an iteration writes two such elements, or part of one (a field
// of a struct), the elements may end with values of different iterations that no serial order
// produces together.
#pragma once

#include "orion/passes/array_roles.hpp"
#include "orion/passes/dependence_analysis.hpp"

#include <vector>

namespace orion::deps {

/// The writes of an unordered loop that iterations on different workers may make to the same
/// elements, under one schedule.
struct WriteConflicts {
  /// The write references (ids, ascending) in ignored write/write dependences between
  /// iterations on different workers, of arrays whose writes are merged after the loop.
  std::vector<int> refs;
  /// An iteration may write several of those elements, or part of one: the result then need not
  /// be any serial order's.
  bool beyond_serial = false;
};

/// The conflicts of `loop` under `candidate` (none for an ordered loop).
WriteConflicts cross_worker_writes(const ir::Loop &loop, const DependenceInfo &deps,
                                   const Candidate &candidate);

} // namespace orion::deps

// Array roles per schedule candidate (docs/architecture.md) and the cost model: bytes moved per
// pass, as a formula over the arrays' extents and the number of workers P. Sizes are only known at
// run time, so the compiler emits the formulas and the runtime evaluates them.
#pragma once

#include "orion/passes/schedule.hpp"

#include <string>
#include <vector>

namespace orion::deps {

/// How a schedule places an array.
enum class ArrayRole {
  Local,      ///< partitioned along the space dimension: stays with its worker
  Rotated,    ///< partitioned along the time dimension: moves from worker to worker
  Replicated, ///< read-only, known subscripts: every worker holds a copy
  Served,     ///< unknown subscripts: owned by shards, fetched/updated on demand
  Buffered,   ///< written through an orion::Buffer
  Reduction,  ///< an orion::Accumulator, combined at the end
  Relaxed,    ///< named in relax(...) and written: commutative updates merged as deltas
};
std::string_view to_string(ArrayRole role);

/// The role of one array under one schedule.
struct ArrayPlacement {
  int array;
  ArrayRole role;
  int array_dim = -1; ///< for local/rotated: the array dimension that is partitioned
  std::string why;
};

/// One term of the per-pass communication cost.
struct CostTerm {
  enum class Kind {
    RotatedPerPass, ///< (P - 1) * bytes(array)
    ServedPerAccess ///< iterations * accesses * sizeof(element)
  };
  Kind kind;
  int array;
  int accesses = 0; ///< references per iteration (served)
};

/// A candidate with its array roles and cost.
struct Plan {
  Schedule schedule;
  std::vector<ArrayPlacement> arrays;
  std::vector<CostTerm> cost;
  std::string cost_formula; ///< e.g. `(P-1) * sizeof(float) * H.extent(0) * H.extent(1)`
};

/// Roles and cost of `schedule` for `loop`.
Plan make_plan(const ir::Loop &loop, const Schedule &schedule);

} // namespace orion::deps

// Array roles per schedule candidate (docs/architecture.md) and the cost model: bytes moved per
// pass, as a formula over the arrays' extents and the number of workers P. Sizes are only known at
// run time, so the compiler emits the terms and the runtime evaluates them; both follow
// model::cost_term. The roles come with the fact that decided them; report/ says it in words.
#pragma once

#include "orion/model/schedule_model.hpp"
#include "orion/passes/schedule.hpp"

#include <string>
#include <vector>

namespace orion::deps {

/// What decided an array's role, in the order make_candidate tests it.
enum class RoleReason {
  Accumulator,        ///< an orion::Accumulator
  Buffer,             ///< an orion::Buffer
  RelaxedUpdate,      ///< named in relax(...) and written
  IterationSpace,     ///< the iterated array
  AlignedWithSpace,   ///< subscripted by the space dimension
  AlignedWithTime,    ///< subscripted by the time dimension
  ReadOnlyUnknown,    ///< read-only, some subscript unknown
  ReadOnlyKnown,      ///< read-only, every subscript known
  WrittenInWavefront, ///< written under a transform: travels with the blocks
  WrittenUnaligned,   ///< written, not aligned with a partitioned dimension
};

/// The role of one array under one schedule.
struct ArrayPlacement {
  int array;
  model::Role role;
  int array_dim = -1; ///< for local/rotated: the array dimension that is partitioned
  RoleReason reason;
};

/// One term of the per-pass communication cost (model::cost_term).
struct CostTerm {
  model::CostKind kind;
  int array;
  int accesses = 0; ///< references per iteration (served)
};

/// A legal schedule with the role of every array and its cost.
struct Candidate {
  Schedule schedule;
  std::vector<ArrayPlacement> arrays;
  std::vector<CostTerm> cost;
  std::string cost_formula; ///< e.g. `(P - 1) * sizeof(float) * H.extent(0) * H.extent(1)`
};

/// Roles and cost of `schedule` for `loop`.
Candidate make_candidate(const ir::Loop &loop, const Schedule &schedule);

/// Whether `candidate` can run `loop` on several ranks as far as the iterated dense array goes:
/// the runtime synchronizes a written one as slabs of the partitioned dimension, which holds
/// only when its role keeps every element the body touches with its iteration, and not under a
/// skew. (The runtime applies the same rule to the plan: executor.cpp.)
bool iterated_array_runs_on_ranks(const ir::Loop &loop, const Candidate &candidate);

} // namespace orion::deps

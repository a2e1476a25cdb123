// The plan of one parallel loop, as orionc emits it into the generated program: the legal
// schedule candidates found by the compiler (passes/), each with the role of every array and the
// terms of its cost formula. The runtime evaluates the costs on real extents and runs the
// cheapest candidate (docs/architecture.md); `--orion-verbose` prints what it picked and why.
//
// This header is the contract between compiler/codegen and the runtime's executors: codegen emits
// aggregate initializers of these types, so keep them plain aggregates.
#pragma once

#include "orion/model/schedule_model.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace orion::plan {

/// The role of one array argument of the loop. `arg` indexes LoopPlan::arrays.
struct ArrayRole {
  int arg = 0;
  model::Role role = model::Role::Replicated;
  int array_dim = -1; ///< local / rotated: the array dimension aligned with the partitioned one
};

/// One term of a candidate's bytes-per-pass cost (model::cost_term).
struct CostTerm {
  model::CostKind kind = model::CostKind::RotatedPerPass;
  int arg = 0;
  int accesses = 0; ///< served: references per iteration
};

/// One legal schedule, in the vocabulary of orion/model/schedule_model.hpp.
struct Candidate {
  model::Protocol protocol = model::Protocol::OneD;
  std::vector<int> dims; ///< {space} or {space, time}, in the transformed space if any
  /// Unimodular transform (row r = transformed dimension r); empty for the identity. The runtime
  /// runs lower unit-triangular transforms (what Wolf–Lam skewing produces).
  model::Matrix transform;
  std::vector<ArrayRole> roles;
  std::vector<CostTerm> cost;
  std::string cost_formula; ///< for messages

  /// As --dump=deps lists it, e.g. `2d (0, 1)`.
  std::string label() const { return model::label(protocol, !transform.empty(), dims); }
};

/// One array the loop body references (dense arrays and the iterated array).
struct ArrayInfo {
  std::string name;
  bool written = false; ///< some reference writes it (the iterated array: its values)
  /// Named in relax(...): the body only updates it commutatively, through merged deltas.
  bool relaxed = false;
  /// The body reaches it only element by element or row by row (never as a whole: no helper
  /// taking the array, no data() or iteration) and never writes it directly, so the runtime may
  /// shard it across ranks when it is served, relaxed or a Buffer's target.
  bool shardable = false;
};

/// Everything the runtime needs to know about one annotated loop.
struct LoopPlan {
  std::string file; ///< as given to orionc
  int line = 0;     ///< of the pragma
  int dims = 0;     ///< of the iteration space
  bool ordered = false;
  bool histogram = false;
  /// `repeated`: every run has the same access pattern, so the rows each block prefetches are
  /// computed once and reused.
  bool repeated = false;
  /// arrays[0] is the iterated array for array iteration (and unused for counted nests); then
  /// the dense arrays in the order of the lambda's parameters.
  std::vector<ArrayInfo> arrays;
  std::vector<Candidate> candidates;   ///< the compiler's proposal first
  std::vector<std::string> reductions; ///< the loop's accumulators (for messages)
};

} // namespace orion::plan

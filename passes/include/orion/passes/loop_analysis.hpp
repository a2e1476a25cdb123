// Runs the analyses of passes/ on every loop of a program: dependences, schedule candidates,
// and the roles and cost of each candidate. This is what reports and code generation consume.
#pragma once

#include "orion/passes/array_roles.hpp"
#include "orion/passes/prefetch_slice.hpp"

#include <optional>
#include <string>
#include <vector>

namespace orion::deps {

/// Everything known about one loop after analysis.
struct LoopAnalysis {
  DependenceInfo dependences;
  ScheduleChoice schedules;
  std::vector<Candidate> candidates; ///< one per schedules.candidates, same order
  std::optional<Candidate> chosen;
  /// The prefetch slice for the arrays the runtime may shard and serve (sliced_arrays).
  PrefetchSlice prefetch;
  std::string error; ///< isl failed on this loop (then the rest is empty)
};

/// Analyzes every loop of `program`.
std::vector<LoopAnalysis> analyze_program(const ir::Program &program, IslContext &isl);

} // namespace orion::deps

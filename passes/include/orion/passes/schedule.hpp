// Schedule selection (docs/architecture.md): which 1D / 2D / unimodular schedules keep every
// dependence that matters, each verified exactly with isl on the distance sets, not only on the
// boxes.
#pragma once

#include "orion/passes/dependence_analysis.hpp"

#include <optional>
#include <string>
#include <vector>

namespace orion::deps {

/// The kinds of schedules the runtime can execute.
enum class ScheduleKind { OneD, TwoD, Unimodular, None };
std::string_view to_string(ScheduleKind kind);

/// An integer matrix, row-major: row r gives transformed dimension r.
using Matrix = std::vector<std::vector<int64_t>>;

/// One legal schedule.
struct Schedule {
  ScheduleKind kind = ScheduleKind::None;
  /// 1D: {d}. 2D: {space, time}. Unimodular: the dims of the transformed space the inner
  /// schedule uses ({d} for 1D, {space, time} for 2D / wavefront).
  std::vector<int> dims;
  /// Unimodular only: the transform and the schedule run on the transformed space.
  std::optional<Matrix> transform;
  ScheduleKind inner = ScheduleKind::None;
  /// 2D executed as an ordered wavefront (each worker waits for its predecessor) rather than a
  /// rotation; for `ordered` loops and for unimodular wavefronts.
  bool wavefront = false;
  /// The dependence vectors in the transformed space (unimodular only), per dependence.
  std::vector<std::vector<Interval>> transformed;
  std::string description; ///< one line, for reports
};

/// The legal schedules of a loop and the one the compiler proposes.
struct ScheduleChoice {
  std::vector<Schedule> candidates;
  Schedule chosen;                      ///< kind None when nothing is legal
  std::string reason;                   ///< why `chosen` (or why none)
  std::vector<std::string> suggestions; ///< what would make a `none` loop parallel
};

/// Enumerates and verifies candidates. `partition(...)` restricts the choice.
ScheduleChoice select_schedules(const ir::Loop &loop, const DependenceInfo &deps, IslContext &isl);

/// Wolf–Lam skewing: a unimodular T (lower triangular, unit diagonal) such that every
/// transformed vector has only non-negative entries, or nullopt. Exposed for unit tests.
std::optional<Matrix> find_skew(const std::vector<DistanceVector> &vectors, int dims);

} // namespace orion::deps

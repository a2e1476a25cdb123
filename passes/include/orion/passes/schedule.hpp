// Schedule selection (docs/architecture.md): which 1D / 2D / unimodular schedules keep every
// dependence that matters, each verified exactly with isl on the distance sets, not only on the
// boxes.
#pragma once

#include "orion/model/schedule_model.hpp"
#include "orion/passes/dependence_analysis.hpp"

#include <optional>
#include <string>
#include <vector>

namespace orion::deps {

/// An integer matrix, row-major: row r gives transformed dimension r.
using Matrix = model::Matrix;

/// One legal schedule: a protocol of the shared model (orion/model/schedule_model.hpp) on the
/// original or, with a transform, on a skewed iteration space.
struct Schedule {
  model::Protocol protocol = model::Protocol::OneD;
  /// {space} for 1D, {space, time} for 2D, in the transformed space when there is a transform.
  std::vector<int> dims;
  /// Unimodular only: the transform; the protocol runs on the transformed space.
  std::optional<Matrix> transform;
  /// The dependence vectors in the transformed space (unimodular only), per dependence.
  std::vector<std::vector<Interval>> transformed;

  bool unimodular() const { return transform.has_value(); }
  /// As --dump=deps lists it, e.g. `2d (0, 1)`.
  std::string label() const { return model::label(protocol, unimodular(), dims); }
};

/// Why the compiler proposes its schedule, or why there is none (report/ says it in words).
enum class ChoiceReason {
  RequestedByPartition, ///< partition(...) names a legal candidate
  PartitionNotLegal,    ///< partition(...) names no legal candidate: none
  OneD,                 ///< a 1D candidate: no communication during the loop
  TwoD,                 ///< no 1D candidate; the first legal 2D pair
  Skewed,               ///< nothing legal on the original space; a skewed space carries all
  Blocked,              ///< nothing legal: see ScheduleChoice::blocking
};

/// A dependence that keeps every schedule from being legal, with every kind that shares its
/// array, distance and first reference pair (a compound update's RAW and WAR).
struct Blocking {
  std::vector<DependenceKind> kinds;
  int dependence = 0; ///< index into DependenceInfo::dependences
};

/// Something the programmer could change to make a `none` loop parallel.
struct Suggestion {
  enum class Kind {
    RemovePartition, ///< partition(...) names no legal candidate
    DropOrdered,     ///< `ordered` keeps write/write conflicts that block every schedule
    RelaxArray,      ///< the dependences of `arrays[0]` alone block 1D and 2D
    RelaxSeveral,    ///< no single array's dependences do: all of `arrays` are involved
  };
  Kind kind;
  std::vector<int> arrays;
};

/// The legal schedules of a loop and the one the compiler proposes.
struct ScheduleChoice {
  std::vector<Schedule> candidates;
  std::optional<Schedule> chosen; ///< none when nothing is legal
  ChoiceReason reason = ChoiceReason::Blocked;
  std::vector<Blocking> blocking; ///< Blocked: the blocking dependences, in analysis order
  std::vector<Suggestion> suggestions;
};

/// Enumerates and verifies candidates. `partition(...)` restricts the choice.
ScheduleChoice select_schedules(const ir::Loop &loop, const DependenceInfo &deps, IslContext &isl);

/// Wolf–Lam skewing: a unimodular T (lower triangular, unit diagonal) such that every
/// transformed vector has only non-negative entries, or nullopt. Exposed for unit tests.
std::optional<Matrix> find_skew(const std::vector<DistanceVector> &vectors, int dims);

} // namespace orion::deps

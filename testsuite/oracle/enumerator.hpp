// Brute-force dependence enumeration: the ground truth the isl analysis is checked against
// (docs/architecture.md). Deliberately independent of isl and of the analysis code in passes/: for
// concrete parameter values it walks every iteration of a loop, lists the elements each reference
// touches there, and records the distance of every pair of iterations whose references conflict.
#pragma once

#include "orion/passes/loop_ir.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace orion::oracle {

/// Read-after-write, write-after-read, write-after-write (source access, then sink access).
enum class DepKind { RAW, WAR, WAW };
std::string_view to_string(DepKind kind);

/// The dependence from `source` (earlier iteration) to `sink` (later one), if the analysis
/// contract has one: write/write pairs only count in ordered loops, a ReadWrite is both.
std::vector<DepKind> dependence_kinds(ir::AccessKind source, ir::AccessKind sink, bool ordered);

/// Whether dependences on the array are analyzed at all (not an accumulator, buffer or relaxed).
bool is_analyzed_array(const ir::Loop &loop, int array);
/// Whether the reference takes part in dependences (analyzed array, not a reduction).
bool is_analyzed_ref(const ir::Loop &loop, const ir::ArrayRef &ref);

/// The inner loops whose indices bound `ref`'s accesses: its enclosing loops, outermost first,
/// then any other inner loop a subscript mentions.
std::vector<int> inner_loops_of(const ir::ArrayRef &ref);

/// Whether the analysis owes exact vectors on this loop: every analyzed reference has only affine
/// subscripts, and every inner loop bounding it has affine bounds.
bool exactness_applies(const ir::Loop &loop);

/// What one subscript of a reference covers at one iteration.
struct Coord {
  enum class Kind : uint8_t {
    Point, ///< exactly `value`
    Any,   ///< every index (unknown or range subscript, or an index with no usable bound)
    Ray,   ///< `value + step * t` for every t >= 0 (an inner index with one non-affine bound)
  };
  Kind kind = Kind::Point;
  int64_t value = 0;
  int64_t step = 0;

  static Coord point(int64_t v) { return {Kind::Point, v, 0}; }
  static Coord any() { return {Kind::Any, 0, 0}; }
  static Coord ray(int64_t start, int64_t step) { return {Kind::Ray, start, step}; }
  friend bool operator==(const Coord &, const Coord &) = default;
  friend auto operator<=>(const Coord &, const Coord &) = default;
};

/// Whether two coordinates can denote the same index.
bool may_overlap(const Coord &a, const Coord &b);

/// A distance p' - p between two iterations, one entry per iteration dimension.
using Distance = std::vector<int64_t>;

struct DistanceHash {
  size_t operator()(const Distance &d) const;
};

using DistanceSet = std::unordered_set<Distance, DistanceHash>;

/// Where a set of true distances belongs: the analysis summarizes each (kind, array, level,
/// source ref, sink ref) separately before merging equal vectors.
struct PairKey {
  DepKind kind = DepKind::RAW;
  int array = -1;
  int level = 0; ///< the first non-zero dimension of the distance
  int source_ref = -1;
  int sink_ref = -1;
  friend bool operator==(const PairKey &, const PairKey &) = default;
  friend auto operator<=>(const PairKey &, const PairKey &) = default;
};

/// Every dependence the loop really has for one assignment of its parameters.
struct Truth {
  std::map<PairKey, DistanceSet> distances;
  int64_t iterations = 0;
  int64_t touches = 0; ///< (iteration, reference, element pattern) triples enumerated
  /// Where the enumeration could only over-approximate what the references touch (the truth may
  /// then hold distances the program lacks, so an "unsound" verdict there needs a second look).
  std::vector<std::string> approximations;
  /// Facts worth reporting that do not change the verdict (e.g. references of different ranks).
  std::vector<std::string> notes;
};

struct Limits {
  int64_t max_iterations = 3000;
  int64_t max_touches = 2'000'000;
};

/// The outcome of enumerating one loop.
struct Enumeration {
  enum class Status {
    Ok,
    TooLarge,   ///< the domain or the touch list exceeds the limits (`reason` says which)
    Unsupported ///< the loop cannot be enumerated (e.g. a non-affine iteration bound)
  };
  Status status = Status::Ok;
  std::string reason;
  /// The domain size; when it exceeds the limit this is a lower bound (`iterations_exact` false).
  int64_t iterations = 0;
  bool iterations_exact = true;
  Truth truth;
};

/// Parameter values by their LoopIR name (`N`, `ratings.extent(0)`).
using ParameterValues = std::map<std::string, int64_t>;

/// Enumerates the true dependences of `loop` with every parameter fixed by `parameters` (each of
/// the loop's parameters must have a value).
Enumeration enumerate_dependences(const ir::Loop &loop, const ParameterValues &parameters,
                                  const Limits &limits = {});

/// Per-dimension minimum and maximum of a non-empty set of distances.
struct Box {
  std::vector<int64_t> lo;
  std::vector<int64_t> hi;
  friend bool operator==(const Box &, const Box &) = default;
};
Box bounding_box(const DistanceSet &set);
/// Adds `other` to the box (`box` may be empty, i.e. have no entries yet).
void extend(Box &box, const Box &other);

/// `(1, -1)`.
std::string to_string(const Distance &d);
/// `([1,4], [-4,-1])`, in the analysis's notation.
std::string to_string(const Box &box);

} // namespace orion::oracle

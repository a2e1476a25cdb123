// Dependence distance vectors summarized as intervals (docs/architecture.md): one vector per
// carrying level, entries before the level are [0,0], the carrying entry has lo >= 1.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace orion::deps {

/// `[lo, hi]` over the integers; an empty bound means -inf (lo) or +inf (hi).
struct Interval {
  std::optional<int64_t> lo;
  std::optional<int64_t> hi;

  static Interval exactly(int64_t v) { return {v, v}; }
  static Interval everything() { return {}; }
  bool is_zero() const { return lo == 0 && hi == 0; }
  /// Every value is >= 0.
  bool non_negative() const { return lo && *lo >= 0; }
  friend bool operator==(const Interval &, const Interval &) = default;
  friend auto operator<=>(const Interval &, const Interval &) = default;
};

/// A summarized dependence distance: one interval per iteration-space dimension.
struct DistanceVector {
  std::vector<Interval> entries;
  int level = 0; ///< the dimension that carries it (first non-[0,0] entry, lo >= 1)
  friend bool operator==(const DistanceVector &, const DistanceVector &) = default;
  friend auto operator<=>(const DistanceVector &, const DistanceVector &) = default;
};

/// `[lo,hi]` with `-inf`/`+inf`, as in reports: `[0,0]`, `[1,+inf]`.
std::string to_string(const Interval &interval);
/// `([0,0], [1,+inf])`.
std::string to_string(const DistanceVector &vector);

/// Interval arithmetic used by the unimodular search: a*x + b*y over intervals.
Interval scale(const Interval &x, int64_t factor);
Interval add(const Interval &x, const Interval &y);

/// Applies an integer matrix (rows = transformed dims) to a vector of intervals.
std::vector<Interval> transform(const std::vector<std::vector<int64_t>> &matrix,
                                const std::vector<Interval> &entries);

} // namespace orion::deps

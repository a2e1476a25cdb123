#include "orion/passes/distance.hpp"

#include <fmt/format.h>

namespace orion::deps {

std::string to_string(const Interval &interval) {
  return fmt::format("[{},{}]", interval.lo ? std::to_string(*interval.lo) : "-inf",
                     interval.hi ? std::to_string(*interval.hi) : "+inf");
}

std::string to_string(const DistanceVector &vector) {
  std::string out = "(";
  for (size_t i = 0; i < vector.entries.size(); ++i)
    out += (i ? ", " : "") + to_string(vector.entries[i]);
  return out + ")";
}

Interval scale(const Interval &x, int64_t factor) {
  if (factor == 0)
    return Interval::exactly(0);
  auto mul = [factor](const std::optional<int64_t> &v) -> std::optional<int64_t> {
    return v ? std::optional<int64_t>(*v * factor) : std::nullopt;
  };
  if (factor > 0)
    return {mul(x.lo), mul(x.hi)};
  return {mul(x.hi), mul(x.lo)}; // a negative factor swaps the ends (and their infinities)
}

Interval add(const Interval &x, const Interval &y) {
  auto sum = [](const std::optional<int64_t> &a,
                const std::optional<int64_t> &b) -> std::optional<int64_t> {
    return a && b ? std::optional<int64_t>(*a + *b) : std::nullopt;
  };
  return {sum(x.lo, y.lo), sum(x.hi, y.hi)};
}

std::vector<Interval> transform(const std::vector<std::vector<int64_t>> &matrix,
                                const std::vector<Interval> &entries) {
  std::vector<Interval> out;
  for (const auto &row : matrix) {
    Interval acc = Interval::exactly(0);
    for (size_t j = 0; j < row.size() && j < entries.size(); ++j)
      acc = add(acc, scale(entries[j], row[j]));
    out.push_back(acc);
  }
  return out;
}

} // namespace orion::deps

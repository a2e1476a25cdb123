// The passes that set a loop up over its whole iteration space (each element's block, the
// histogram clause's counts) run on as many threads as the rank has workers: the workers are idle
// until the loop's blocks start, and on 20M ratings these passes were about half of the first
// epoch's set-up, the in-place sort's swaps the other half (docs/benchmarks.md).
#pragma once

#include "crew.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace orion::detail {

/// The fewest elements a set-up thread takes: below that, starting it costs more than it saves.
inline constexpr std::int64_t kSetupGrain = std::int64_t{1} << 18;

/// How many ranges a set-up pass over n elements uses with `threads` workers on the rank.
inline int setup_parts(std::int64_t n, int threads) {
  return static_cast<int>(std::clamp<std::int64_t>(n / kSetupGrain, 1, std::max(threads, 1)));
}

/// Calls fn(begin, end, part) for `parts` contiguous ranges that cover [0, n) in order, each on a
/// thread of the rank's crew (crew.hpp; the calling thread takes part 0); returns when all have
/// ended, rethrowing the exception of the lowest part that threw. Not from inside a crew round.
template <class Fn> void for_ranges(std::int64_t n, int parts, Fn &&fn) {
  if (parts <= 1) {
    fn(std::int64_t{0}, n, 0);
    return;
  }
  rank_crew(parts).run(static_cast<std::size_t>(parts), [&](std::size_t i) {
    const auto p = static_cast<std::int64_t>(i);
    fn(n * p / parts, n * (p + 1) / parts, static_cast<int>(i));
  });
}

/// Adds to `totals` what fn counts over [0, n): fn(begin, end, table) for `parts` ranges on as
/// many threads (for_ranges), each range counting into a table of totals.size() entries of its
/// own (part 0 straight into `totals`), summed after.
template <class Fn>
void count_over_ranges(std::int64_t n, int parts, std::vector<std::int64_t> &totals, Fn &&fn) {
  std::vector<std::vector<std::int64_t>> more(static_cast<std::size_t>(std::max(parts - 1, 0)),
                                              std::vector<std::int64_t>(totals.size(), 0));
  for_ranges(n, parts, [&](std::int64_t begin, std::int64_t end, int p) {
    fn(begin, end, p == 0 ? totals.data() : more[static_cast<std::size_t>(p - 1)].data());
  });
  for (const std::vector<std::int64_t> &table : more)
    for (std::size_t i = 0; i < totals.size(); ++i)
      totals[i] += table[i];
}

} // namespace orion::detail

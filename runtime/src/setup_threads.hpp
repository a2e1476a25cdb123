// The passes that set a loop up over its whole iteration space (each element's block, the
// histogram clause's counts) run on as many threads as the rank has workers: the workers are idle
// until the loop's blocks start, and on 20M ratings these passes were about half of the first
// epoch's set-up, the in-place sort's swaps the other half (docs/benchmarks.md).
#pragma once

#include <algorithm>
#include <cstdint>
#include <exception>
#include <system_error>
#include <thread>
#include <vector>

namespace orion::detail {

/// The fewest elements a set-up thread takes: below that, starting it costs more than it saves.
inline constexpr std::int64_t kSetupGrain = std::int64_t{1} << 18;

/// How many ranges a set-up pass over n elements uses with `threads` workers on the rank.
inline int setup_parts(std::int64_t n, int threads) {
  return static_cast<int>(std::clamp<std::int64_t>(n / kSetupGrain, 1, std::max(threads, 1)));
}

/// Calls fn(begin, end, part) for `parts` contiguous ranges that cover [0, n) in order, each on a
/// thread of its own (the calling thread takes part 0, and any part no thread could be started
/// for); returns when all have ended, rethrowing the first part's exception.
template <class Fn> void for_ranges(std::int64_t n, int parts, Fn &&fn) {
  if (parts <= 1) {
    fn(std::int64_t{0}, n, 0);
    return;
  }
  std::vector<std::exception_ptr> failed(static_cast<std::size_t>(parts));
  const auto run = [&](int p) {
    try {
      fn(n * p / parts, n * (p + 1) / parts, p);
    } catch (...) {
      failed[static_cast<std::size_t>(p)] = std::current_exception();
    }
  };
  std::vector<std::thread> helpers;
  int inline_from = parts;
  for (int p = 1; p < parts; ++p) {
    try {
      helpers.emplace_back(run, p);
    } catch (const std::system_error &) {
      inline_from = p; // out of threads: the rest run here
      break;
    }
  }
  run(0);
  for (int p = inline_from; p < parts; ++p)
    run(p);
  for (std::thread &t : helpers)
    t.join();
  for (const std::exception_ptr &e : failed)
    if (e)
      std::rethrow_exception(e);
}

} // namespace orion::detail

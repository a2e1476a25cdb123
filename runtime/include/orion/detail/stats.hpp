// What --orion-stats prints when a Session ends: where rank 0's time went, and what all ranks
// sent for each loop against the cost model.
#pragma once

#include <orion/detail/comm.hpp>
#include <orion/detail/state.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

namespace orion::detail {

/// Sums each loop's sent bytes over the ranks into LoopProfile::sent_by_all_ranks (collective:
/// every rank calls it with the same loops, in the order they first ran).
inline void gather_loop_traffic(RuntimeState &st) {
  for (LoopProfile &p : st.loop_profiles) {
    std::int64_t total = 0;
    for (std::int64_t bytes : comm_allgather(p.counters.bytes_sent))
      total += bytes;
    p.sent_by_all_ranks = total;
  }
}

/// For one loop, the bytes all ranks sent per run against the cost model's bytes per pass between
/// ranks (the terms that chose the schedule, a rotation's hand-offs counted where they cross
/// ranks).
inline void print_loop_traffic(const LoopProfile &p, int ranks) {
  const std::int64_t runs = p.counters.runs;
  if (p.sent_by_all_ranks < 0 || runs <= 0 || (p.sent_by_all_ranks == 0 && p.predicted_bytes <= 0))
    return;
  const double sent = static_cast<double>(p.sent_by_all_ranks) / static_cast<double>(runs);
  const double model = p.predicted_bytes / static_cast<double>(runs);
  char ratio[64] = "";
  if (model > 0)
    std::snprintf(ratio, sizeof ratio, " (sent / model %.3f)", sent / model);
  std::fprintf(stderr,
               "orion: stats: loop %s: all %d rank(s) sent %.3f MB per run; the cost model "
               "predicted %.3f MB per pass%s\n",
               p.where.c_str(), ranks, sent / 1e6, model / 1e6, ratio);
}

/// For one loop: its first run against the later ones (setup is mostly in the first), and the
/// arrays its bytes were sent for, the most first, so that the array that dominates is named.
inline void print_loop_detail(const LoopProfile &p) {
  const LoopCounters &c = p.counters;
  if (c.runs > 1) {
    const LoopCounters later = c - p.first;
    const double n = static_cast<double>(later.runs);
    std::fprintf(stderr,
                 "orion: stats: rank 0 loop %s: first run %.3f ms (setup %.3f), later runs %.3f "
                 "ms each (setup %.3f, blocks %.3f, exchange %.3f)\n",
                 p.where.c_str(), 1e3 * p.first.loop_seconds, 1e3 * p.first.setup_seconds,
                 1e3 * later.loop_seconds / n, 1e3 * later.setup_seconds / n,
                 1e3 * later.blocks_seconds / n, 1e3 * later.exchange_seconds / n);
  }
  if (c.bytes_sent <= 0)
    return;
  std::vector<std::size_t> order;
  std::int64_t attributed = 0;
  for (std::size_t a = 0; a < p.sent_by_array.size(); ++a)
    if (p.sent_by_array[a] > 0) {
      order.push_back(a);
      attributed += p.sent_by_array[a];
    }
  std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
    return p.sent_by_array[x] != p.sent_by_array[y] ? p.sent_by_array[x] > p.sent_by_array[y]
                                                    : x < y;
  });
  std::string line;
  const double total = static_cast<double>(c.bytes_sent);
  auto item = [&](const std::string &name, std::int64_t bytes) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "%s%s %.1f MB (%.0f%%)", line.empty() ? "" : ", ", name.c_str(),
                  static_cast<double>(bytes) / 1e6, 100.0 * static_cast<double>(bytes) / total);
    line += buf;
  };
  for (std::size_t a : order)
    item(p.arrays[a], p.sent_by_array[a]);
  if (c.bytes_sent > attributed)
    item("(no array: arrays gathered whole for the loop, --orion-check's access sets)",
         c.bytes_sent - attributed);
  std::fprintf(stderr, "orion: stats: rank 0 loop %s sent, by array: %s\n", p.where.c_str(),
               line.c_str());
}

/// One line per parallel loop, the most expensive first (at most kShown, then a summary of the
/// rest), so that the loop that dominates is named.
inline void print_loop_profiles(const RuntimeState &st) {
  constexpr std::size_t kShown = 5;
  std::vector<const LoopProfile *> order;
  for (const LoopProfile &p : st.loop_profiles)
    order.push_back(&p);
  // Ties in the order the loops first ran (std::stable_sort's buffer is deprecated in C++20).
  std::sort(order.begin(), order.end(), [](const LoopProfile *a, const LoopProfile *b) {
    return a->counters.loop_seconds != b->counters.loop_seconds
               ? a->counters.loop_seconds > b->counters.loop_seconds
               : a < b;
  });
  const double total = st.loops.loop_seconds > 0 ? st.loops.loop_seconds : 1.0;
  for (std::size_t i = 0; i < order.size() && i < kShown; ++i) {
    const LoopCounters &c = order[i]->counters;
    const double runs = c.runs > 0 ? static_cast<double>(c.runs) : 1.0;
    std::fprintf(stderr,
                 "orion: stats: rank 0 loop %s [%s]: %lld run(s), %.3f s (%.0f%% of the loops' "
                 "time, %.4f s per run) = setup %.3f + blocks %.3f + exchange %.3f; per worker "
                 "compute %.3f, waiting %.3f; sent %.1f MB\n",
                 order[i]->where.c_str(), order[i]->schedule.c_str(),
                 static_cast<long long>(c.runs), c.loop_seconds, 100.0 * c.loop_seconds / total,
                 c.loop_seconds / runs, c.setup_seconds, c.blocks_seconds, c.exchange_seconds,
                 c.compute_seconds / st.threads_per_rank, c.wait_seconds / st.threads_per_rank,
                 static_cast<double>(c.bytes_sent) / 1e6);
    print_loop_detail(*order[i]);
    print_loop_traffic(*order[i], st.num_ranks);
  }
  if (order.size() > kShown) {
    LoopCounters rest;
    for (std::size_t i = kShown; i < order.size(); ++i)
      rest += order[i]->counters;
    std::fprintf(stderr, "orion: stats: rank 0 %zu other loop(s): %lld run(s), %.3f s\n",
                 order.size() - kShown, static_cast<long long>(rest.runs), rest.loop_seconds);
  }
}

/// The parallel-loop profile (two lines, then one per loop) and the session profile (one line), on
/// stderr. Loop phases are wall-clock on the rank; compute, waiting and idle are per worker
/// (summed over the rank's workers, divided by their number), so blocks ~ compute + waiting + idle.
inline void print_stats(const RuntimeState &st) {
  const double session =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - st.session_start).count();
  if (st.loops.runs > 0) {
    std::fprintf(
        stderr,
        "orion: stats: rank 0 ran %lld parallel loop(s) in %.3f s; its %d worker(s) "
        "computed %.3f s and waited %.3f s for their predecessors (summed); sent %.1f MB\n",
        static_cast<long long>(st.loops.runs), st.loops.loop_seconds, st.threads_per_rank,
        st.loops.compute_seconds, st.loops.wait_seconds,
        static_cast<double>(st.loops.bytes_sent) / 1e6);
    const double n = st.threads_per_rank;
    const double other = st.loops.loop_seconds - st.loops.setup_seconds - st.loops.blocks_seconds -
                         st.loops.exchange_seconds;
    std::fprintf(stderr,
                 "orion: stats: rank 0 parallel loops %.3f s = setup (schedule, partitions, data "
                 "layout) %.3f + blocks %.3f + exchange between ranks %.3f + other %.3f; per "
                 "worker during blocks: compute %.3f, waiting for a predecessor %.3f, idle at the "
                 "end %.3f\n",
                 st.loops.loop_seconds, st.loops.setup_seconds, st.loops.blocks_seconds,
                 st.loops.exchange_seconds, other < 0 ? 0.0 : other, st.loops.compute_seconds / n,
                 st.loops.wait_seconds / n, st.loops.idle_seconds / n);
    print_loop_profiles(st);
    if (st.loops.merges > 0)
      std::fprintf(stderr,
                   "orion: stats: rank 0 merged shared updates (relaxed deltas, Buffer flushes) "
                   "%lld time(s) in %.3f s, applying %.1f MB of packed updates\n",
                   static_cast<long long>(st.loops.merges), st.loops.merge_seconds,
                   static_cast<double>(st.loops.merged_bytes) / 1e6);
    const LoopCounters &c = st.loops;
    if (c.prefetch_rows > 0 || c.miss_rows > 0)
      std::fprintf(stderr,
                   "orion: stats: rank 0 served arrays: prefetch named %lld row(s) of other "
                   "ranks (%lld already cached, %lld fetched, %.1f MB) in %.3f s; %lld row(s) "
                   "fetched on a miss (%.1f MB)\n",
                   static_cast<long long>(c.prefetch_rows),
                   static_cast<long long>(c.prefetch_cached),
                   static_cast<long long>(c.prefetch_fetched),
                   static_cast<double>(c.prefetch_bytes) / 1e6, c.prefetch_seconds,
                   static_cast<long long>(c.miss_rows), static_cast<double>(c.miss_bytes) / 1e6);
  }
  const double loading = st.load_seconds + st.cache_load_seconds;
  const double rest = session - loading - st.loops.loop_seconds - st.reduce_seconds;
  std::fprintf(stderr,
               "orion: stats: rank 0 session %.3f s = loading %.3f + parallel loops %.3f + "
               "reductions across ranks %.3f + the rest (driver code, gathering loaded data) "
               "%.3f\n",
               session, loading, st.loops.loop_seconds, st.reduce_seconds, rest < 0 ? 0.0 : rest);
}

} // namespace orion::detail

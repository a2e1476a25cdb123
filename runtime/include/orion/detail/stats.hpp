// What --orion-stats prints when a Session ends: where rank 0's time went.
#pragma once

#include <orion/detail/state.hpp>

#include <chrono>
#include <cstdio>

namespace orion::detail {

/// The parallel-loop profile (two lines) and the session profile (one line), on stderr. Loop
/// phases are wall-clock on the rank; compute, waiting and idle are per worker (summed over the
/// rank's workers, divided by their number), so blocks ~ compute + waiting + idle.
inline void print_stats(const RuntimeState &st) {
  const double session =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - st.session_start).count();
  if (st.loop_runs > 0) {
    std::fprintf(
        stderr,
        "orion: stats: rank 0 ran %lld parallel loop(s) in %.3f s; its %d worker(s) "
        "computed %.3f s and waited %.3f s for their predecessors (summed); sent %.1f MB\n",
        static_cast<long long>(st.loop_runs), st.loop_seconds, st.threads_per_rank,
        st.compute_seconds, st.wait_seconds, static_cast<double>(st.bytes_sent) / 1e6);
    const double n = st.threads_per_rank;
    const double other =
        st.loop_seconds - st.setup_seconds - st.blocks_seconds - st.exchange_seconds;
    std::fprintf(stderr,
                 "orion: stats: rank 0 parallel loops %.3f s = setup (schedule, partitions, data "
                 "layout) %.3f + blocks %.3f + exchange between ranks %.3f + other %.3f; per "
                 "worker during blocks: compute %.3f, waiting for a predecessor %.3f, idle at the "
                 "end %.3f\n",
                 st.loop_seconds, st.setup_seconds, st.blocks_seconds, st.exchange_seconds,
                 other < 0 ? 0.0 : other, st.compute_seconds / n, st.wait_seconds / n,
                 st.idle_seconds / n);
    if (st.merges > 0)
      std::fprintf(stderr,
                   "orion: stats: rank 0 merged shared updates (relaxed deltas, Buffer flushes) "
                   "%lld time(s) in %.3f s, applying %.1f MB of packed updates\n",
                   static_cast<long long>(st.merges), st.merge_seconds,
                   static_cast<double>(st.merged_bytes) / 1e6);
  }
  const double loading = st.load_seconds + st.cache_load_seconds;
  const double rest = session - loading - st.loop_seconds - st.reduce_seconds;
  std::fprintf(stderr,
               "orion: stats: rank 0 session %.3f s = loading %.3f + parallel loops %.3f + "
               "reductions across ranks %.3f + the rest (driver code, gathering loaded data) "
               "%.3f\n",
               session, loading, st.loop_seconds, st.reduce_seconds, rest < 0 ? 0.0 : rest);
}

} // namespace orion::detail

// The process-wide runtime state: the one global object the runtime keeps. MPI is process-global,
// so the session that owns it has to be as well; everything else hangs off this object.
#pragma once

#include <orion/detail/random.hpp>
#include <orion/options.hpp>

#include <chrono>
#include <cstdint>
#include <exception>
#include <memory>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace orion::detail {

inline constexpr std::size_t kCacheLine = 64;

struct SparseShard;

/// One engine per cache line so that workers drawing numbers never share a line.
struct alignas(kCacheLine) PaddedRng {
  Rng engine;
};

/// --orion-stats counters of parallel loops. Wall-clock seconds on the rank's calling thread:
/// loop (all of it), setup (choosing the schedule, partitioning, sorting sparse data into
/// blocks), blocks (the phase in which the workers run), exchange (making every rank's copy
/// current afterwards). Compute, wait and idle are summed over the rank's workers: running the
/// body, waiting for a predecessor's block, and idle once their own blocks were done while others
/// still ran. Merges of shared updates (relaxed deltas, Buffer flushes): how many, the bytes of
/// packed updates this rank applied (its own and, across ranks, everyone's), and their time.
struct LoopCounters {
  std::int64_t runs = 0;
  double loop_seconds = 0;
  double setup_seconds = 0;
  double blocks_seconds = 0;
  double exchange_seconds = 0;
  double compute_seconds = 0;
  double wait_seconds = 0;
  double idle_seconds = 0;
  std::int64_t bytes_sent = 0;
  std::int64_t merges = 0;
  std::int64_t merged_bytes = 0;
  double merge_seconds = 0;
  /// Served arrays sharded across ranks (served_loop.hpp): the rows the prefetch slices named
  /// (each once per block, after dropping this rank's own), those the cache already held, those
  /// fetched and their bytes; the rows fetched on a miss and their bytes; the time spent in
  /// prefetch exchanges (on the calling thread, part of blocks).
  std::int64_t prefetch_rows = 0;
  std::int64_t prefetch_cached = 0;
  std::int64_t prefetch_fetched = 0;
  std::int64_t prefetch_bytes = 0;
  std::int64_t miss_rows = 0;
  std::int64_t miss_bytes = 0;
  double prefetch_seconds = 0;

  /// Field by field: a loop's share is the counters after it minus the counters before it.
  LoopCounters &operator+=(const LoopCounters &o) noexcept {
    zip(o, [](auto &mine, auto theirs) { mine += theirs; });
    return *this;
  }
  LoopCounters operator-(const LoopCounters &o) const noexcept {
    LoopCounters d = *this;
    d.zip(o, [](auto &mine, auto theirs) { mine -= theirs; });
    return d;
  }

private:
  /// f(this field, o's field) for every field: the one list of them the operators share.
  template <class F> void zip(const LoopCounters &o, F f) noexcept {
    f(runs, o.runs);
    f(loop_seconds, o.loop_seconds);
    f(setup_seconds, o.setup_seconds);
    f(blocks_seconds, o.blocks_seconds);
    f(exchange_seconds, o.exchange_seconds);
    f(compute_seconds, o.compute_seconds);
    f(wait_seconds, o.wait_seconds);
    f(idle_seconds, o.idle_seconds);
    f(bytes_sent, o.bytes_sent);
    f(merges, o.merges);
    f(merged_bytes, o.merged_bytes);
    f(merge_seconds, o.merge_seconds);
    f(prefetch_rows, o.prefetch_rows);
    f(prefetch_cached, o.prefetch_cached);
    f(prefetch_fetched, o.prefetch_fetched);
    f(prefetch_bytes, o.prefetch_bytes);
    f(miss_rows, o.miss_rows);
    f(miss_bytes, o.miss_bytes);
    f(prefetch_seconds, o.prefetch_seconds);
  }
};

/// What the runtime remembers about one parallel loop across its runs: how many times it ran
/// (--orion-verbose describes a loop once, --orion-digest numbers its passes, --orion-stagger
/// counts them) and its share of the counters, for the per-loop lines of --orion-stats.
struct LoopProfile {
  const void *plan = nullptr; ///< identifies the loop (its plan::LoopPlan)
  std::string where;          ///< "file:line" of its pragma
  std::string schedule;       ///< the candidate it ran last, as --dump=deps names it
  std::int64_t passes = 0;    ///< runs started so far
  LoopCounters counters;
  LoopCounters first; ///< the first run's share (setup is mostly there)
  /// The loop's arguments (0: the iterated array) and the bytes sent for each, over all runs.
  std::vector<std::string> arrays;
  std::vector<std::int64_t> sent_by_array;
  /// The cost model's bytes per pass for the schedule each run used, summed over the runs.
  double predicted_bytes = 0;
  /// Bytes every rank sent for the loop, summed over ranks and runs: gathered when the Session
  /// ends under --orion-stats (-1 before).
  std::int64_t sent_by_all_ranks = -1;
};

struct RuntimeState {
  Options options;
  std::string program = "orion";
  int rank = 0;
  int num_ranks = 1;
  int threads_per_rank = 1;
  /// The ranks of this job on this machine (each holds its own copy of every replicated array).
  int ranks_on_node = 1;
  bool session_active = false;
  /// The thread that created the Session: the one that may make collective calls.
  std::thread::id session_thread;
  /// True when the Session called MPI_Init and therefore has to call MPI_Finalize.
  bool backend_owned = false;
  std::terminate_handler previous_terminate = nullptr;
  /// Driver code outside parallel loops draws from this one: same seed on every rank, so the
  /// replicated driver stays identical across ranks.
  Rng replicated_rng;
  /// Indexed by local worker id; worker w's stream depends on (seed, global id of w). Unused
  /// when there is one worker in total (see worker_rng).
  std::vector<PaddedRng> worker_rngs = std::vector<PaddedRng>(1);
  /// --orion-stats counters: this rank's share of loading (reading + parsing, not gathering).
  std::int64_t loads = 0;
  std::int64_t bytes_loaded = 0;
  double load_seconds = 0;
  /// Loads served by a binary cache (<path>.orion-cache): reading it, on this rank.
  std::int64_t cache_loads = 0;
  std::int64_t cache_bytes_loaded = 0;
  double cache_load_seconds = 0;
  /// Cache paths whose failed write has been reported, so that a program reloading a file every
  /// epoch warns once per process.
  std::vector<std::string> cache_warnings;
  /// The SparseArrays whose elements are distributed across the ranks (sparse_shard.hpp), in the
  /// order they became so.
  std::vector<SparseShard *> shards;
  /// Bytes this rank sent moving distributed sparse elements to the ranks that run them.
  std::int64_t placed_bytes = 0;
  /// A replicated array larger than this warns when its loop first runs (replica_warning.cpp);
  /// 0: a quarter of this machine's memory divided by the ranks on it. Tests set it.
  std::int64_t replica_warning_bytes = 0;
  /// The loops and arrays warned about so far ("file:line 'name'"), each warned once.
  std::vector<std::string> replica_warnings;
  /// The fewest elements a placement round moves (sparse_placement.cpp), below which the rounds'
  /// all-to-alls would cost more than their messages save. Tests lower it to run many rounds.
  std::int64_t placement_round_min = std::int64_t{1} << 16;
  /// --orion-stats counters of parallel loops on this rank, all loops together; each loop's
  /// share is in loop_profiles.
  LoopCounters loops;
  /// The running loop's bytes sent per argument (sized when it starts; added to its profile).
  std::vector<std::int64_t> sent_by_array;
  /// The running loop's arguments whose slabs stayed on the ranks that wrote them (sized when it
  /// starts; runtime/src/slab_shards.hpp): the model's coherence term for them was not paid.
  std::vector<char> slabs_kept;
  /// Accumulator::aggregate across ranks (wall-clock seconds).
  double reduce_seconds = 0;
  /// Each parallel loop's record, in the order the loops first ran.
  std::vector<LoopProfile> loop_profiles;
  std::chrono::steady_clock::time_point session_start = std::chrono::steady_clock::now();
  /// Scratch of the exchanges after a parallel loop and of the merges (packed bytes out, gathered
  /// bytes in), used by the calling thread only. Kept across loops: a loop that runs every epoch
  /// would otherwise fault in megabytes of fresh pages per exchange, which took longer than the
  /// transfer itself (rank 64 SGD MF on 2 ranks: 90 ms per loop for 4.5 MB).
  std::vector<unsigned char> exchange_out, exchange_in;
  /// A 1D loop's copies of the arrays it writes unaligned (taken before, compared after) and the
  /// write records found: kept for the same reason.
  std::vector<std::vector<unsigned char>> snapshots;
  std::vector<unsigned char> write_records;
  /// --orion-replay-serial: every worker's stream, on every rank (indexed by global id).
  std::vector<PaddedRng> replay_rngs;

  /// Clean pending-update slots of relaxed arrays and Buffers (shared_updates.hpp), per element
  /// type, kept from loop to loop. Only the thread that runs loops uses them.
  std::vector<std::pair<const void *, std::shared_ptr<void>>> slot_pools;
  /// `repeated` loops: the rows each of this rank's blocks prefetched, per loop (served_loop.cpp),
  /// reused while the blocks are the same.
  std::vector<std::pair<const void *, std::shared_ptr<void>>> prefetch_lists;
  /// This rank's worker threads (runtime/src/crew.hpp), kept from loop to loop: a program may
  /// run thousands of short loops. Dropped by reseed().
  std::shared_ptr<void> crew;

  RuntimeState() { reseed(); }

  /// One worker in total (one rank, one thread), as in the serial build.
  bool one_worker() const noexcept { return num_ranks == 1 && threads_per_rank == 1; }

  /// The engine of this rank's worker `local`. With one worker in total it is the replicated
  /// engine itself: a loop body continues the driver's stream exactly where the driver left it,
  /// which is what the serial build (no workers at all) does, so the numbers match bit for bit.
  /// With more workers each has an independent stream of (seed, global id + 1), and loop bodies
  /// leave the replicated stream alone.
  Rng &worker_rng(std::size_t local) noexcept {
    return one_worker() ? replicated_rng : worker_rngs[local].engine;
  }
  /// --orion-replay-serial: the engine that replays worker `global` (of any rank), the same
  /// stream worker_rng gives that worker in the parallel run.
  Rng &replay_rng(std::size_t global) {
    return one_worker() ? replicated_rng : replay_rngs.at(global).engine;
  }

  void reseed() {
    replicated_rng.seed(options.seed, 0);
    worker_rngs.assign(static_cast<std::size_t>(threads_per_rank), PaddedRng{});
    for (int w = 0; w < threads_per_rank; ++w) {
      const auto global = static_cast<std::uint64_t>(rank) * threads_per_rank + w;
      worker_rngs[w].engine.seed(options.seed, global + 1);
    }
    replay_rngs.assign(static_cast<std::size_t>(num_ranks) * threads_per_rank, PaddedRng{});
    for (std::size_t g = 0; g < replay_rngs.size(); ++g)
      replay_rngs[g].engine.seed(options.seed, g + 1);
    loops = {};
    reduce_seconds = 0;
    loop_profiles.clear();
    crew.reset();
    slot_pools.clear();
    prefetch_lists.clear();
  }
};

#ifndef ORION_DISTRIBUTED
inline RuntimeState &state() noexcept {
  static RuntimeState instance;
  return instance;
}
#else
/// Defined in the orion_rt library so that every module of a program shares it.
RuntimeState &state() noexcept;
#endif

} // namespace orion::detail

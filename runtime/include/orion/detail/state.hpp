// The process-wide runtime state: the one global object the runtime keeps. MPI is process-global,
// so the session that owns it has to be as well; everything else hangs off this object.
#pragma once

#include <orion/detail/random.hpp>
#include <orion/options.hpp>

#include <cstdint>
#include <exception>
#include <string>
#include <utility>
#include <vector>

namespace orion::detail {

inline constexpr std::size_t kCacheLine = 64;

/// One engine per cache line so that workers drawing numbers never share a line.
struct alignas(kCacheLine) PaddedRng {
  Rng engine;
};

struct RuntimeState {
  Options options;
  std::string program = "orion";
  int rank = 0;
  int num_ranks = 1;
  int threads_per_rank = 1;
  bool session_active = false;
  /// True when the Session called MPI_Init and therefore has to call MPI_Finalize.
  bool backend_owned = false;
  std::terminate_handler previous_terminate = nullptr;
  /// Driver code outside parallel loops draws from this one: same seed on every rank, so the
  /// replicated driver stays identical across ranks.
  Rng replicated_rng;
  /// Indexed by local worker id; worker w's stream depends on (seed, global id of w).
  std::vector<PaddedRng> worker_rngs = std::vector<PaddedRng>(1);
  /// --orion-stats counters: this rank's share of loading (reading + parsing, not gathering).
  std::int64_t loads = 0;
  std::int64_t bytes_loaded = 0;
  double load_seconds = 0;
  /// --orion-stats counters of parallel loops on this rank (seconds summed over its workers).
  std::int64_t loop_runs = 0;
  double compute_seconds = 0;
  double wait_seconds = 0;
  double loop_seconds = 0;
  std::int64_t bytes_sent = 0;
  /// --orion-replay-serial: every worker's stream, on every rank (indexed by global id).
  std::vector<PaddedRng> replay_rngs;
  /// How many times each parallel loop (by its plan) has run: --orion-verbose describes a loop
  /// once, --orion-digest numbers its passes.
  std::vector<std::pair<const void *, std::int64_t>> loop_passes;

  RuntimeState() { reseed(); }

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
    loop_runs = 0;
    compute_seconds = wait_seconds = loop_seconds = 0;
    bytes_sent = 0;
    loop_passes.clear();
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

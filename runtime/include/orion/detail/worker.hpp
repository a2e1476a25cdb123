// The worker context of the calling thread. Code outside any worker context is replicated driver
// code (it runs identically on every rank); executors wrap each worker's share of a parallel loop
// in a WorkerScope so that accumulators and rng() know which per-worker slot to use.
#pragma once

#include <orion/detail/state.hpp>
#include <orion/error.hpp>

#include <cstdint>
#include <string>
#include <thread>

namespace orion::detail {

/// `local` of a worker that --orion-replay-serial replays on a rank that does not own it: its
/// accumulator contributions are dropped there (the owning rank counts them).
inline constexpr int kForeignWorker = -2;

struct WorkerContext {
  std::int64_t global = -1; ///< global worker id, -1 outside a worker context
  int local = -1;           ///< index among this rank's workers, or kForeignWorker
  Rng *rng = nullptr;       ///< cached so rng() in a loop body is one thread-local load
};

inline constinit thread_local WorkerContext tl_worker{};

/// RAII: the calling thread acts as worker `global_worker_id` until the scope ends. Scopes nest
/// (the previous context is restored). The id must belong to this rank:
/// rank * threads_per_rank <= id < (rank + 1) * threads_per_rank.
class WorkerScope {
public:
  explicit WorkerScope(std::int64_t global_worker_id) : saved_(tl_worker) {
    RuntimeState &st = state();
    const std::int64_t first = static_cast<std::int64_t>(st.rank) * st.threads_per_rank;
    const std::int64_t local = global_worker_id - first;
    if (local < 0 || local >= st.threads_per_rank || local >= std::int64_t(st.worker_rngs.size()))
      throw Error("worker id " + std::to_string(global_worker_id) + " does not belong to rank " +
                  std::to_string(st.rank) + " (its workers are " + std::to_string(first) + ".." +
                  std::to_string(first + st.threads_per_rank - 1) + ")");
    tl_worker = WorkerContext{global_worker_id, static_cast<int>(local),
                              &st.worker_rng(static_cast<std::size_t>(local))};
  }
  ~WorkerScope() { tl_worker = saved_; }
  WorkerScope(const WorkerScope &) = delete;
  WorkerScope &operator=(const WorkerScope &) = delete;

private:
  WorkerContext saved_;
};

/// RAII for --orion-replay-serial: the calling thread replays worker `global_worker_id`, which may
/// belong to another rank. Every rank replays every worker with its own copy of that worker's
/// random stream (RuntimeState::replay_rng), so the streams advance exactly as in the parallel
/// run.
class ReplayScope {
public:
  ReplayScope(std::int64_t global_worker_id, Rng &engine) : saved_(tl_worker) {
    const RuntimeState &st = state();
    const std::int64_t local = global_worker_id - std::int64_t(st.rank) * st.threads_per_rank;
    const bool owned = local >= 0 && local < st.threads_per_rank;
    tl_worker =
        WorkerContext{global_worker_id, owned ? static_cast<int>(local) : kForeignWorker, &engine};
  }
  ~ReplayScope() { tl_worker = saved_; }
  ReplayScope(const ReplayScope &) = delete;
  ReplayScope &operator=(const ReplayScope &) = delete;

private:
  WorkerContext saved_;
};

inline bool in_worker() noexcept { return tl_worker.global >= 0; }

/// Driver code's first touch of an array that is sharded across ranks, distributed, or not yet
/// filled does collective work (a gather, the fill) that only the thread that started the Session
/// may do. Threads the program started (std::thread) that did it at once read zeros, crashed in
/// MPI or hung; now the first of them stops with this error.
inline void require_session_thread(const char *what) {
  const RuntimeState &st = state();
  if (!st.session_active || in_worker() || std::this_thread::get_id() == st.session_thread)
    return;
  throw Error(std::string("a thread the program started touched ") + what +
              ", which first gathers it on every rank (collective): only the thread that created "
              "the orion::Session may do that; call orion::gather(array) (array.whole() for a "
              "SparseArray) before starting the threads, which may then read it");
}

} // namespace orion::detail

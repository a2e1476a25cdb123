// The Session (process-group lifetime, options, fatal-error reporting) and introspection.
#pragma once

#include <orion/detail/collective_call.hpp>
#include <orion/detail/comm.hpp>
#include <orion/detail/option_agreement.hpp>
#include <orion/detail/state.hpp>
#include <orion/detail/stats.hpp>
#include <orion/detail/worker.hpp>
#include <orion/error.hpp>
#include <orion/options.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <optional>
#include <string>
#include <string_view>
#include <thread>

namespace orion {

namespace detail {

inline std::string program_name(std::string_view argv0) {
  const auto slash = argv0.find_last_of('/');
  return std::string(slash == std::string_view::npos ? argv0 : argv0.substr(slash + 1));
}

/// Reports a fatal error as one line and ends the process on every rank. A collective
/// error is printed by the root only (all ranks have the same message); a local one carries its
/// rank and aborts the job so that ranks waiting in a collective do not hang.
[[noreturn]] inline void end_with_error(const std::string &what, bool collective) noexcept {
  const int rank = comm_rank();
  const char *program = state().program.c_str();
  std::fflush(stdout);
  if (!collective && comm_size() > 1)
    std::fprintf(stderr, "[rank %d] %s: error: %s\n", rank, program, what.c_str());
  else if (!collective || rank == 0)
    std::fprintf(stderr, "%s: error: %s\n", program, what.c_str());
  std::fflush(stderr);
  backend_fail(collective);
}

/// std::terminate's handler while a Session runs: an uncaught exception is a fatal error.
[[noreturn]] inline void terminate_handler() noexcept {
  std::string what = "std::terminate called without an active exception";
  bool collective = false;
  if (std::exception_ptr current = std::current_exception()) {
    try {
      std::rethrow_exception(current);
    } catch (const Error &e) {
      what = e.what();
      collective = e.collective();
    } catch (const std::exception &e) {
      what = e.what();
    } catch (...) {
      what = "unknown exception";
    }
  }
  end_with_error(what, collective);
}

inline int default_threads_per_rank(int ranks_on_node) {
  const int cores = static_cast<int>(std::thread::hardware_concurrency());
  return std::max(1, cores / std::max(1, ranks_on_node));
}

/// The system's limits on threads, as the kernel reports them; -1: no limit, or not readable.
struct SystemThreadLimits {
  std::int64_t nproc = -1;         ///< RLIMIT_NPROC soft limit: threads of this user (not for root)
  std::int64_t threads_max = -1;   ///< /proc/sys/kernel/threads-max: threads of the system
  std::int64_t pid_max = -1;       ///< /proc/sys/kernel/pid_max: every thread takes an id
  std::int64_t pids_free = -1;     ///< this cgroup's pids.max - pids.current (containers)
  std::int64_t max_map_count = -1; ///< /proc/sys/vm/max_map_count: memory maps of one process
};

/// Threads a rank keeps besides its workers (main thread, MPI's progress threads, the program's).
inline constexpr std::int64_t kThreadHeadroom = 16;

struct ThreadLimit {
  int threads = kMaxThreads;
  std::string why; ///< the limit that sets it, for the message
};

/// The most worker threads one of `ranks_on_node` ranks of a node can start: kMaxThreads, lowered
/// to the rank's share of each budget the node's ranks draw from (less kThreadHeadroom) and to a
/// quarter of max_map_count (a thread's stack takes two maps; half the maps stay the program's).
inline ThreadLimit thread_limit(const SystemThreadLimits &sys, int ranks_on_node) {
  ThreadLimit out{kMaxThreads, "the runtime's limit"};
  const std::int64_t ranks = std::max(1, ranks_on_node);
  auto lower = [&](std::int64_t value, bool shared, const char *what) {
    if (value < 0)
      return;
    const std::int64_t share = shared ? value / ranks : value / 4;
    const std::int64_t n = std::max<std::int64_t>(1, share - kThreadHeadroom);
    if (n >= out.threads)
      return;
    out.threads = static_cast<int>(n);
    out.why = std::string(what) + " is " + std::to_string(value);
    if (shared && ranks > 1)
      out.why += ", shared by the node's " + std::to_string(ranks) + " ranks";
  };
  lower(sys.nproc, true, "RLIMIT_NPROC (ulimit -u)");
  lower(sys.threads_max, true, "/proc/sys/kernel/threads-max");
  lower(sys.pid_max, true, "/proc/sys/kernel/pid_max");
  lower(sys.pids_free, true, "the free pids of this cgroup (pids.max - pids.current)");
  lower(sys.max_map_count, false, "/proc/sys/vm/max_map_count");
  return out;
}

#ifdef ORION_DISTRIBUTED
/// Reads the limits of this process (orion_rt).
SystemThreadLimits system_thread_limits();
#else
inline SystemThreadLimits system_thread_limits() { return {}; } // one worker: nothing to bound
#endif

inline void end_session_at_exit();

} // namespace detail

/// The runtime's lifetime; make it the first line of main. Distributed: initializes MPI (unless
/// something else already did; then it also leaves finalizing to that code) and finalizes it at
/// scope exit; MPI cannot restart, so a distributed program gets one Session. Parses and removes
/// the --orion-* flags (see parse_options), installs the fatal-error handler, seeds orion::rng().
/// Only one Session may exist at a time.
class Session {
public:
  Session(int &argc, char **&argv) { start(argc, argv); }
  /// No command line: options come from the environment only.
  Session() {
    int argc = 0;
    char **argv = nullptr;
    start(argc, argv);
  }
  ~Session();
  Session(const Session &) = delete;
  Session &operator=(const Session &) = delete;

  const Options &options() const noexcept { return detail::state().options; }

private:
  void start(int &argc, char **&argv);
};

inline void Session::start(int &argc, char **&argv) {
  detail::RuntimeState &st = detail::state();
  if (st.session_active)
    throw Error("only one orion::Session may exist at a time");
  if (argc > 0 && argv != nullptr && argv[0] != nullptr)
    st.program = detail::program_name(argv[0]);
  detail::backend_init(argc, argv);
  // Installed before anything can fail, so that a bad flag is reported as one clean line too.
  if (auto previous = std::set_terminate(&detail::terminate_handler);
      previous != &detail::terminate_handler)
    st.previous_terminate = previous;

  const int ranks_on_node = detail::comm_node_size(); // collective: every rank calls it
  Options options;
  // The serial backend runs one worker; --orion-threads is accepted there and recorded only.
  int threads = 1;
  std::optional<std::string> error;
  try {
    options = parse_options(argc, argv);
    if (detail::kDistributed) {
      // Bounded by what this node can run, so that a parallel loop never fails halfway through
      // starting its workers (which still ends in a clean error, see executor.cpp).
      const detail::ThreadLimit limit =
          detail::thread_limit(detail::system_thread_limits(), ranks_on_node);
      threads = options.threads > 0
                    ? options.threads
                    : std::min(detail::default_threads_per_rank(ranks_on_node), limit.threads);
      if (threads > limit.threads)
        throw OptionError("invalid value \"" + std::to_string(options.threads) + "\" for " +
                          options.threads_source + ": at most " + std::to_string(limit.threads) +
                          " worker threads per rank here (" + limit.why + ")");
    }
  } catch (const OptionError &e) {
    error = e.what();
  }
  // Collective: ranks on different nodes may see different limits; all of them stop.
  detail::raise_if_any<OptionError>(error);
  detail::check_same_options(options);
  // Every rank must run the same number of workers; nodes may differ in cores and limits.
  threads = static_cast<int>(-detail::comm_allreduce_max(-std::int64_t{threads}));

  st.options = options;
  st.rank = detail::comm_rank();
  st.num_ranks = detail::comm_size();
  st.threads_per_rank = threads;
  st.ranks_on_node = ranks_on_node;
  st.reseed();
  st.loads = st.bytes_loaded = st.cache_loads = st.cache_bytes_loaded = 0;
  st.load_seconds = st.cache_load_seconds = 0;
  st.session_active = true;
  st.session_thread = std::this_thread::get_id();
  st.session_start = std::chrono::steady_clock::now();
  [[maybe_unused]] static const bool at_exit = std::atexit(&detail::end_session_at_exit) == 0;
  if (options.verbose && st.rank == 0)
    std::fprintf(stderr, "orion: %d rank(s) x %d thread(s) = %lld worker(s), seed %llu (%s)\n",
                 st.num_ranks, st.threads_per_rank,
                 static_cast<long long>(st.num_ranks) * st.threads_per_rank,
                 static_cast<unsigned long long>(options.seed),
                 detail::kDistributed ? "distributed" : "serial");
}

namespace detail {

/// Ends the running Session on this rank: the collective check that every rank ends it, the
/// statistics, and MPI_Finalize. What ~Session does, and std::exit through end_session_at_exit.
inline void end_session() {
  detail::RuntimeState &st = detail::state();
  try {
    // A rank still waiting in a collective call would wait forever once the others finalize.
    detail::enter_collective({detail::CollectiveKind::SessionEnd});
    if (st.options.stats) // every rank has the same option, and ran the same loops
      detail::gather_loop_traffic(st);
  } catch (const Error &e) {
    detail::end_with_error(e.what(), e.collective());
  }
  if (st.options.stats && st.rank == 0)
    std::fprintf(stderr,
                 "orion: stats: rank 0 parsed %lld file(s), %.1f MB in %.3f s (%.1f MB/s)\n",
                 static_cast<long long>(st.loads), st.bytes_loaded / 1e6, st.load_seconds,
                 st.load_seconds > 0 ? st.bytes_loaded / 1e6 / st.load_seconds : 0.0);
  if (st.options.stats && st.rank == 0 && st.cache_loads > 0)
    std::fprintf(
        stderr, "orion: stats: rank 0 read %lld file(s) from binary caches, %.1f MB in %.3f s\n",
        static_cast<long long>(st.cache_loads), st.cache_bytes_loaded / 1e6, st.cache_load_seconds);
  if (st.options.stats && st.rank == 0)
    detail::print_stats(st);
  std::set_terminate(st.previous_terminate);
  st.previous_terminate = nullptr;
  detail::backend_finalize();
  st.rank = 0;
  st.num_ranks = 1;
  st.threads_per_rank = 1;
  st.ranks_on_node = 1;
  st.reseed();
  st.session_active = false;
}

/// Registered with std::atexit: a program that calls std::exit (on every rank) ends its Session
/// as returning from main does. Without it the Session's destructor never ran, MPI was never
/// finalized, and mpirun failed a program whose every rank called std::exit(0) (rc=1, "exiting
/// improperly"). A rank that calls it while the others go on to a collective call stops them with
/// the usual mismatch error. From a worker thread MPI cannot be called (FUNNELED): the job ends
/// as MPI reports it.
inline void end_session_at_exit() {
  const RuntimeState &st = state();
  if (st.session_active && !in_worker() && std::this_thread::get_id() == st.session_thread)
    end_session();
}

} // namespace detail

inline Session::~Session() { detail::end_session(); }

/// This process's rank (0 in serial builds and outside a Session).
inline int rank() noexcept { return detail::state().rank; }
inline int num_ranks() noexcept { return detail::state().num_ranks; }
/// Rank 0: where replicated driver code should print.
inline bool is_root() noexcept { return rank() == 0; }
/// Worker threads each rank runs parallel loops with (1 in serial builds).
inline int threads_per_rank() noexcept { return detail::state().threads_per_rank; }
/// Ranks x threads per rank.
inline std::int64_t num_workers() noexcept {
  return static_cast<std::int64_t>(num_ranks()) * threads_per_rank();
}
/// Inside a worker context its global id; outside, the id of this rank's first worker.
inline std::int64_t worker_id() noexcept {
  const std::int64_t id = detail::tl_worker.global;
  return id >= 0 ? id : static_cast<std::int64_t>(rank()) * threads_per_rank();
}
/// The options of the running Session (defaults without one).
inline const Options &options() noexcept { return detail::state().options; }

} // namespace orion

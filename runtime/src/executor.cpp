// The schedule executors (docs/runtime.md). Workers are ranks x threads; every rank holds every
// array, so a hand-off between threads of one rank is only a signal, and between ranks it moves
// exactly the data the schedule hands over:
//   1D        workers independent; at the end aligned slabs (and recorded writes) are exchanged.
//   rotation  the time parts of the rotated arrays travel around the ring of workers; a worker
//             waits only for the part it needs next (k = 2 parts per worker: sends overlap).
//   wavefront worker w runs (w, b) after (w - 1, b); across ranks time part b travels along the
//             chain of ranks with the completion signal (slabs of the arrays aligned with the time
//             dimension, and the recorded writes of the others). A staggered pass of a rotation
//             candidate (Options::stagger) runs this schedule on the rotation's blocks.
// Only the thread that runs execute() calls MPI (MPI_THREAD_FUNNELED); worker threads signal it.
// The workers are the rank's crew (crew.hpp), kept from loop to loop.
// --orion-check runs the same blocks in lockstep rounds and checks the recorded access sets;
// --orion-replay-serial runs them one after another on one thread.
#include "array_sync.hpp"
#include "bytes.hpp"
#include "coherence.hpp"
#include "crew.hpp"
#include "lockstep.hpp"
#include "partition_map.hpp"
#include "runtime_comm.hpp"
#include "wait.hpp"

#include <orion/detail/collective_call.hpp>
#include <orion/detail/comm.hpp>
#include <orion/detail/executor.hpp>
#include <orion/detail/state.hpp>
#include <orion/detail/worker.hpp>
#include <orion/error.hpp>

#include <mpi.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>

namespace orion::detail {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

/// State shared by this rank's workers and its communicating thread during one normal run.
struct RankRun {
  LoopRun &run;
  const PartitionMap &map;
  std::vector<ArraySync> syncs;
  int rank = 0;
  bool record = false; ///< blocks' writes are recorded (shipped to other ranks)

  std::atomic<bool> failed{false};
  std::exception_ptr error;
  std::mutex mutex;
  std::condition_variable wake;
  std::deque<int> outbox; ///< rotation: time parts to send; wavefront: chain steps to send
  int finished = 0;       ///< workers done (under mutex)

  // What workers wait for (blocking, wait.hpp); fail() wakes them all.
  std::vector<WaitCounter> uses;     ///< rotation: completed uses per time part
  std::vector<WaitCounter> progress; ///< wavefront: blocks done per local worker
  WaitCounter chain;                 ///< wavefront: chain steps received

  /// Recorded writes: 1D per local worker; wavefront per (local worker, time part).
  std::vector<std::vector<std::vector<unsigned char>>> writes;
  double compute = 0, waiting = 0;

  RankRun(LoopRun &r, const PartitionMap &m)
      : run(r), map(m), uses(static_cast<std::size_t>(m.time_parts)),
        progress(static_cast<std::size_t>(m.threads)) {}

  std::int64_t first_worker() const { return std::int64_t(rank) * map.threads; }

  void fail(std::exception_ptr e) {
    {
      std::lock_guard lock(mutex);
      if (!error)
        error = e;
      failed = true;
      wake.notify_all();
    }
    for (auto *counters : {&uses, &progress})
      for (WaitCounter &c : *counters)
        c.wake();
    chain.wake();
  }
  void post(int item) {
    std::lock_guard lock(mutex);
    outbox.push_back(item);
    wake.notify_all();
  }

  void worker(int local) {
    const std::int64_t g = first_worker() + local;
    double compute_s = 0, wait_s = 0;
    try {
      WorkerScope scope(g);
      AccessLog log;
      const int k = map.rotation_depth;
      for (const Task &task : map.tasks_of(g)) {
        const auto wait_start = Clock::now();
        bool ok = true;
        int step = 0;
        if (map.protocol() == model::Protocol::Rotation) {
          step = map.step_of(g, task.time);
          ok = uses[static_cast<std::size_t>(task.time)].wait_at_least(step / k, failed);
        } else if (map.protocol() == model::Protocol::Wavefront) {
          if (local > 0)
            ok = progress[static_cast<std::size_t>(local - 1)].wait_at_least(task.time + 1, failed);
          else if (rank > 0)
            ok = chain.wait_at_least(task.time + 1, failed);
        }
        if (!ok)
          break;
        const auto start = Clock::now();
        wait_s += std::chrono::duration<double>(start - wait_start).count();
        run.run_block(block_task(run, map, task), record ? &log : nullptr);
        compute_s += seconds_since(start);
        if (record) {
          auto &out =
              map.protocol() == model::Protocol::Wavefront
                  ? writes[static_cast<std::size_t>(local)][static_cast<std::size_t>(task.time)]
                  : writes[static_cast<std::size_t>(local)][0];
          summarize(run, log, nullptr, &out);
          log.clear();
        }
        if (map.protocol() == model::Protocol::Rotation) {
          uses[static_cast<std::size_t>(task.time)].store(step / k + 1);
          // The next user is worker g - 1, k steps later; on the previous rank if g is our first.
          if (map.ranks > 1 && local == 0 && step + k < map.time_parts)
            post(task.time);
        } else if (map.protocol() == model::Protocol::Wavefront) {
          progress[static_cast<std::size_t>(local)].store(task.time + 1);
          if (map.ranks > 1 && local == map.threads - 1 && rank < map.ranks - 1)
            post(task.time);
        }
      }
    } catch (...) {
      fail(std::current_exception());
    }
    std::lock_guard lock(mutex);
    compute += compute_s;
    waiting += wait_s;
    ++finished;
    wake.notify_all();
  }

  /// The communicating thread's loop: rotation sends/receives time parts, wavefront chains.
  void communicate() {
    const int R = map.ranks;
    const int next = (rank + 1) % R, prev = (rank - 1 + R) % R;
    std::vector<MPI_Request> requests;
    std::vector<std::vector<unsigned char>> buffers;
    std::vector<int> recv_part; ///< rotation: the time part of requests[i] (-1: a send)
    std::vector<std::vector<unsigned char>> forwarded(static_cast<std::size_t>(map.time_parts));
    int chain_next = 0; ///< wavefront: next chain step to receive
    const bool rotation = map.protocol() == model::Protocol::Rotation;
    const std::int64_t last = first_worker() + map.threads - 1;

    auto check = [&](int rc, const char *what) {
      if (rc != MPI_SUCCESS)
        throw Error(std::string(what) + " failed in the parallel loop at " + where(run));
    };
    if (rotation) {
      // Every time part our last worker gets from the next rank's first worker.
      for (int t = 0; t < map.time_parts; ++t) {
        if (map.step_of(last, t) < map.rotation_depth)
          continue;
        const std::size_t bytes = span_bytes(time_part_spans(run, map, syncs, t, rank));
        buffers.emplace_back(bytes);
        requests.emplace_back();
        recv_part.push_back(t);
        check(MPI_Irecv(buffers.back().data(), static_cast<int>(bytes), MPI_BYTE, next, t,
                        runtime_comm(), &requests.back()),
              "MPI_Irecv");
      }
    }
    auto receives_done = [&] {
      if (rotation) {
        for (std::size_t i = 0; i < requests.size(); ++i)
          if (recv_part[i] >= 0 && requests[i] != MPI_REQUEST_NULL)
            return false;
        return true;
      }
      return rank == 0 || chain_next >= map.time_parts;
    };
    for (;;) {
      bool progress_made = false;
      // Completed requests: a received time part becomes usable by our last worker.
      for (std::size_t i = 0; i < requests.size(); ++i) {
        if (requests[i] == MPI_REQUEST_NULL)
          continue;
        int done = 0;
        check(MPI_Test(&requests[i], &done, MPI_STATUS_IGNORE), "MPI_Test");
        if (!done)
          continue;
        progress_made = true;
        if (recv_part[i] >= 0) {
          const int t = recv_part[i];
          unpack_spans(time_part_spans(run, map, syncs, t, rank), buffers[i].data());
          uses[static_cast<std::size_t>(t)].store(map.step_of(last, t) / map.rotation_depth);
        }
        std::vector<unsigned char>().swap(buffers[i]);
      }
      if (!rotation && rank > 0 && chain_next < map.time_parts) {
        int arrived = 0;
        MPI_Status status;
        check(MPI_Iprobe(prev, chain_next, runtime_comm(), &arrived, &status), "MPI_Iprobe");
        if (arrived) {
          int count = 0;
          MPI_Get_count(&status, MPI_BYTE, &count);
          std::vector<unsigned char> payload(static_cast<std::size_t>(count));
          check(MPI_Recv(payload.data(), count, MPI_BYTE, prev, chain_next, runtime_comm(),
                         MPI_STATUS_IGNORE),
                "MPI_Recv");
          // The time part's slabs first, then the write records of the blocks before.
          const std::vector<Span> slabs = time_part_spans(run, map, syncs, chain_next, rank);
          const std::size_t slab_bytes = span_bytes(slabs);
          if (payload.size() < slab_bytes)
            throw Error("parallel loop at " + where(run) + ": rank " + std::to_string(rank) +
                        " received " + std::to_string(payload.size()) + " bytes for time part " +
                        std::to_string(chain_next) + ", expected at least " +
                        std::to_string(slab_bytes));
          unpack_spans(slabs, payload.data());
          apply_writes(run, payload.data() + slab_bytes, payload.size() - slab_bytes);
          if (rank < R - 1)
            forwarded[static_cast<std::size_t>(chain_next)].assign(
                payload.begin() + static_cast<std::ptrdiff_t>(slab_bytes), payload.end());
          chain.store(++chain_next);
          progress_made = true;
        }
      }
      std::deque<int> items;
      bool all_finished = false;
      {
        std::unique_lock lock(mutex);
        if (!progress_made && outbox.empty() && !failed && finished < map.threads)
          wake.wait_for(lock, std::chrono::microseconds(200));
        items.swap(outbox);
        all_finished = finished == map.threads;
      }
      if (failed)
        return; // the rank aborts; pending requests die with it
      for (int item : items) {
        std::vector<unsigned char> payload;
        int dest = prev;
        if (rotation) {
          pack_spans(time_part_spans(run, map, syncs, item, rank), payload);
        } else {
          dest = next;
          pack_spans(time_part_spans(run, map, syncs, item, rank), payload);
          auto &before = forwarded[static_cast<std::size_t>(item)];
          payload.insert(payload.end(), before.begin(), before.end());
          std::vector<unsigned char>().swap(before);
          for (auto &per_part : writes) {
            auto &w = per_part[static_cast<std::size_t>(item)];
            payload.insert(payload.end(), w.begin(), w.end());
            std::vector<unsigned char>().swap(w);
          }
        }
        state().loops.bytes_sent += static_cast<std::int64_t>(payload.size());
        buffers.push_back(std::move(payload));
        requests.emplace_back();
        recv_part.push_back(-1);
        check(MPI_Isend(buffers.back().data(), static_cast<int>(buffers.back().size()), MPI_BYTE,
                        dest, item, runtime_comm(), &requests.back()),
              "MPI_Isend");
      }
      if (all_finished && items.empty() && receives_done() &&
          std::all_of(requests.begin(), requests.end(),
                      [](MPI_Request r) { return r == MPI_REQUEST_NULL; })) {
        std::lock_guard lock(mutex);
        if (outbox.empty())
          return;
      }
    }
  }
};

/// Copying and comparing a whole array costs a fraction of a nanosecond per byte; logging an
/// access costs tens of nanoseconds. So the copy pays unless the arrays are far larger than the
/// loop's iterations (a loop over a few samples that writes into a large array).
bool snapshot_pays(const LoopRun &run, const std::vector<ArraySync> &syncs) {
  double bytes = 0;
  for (std::size_t a = 0; a < syncs.size(); ++a) {
    if (syncs[a].sync != Sync::Recorded)
      continue;
    bytes += static_cast<double>(run.arrays[a].bytes());
  }
  constexpr double kBytesPerIteration = 64;
  return bytes <= kBytesPerIteration * iterations_of(run);
}

void run_normal(LoopRun &run, const PartitionMap &map) {
  RankRun rr(run, map);
  rr.rank = comm_rank();
  rr.syncs = array_syncs(run, map);
  const bool multi = map.ranks > 1;
  const bool record_writes = multi && any_recorded(rr.syncs);
  // 1D: nothing travels until the loop ends, so one copy of each such array taken now and
  // compared afterwards finds the rank's writes; recording every access cost ~100x the loop.
  // A wavefront ships each block's writes down the chain as the block ends: it records.
  const bool snapshot =
      record_writes && map.protocol() == model::Protocol::OneD && snapshot_pays(run, rr.syncs);
  rr.record = record_writes && !snapshot;
  if (snapshot) {
    const auto copy_start = Clock::now();
    snapshot_recorded(run, rr.syncs, state().snapshots);
    state().loops.exchange_seconds +=
        seconds_since(copy_start); // part of keeping the copies current
  }
  if (rr.record)
    rr.writes.assign(static_cast<std::size_t>(map.threads),
                     std::vector<std::vector<unsigned char>>(
                         map.protocol() == model::Protocol::Wavefront ? map.time_parts : 1));
  const auto blocks_start = Clock::now();
  {
    // The calling thread (job 0 of the crew) talks to MPI while the workers run, or else is
    // worker 0 itself. worker() turns its own failures into rr.fail, which wakes the others.
    const bool talk = multi && map.protocol() != model::Protocol::OneD;
    const std::size_t jobs = static_cast<std::size_t>(map.threads) + (talk ? 1 : 0);
    try {
      rank_crew(static_cast<int>(jobs)).run(jobs, [&rr, talk](std::size_t i) {
        if (!talk)
          return rr.worker(static_cast<int>(i));
        if (i > 0)
          return rr.worker(static_cast<int>(i) - 1);
        try {
          rr.communicate();
        } catch (...) {
          rr.fail(std::current_exception());
        }
      });
    } catch (...) {
      rr.fail(std::current_exception()); // the crew's threads could not be started
    }
  }
  if (rr.error)
    std::rethrow_exception(rr.error);
  RuntimeState &st = state();
  const double blocks_wall = seconds_since(blocks_start);
  st.loops.blocks_seconds += blocks_wall;
  st.loops.compute_seconds += rr.compute;
  st.loops.wait_seconds += rr.waiting;
  st.loops.idle_seconds += std::max(0.0, blocks_wall * map.threads - rr.compute - rr.waiting);
  if (!multi)
    return;
  const auto exchange_start = Clock::now();
  std::vector<unsigned char> &recorded = st.write_records;
  recorded.clear();
  if (snapshot)
    diff_writes(run, st.snapshots, recorded);
  else if (rr.record && map.protocol() != model::Protocol::Wavefront)
    for (auto &w : rr.writes)
      recorded.insert(recorded.end(), w[0].begin(), w[0].end());
  final_sync(run, map, rr.syncs, recorded);
  st.loops.exchange_seconds += seconds_since(exchange_start);
}

/// Loops whose workers share updates (relaxed arrays, Buffers) merge them at points every worker
/// reaches together; so do rotations on several ranks whose written arrays travel as recorded
/// writes (the pipelined ring only carries the rotated time parts).
bool needs_lockstep(const LoopRun &run, const PartitionMap &map) {
  if (map.workers > 1 && !run.shared.empty())
    return true;
  return map.ranks > 1 && map.protocol() == model::Protocol::Rotation &&
         any_recorded(array_syncs(run, map));
}

std::uint64_t fnv1a(const unsigned char *p, std::size_t n,
                    std::uint64_t h = 1469598103934665603ULL) {
  for (std::size_t i = 0; i < n; ++i)
    h = (h ^ p[i]) * 1099511628211ULL;
  return h;
}

void print_digest(const LoopRun &run, std::int64_t pass) {
  std::string line = "orion: digest " + where(run) + " pass " + std::to_string(pass) + ":";
  char buf[32];
  if (sparse_values_written(run)) {
    std::snprintf(buf, sizeof buf, "%016llx",
                  static_cast<unsigned long long>(
                      fnv1a(run.values, static_cast<std::size_t>(run.nnz) * run.value_size)));
    line += " " + run.plan->arrays[0].name + " " + buf;
  }
  for (std::size_t a = 0; a < run.arrays.size(); ++a) {
    if (!dense_written(run, static_cast<int>(a)))
      continue;
    const DenseHandle &h = run.arrays[a];
    std::size_t n = h.element_size;
    for (std::int64_t e : h.extents)
      n *= static_cast<std::size_t>(e);
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(fnv1a(h.data, n)));
    line += " " + run.plan->arrays[a].name + " " + buf;
  }
  if (line.back() != ':') // loops that write nothing have nothing to witness
    std::fprintf(stderr, "%s\n", line.c_str());
}

/// The record of this loop, made when it first runs.
LoopProfile &profile_of(const LoopRun &run) {
  std::vector<LoopProfile> &profiles = state().loop_profiles;
  auto found = std::find_if(profiles.begin(), profiles.end(),
                            [&](const LoopProfile &p) { return p.plan == run.plan; });
  if (found != profiles.end())
    return *found;
  return profiles.emplace_back(LoopProfile{run.plan, where(run), {}, 0, {}});
}

} // namespace

void execute(LoopRun &run) {
  RuntimeState &st = state();
  if (in_worker())
    throw Error("parallel loop at " + where(run) + " started inside another parallel loop");
  enter_collective({CollectiveKind::ParallelLoop, run.plan->line});
  const auto start = Clock::now();
  const LoopCounters before = st.loops;
  LoopProfile &profile = profile_of(run);
  const std::int64_t pass = profile.passes++;
  const PartitionMap map =
      make_partition_map(run, st.num_ranks, st.threads_per_rank, pass < st.options.stagger);
  if (run.sparse)
    sparse_layout(run, map);
  st.loops.setup_seconds += seconds_since(start);

  // Described when it first runs, and again when its staggered passes are over.
  const bool first_plain_pass =
      pass > 0 && pass == st.options.stagger && map.protocol() == model::Protocol::Rotation;
  if ((pass == 0 || first_plain_pass) && st.options.verbose && st.rank == 0)
    std::fprintf(stderr, "orion: %s%s\n", describe(run, map).c_str(),
                 st.options.replay_serial ? " [replayed serially]"
                 : st.options.check       ? " [checked]"
                                          : "");

  // The values of an iterated dense array are written in place, never recorded: under a skewed
  // schedule their slabs do not line up with the blocks.
  if (map.ranks > 1 && !run.sparse && !map.transform().empty() && dense_written(run, 0) &&
      !st.options.replay_serial)
    throw Error("parallel loop at " + where(run) +
                    ": writing the iterated dense array under a "
                    "skewed schedule is not supported on several ranks yet",
                true);
  {
    const SharedSlots slots(run, map, st.options.replay_serial);
    if (st.options.replay_serial)
      run_replay(run, map);
    else if (st.options.check)
      run_lockstep(run, map, true);
    else if (needs_lockstep(run, map))
      run_lockstep(run, map, false);
    else
      run_normal(run, map);
  }

  ++st.loops.runs;
  st.loops.loop_seconds += seconds_since(start);
  profile.counters += st.loops - before;
  profile.schedule = map.candidate->label();
  if (st.options.digest && st.rank == 0)
    print_digest(run, pass);
}

} // namespace orion::detail

// Runs one execution of a parallel loop (docs/runtime.md): picks the partition map, then one of
// four ways to run its blocks, each a layer of its own:
//   normal     each rank's crew runs its blocks in the schedule's order; the protocol's hand-offs
//              (1D, rotation, wavefront: rank_run.hpp and *_handoff.cpp) say who waits for what
//              and what travels between ranks; at the end the arrays are made coherent
//              (array_sync, coherence).
//   lockstep   rounds every worker reaches together, for loops whose workers share updates
//              (relaxed arrays, Buffers) and for --orion-check (lockstep.cpp);
//   replay     --orion-replay-serial: the same blocks one after another on one thread;
//   digest     --orion-digest: a checksum of what the loop wrote, printed after it.
// Only the thread that runs execute() calls MPI (MPI_THREAD_FUNNELED); worker threads signal it.
#include "array_sync.hpp"
#include "bytes.hpp"
#include "coherence.hpp"
#include "crew.hpp"
#include "element_runs.hpp"
#include "lockstep.hpp"
#include "partition_map.hpp"
#include "pending_fills.hpp"
#include "rank_run.hpp"
#include "replica_warning.hpp"
#include "served_loop.hpp"
#include "slab_shards.hpp"
#include "sparse_placement.hpp"
#include "sparse_rows.hpp"

#include <orion/detail/collective_call.hpp>
#include <orion/detail/comm.hpp>
#include <orion/detail/executor.hpp>
#include <orion/detail/sparse_shard.hpp>
#include <orion/detail/state.hpp>
#include <orion/detail/worker.hpp>
#include <orion/error.hpp>
#include <orion/session.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <optional>

namespace orion::detail {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

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

/// What an exception says.
std::string message_of(std::exception_ptr failure) {
  try {
    std::rethrow_exception(failure);
  } catch (const std::exception &e) {
    return e.what();
  } catch (...) {
    return "unknown exception";
  }
}

/// Runs the loop without lockstep rounds. Returns this rank's failure when every rank knows of it
/// (a 1D loop on several ranks; the caller raises it), else null.
std::exception_ptr run_normal(LoopRun &run, const PartitionMap &map) {
  RankRun rr(run, map, comm_rank());
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
  // 1D on several ranks: nothing travels until the blocks end, so every rank gets here, also one
  // whose body threw. They agree, make their copies consistent with what ran, and all of them
  // leave the loop: the rank that threw with its own exception, the others with an Error that
  // names it. (Without that, a program that caught the exception waited forever.)
  std::optional<std::string> failure;
  if (multi && map.protocol() == model::Protocol::OneD)
    failure =
        first_failure(rr.error ? std::optional<std::string>("rank " + std::to_string(comm_rank()) +
                                                            ": " + message_of(rr.error))
                               : std::nullopt);
  else if (rr.error)
    std::rethrow_exception(rr.error);
  RuntimeState &st = state();
  const double blocks_wall = seconds_since(blocks_start);
  st.loops.blocks_seconds += blocks_wall;
  st.loops.compute_seconds += rr.compute;
  st.loops.wait_seconds += rr.waiting;
  st.loops.idle_seconds += std::max(0.0, blocks_wall * map.threads - rr.compute - rr.waiting);
  if (!multi)
    return nullptr;
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
  if (failure && !rr.error)
    throw Error("the parallel loop at " + where(run) + " failed on " + *failure, true);
  return failure ? rr.error : nullptr;
}

/// Two names of the loop for one array (`auto &prev = m.w;` next to `m.w`, `f(A, A)`, `*pa`): the
/// compiler analysed them as two arrays, so a dependence between them went unseen. Harmless only
/// when neither is written directly: a relaxed array or a Buffer's target read under its own
/// name changes only at merges, as documented.
void check_distinct_arrays(const LoopRun &run) {
  const auto plain_write = [&](std::size_t a) {
    return run.plan->arrays[a].written && !run.arrays[a].merged;
  };
  for (std::size_t a = 0; a < run.arrays.size(); ++a)
    for (std::size_t b = a + 1; b < run.arrays.size(); ++b) {
      const DenseHandle &x = run.arrays[a], &y = run.arrays[b];
      if (!x.data || !y.data || x.bytes() == 0 || y.bytes() == 0 ||
          (!plain_write(a) && !plain_write(b)))
        continue;
      // As addresses: the two arrays are usually unrelated objects, which '<' need not order.
      const auto begin = [](const DenseHandle &h) {
        return reinterpret_cast<std::uintptr_t>(h.data);
      };
      if (begin(x) < begin(y) + static_cast<std::uintptr_t>(y.bytes()) &&
          begin(y) < begin(x) + static_cast<std::uintptr_t>(x.bytes()))
        throw Error("parallel loop at " + where(run) + ": '" + run.plan->arrays[a].name +
                        "' and '" + run.plan->arrays[b].name +
                        "' are the same array (or overlap), and the loop writes it; orionc "
                        "analysed them as two arrays, so a dependence between them would go "
                        "unseen: use one name for the array in the loop",
                    true);
    }
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

std::uint64_t fnv1a(const unsigned char *p, std::size_t n, std::uint64_t h) {
  for (std::size_t i = 0; i < n; ++i)
    h = (h ^ p[i]) * 1099511628211ULL;
  return h;
}

/// FNV-1a of an array's bytes, the same whether the array is whole or sharded across the ranks:
/// on a shard, each rank in turn continues the hash over the rows it owns (collective, in rank
/// order, which is row order), so no rank needs the whole array.
std::uint64_t array_digest(const DenseHandle &h) {
  std::size_t n = h.element_size;
  for (std::int64_t e : h.extents)
    n *= static_cast<std::size_t>(e);
  const Shard *shard = h.shard != nullptr ? h.shard->get() : nullptr;
  if (shard == nullptr)
    return fnv1a(h.data, n, 1469598103934665603ULL);
  std::uint64_t hash = 1469598103934665603ULL;
  for (int r = 0; r < comm_size(); ++r) {
    if (r == comm_rank())
      hash = fnv1a(h.data + static_cast<std::size_t>(shard->lo) * shard->row_bytes,
                   static_cast<std::size_t>(shard->hi - shard->lo) * shard->row_bytes, hash);
    comm_bcast_bytes(&hash, sizeof hash, r);
  }
  return hash;
}

/// Collective when the loop left arrays sharded: every rank computes the digests, rank 0 prints.
void print_digest(const LoopRun &run, const PartitionMap &map, std::int64_t pass) {
  std::string line = "orion: digest " + where(run) + " pass " + std::to_string(pass) + ":";
  char buf[32];
  if (sparse_values_written(run)) {
    std::snprintf(
        buf, sizeof buf, "%016llx",
        static_cast<unsigned long long>(values_digest(run, map, 1469598103934665603ULL, fnv1a)));
    line += " " + run.plan->arrays[0].name + " " + buf;
  }
  for (std::size_t a = 0; a < run.arrays.size(); ++a) {
    if (!dense_written(run, static_cast<int>(a)))
      continue;
    const std::uint64_t digest = array_digest(run.arrays[a]);
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(digest));
    line += " " + run.plan->arrays[a].name + " " + buf;
  }
  if (line.back() != ':' && comm_rank() == 0) // loops that write nothing have nothing to witness
    std::fprintf(stderr, "%s\n", line.c_str());
}

/// The body reads an array the runtime was not handed (a SparseArray read by row or element,
/// captured by the body): it may be a distributed one, which a worker cannot gather.
bool reads_unbound_arrays(const LoopRun &run) {
  if (run.arrays.size() < run.plan->arrays.size())
    return true;
  for (std::size_t a = 1; a < run.arrays.size(); ++a)
    if (run.arrays[a].data == nullptr && !run.arrays[a].sparse_rows)
      return true;
  return false;
}

/// Ends the row reads of a run's sparse_rows arguments however the run ends.
struct RowReads {
  explicit RowReads(LoopRun &r) : run(r) {}
  LoopRun &run;
  RowReads(const RowReads &) = delete;
  RowReads &operator=(const RowReads &) = delete;
  ~RowReads() { end_row_reads(run); }
};

/// Whether this execution can run on a distributed iteration space as it is: a run (not replayed
/// or checked, no served arrays) of an unordered loop, whose blocks each need only the elements
/// their rank holds. The same on every rank: options, plan and map decide.
bool runs_distributed(const LoopRun &run, const PartitionMap &map) {
  const Options &o = state().options;
  // Lockstep rounds run on a distributed array too: each rank runs only its own blocks, and the
  // sub-rounds are counted from every block's global size (lockstep.cpp). Replay and check run
  // every block on every rank.
  if (o.replay_serial || o.check || run.plan->ordered)
    return false;
  // A served array handed to the runtime may be sharded, which runs the loop in lockstep (one the
  // body reads by name, never sharded, was gathered whole before).
  for (const plan::ArrayRole &r : map.candidate->roles) {
    const auto arg = static_cast<std::size_t>(r.arg);
    if (r.role == model::Role::Served && arg < run.arrays.size() && run.arrays[arg].data != nullptr)
      return false;
  }
  return true;
}

/// The record of this loop, made when it first runs.
LoopProfile &profile_of(const LoopRun &run) {
  std::vector<LoopProfile> &profiles = state().loop_profiles;
  auto found = std::find_if(profiles.begin(), profiles.end(),
                            [&](const LoopProfile &p) { return p.plan == run.plan; });
  if (found != profiles.end())
    return *found;
  LoopProfile &p = profiles.emplace_back(LoopProfile{run.plan, where(run), {}, 0, {}, {}, {}, {}});
  for (const plan::ArrayInfo &a : run.plan->arrays)
    p.arrays.push_back(a.name);
  p.sent_by_array.assign(p.arrays.size(), 0);
  return p;
}

/// The loop failed on this rank (its body threw, a worker could not start) while it runs on
/// several ranks, and the ranks did not agree on it (as run_normal does for a 1D loop): the
/// others are inside the loop and wait for this rank's part, so a program that caught the
/// exception waited forever. The job ends here, with the message. A collective Error, raised on
/// every rank alike, goes to the caller; so does any failure on one rank, as in the serial program.
void leave_loop(const LoopRun &run, std::exception_ptr failure) {
  if (state().num_ranks == 1)
    std::rethrow_exception(failure);
  try {
    std::rethrow_exception(failure);
  } catch (const Error &e) {
    if (e.collective())
      throw;
  } catch (...) {
  }
  const std::string what = message_of(failure);
  end_with_error("the parallel loop at " + where(run) + " failed on this rank: " + what +
                     " (on several ranks, an exception that leaves a parallel loop ends the job: "
                     "the other ranks are inside the loop and wait for this one)",
                 false);
}

} // namespace

void execute(LoopRun &run) {
  RuntimeState &st = state();
  if (in_worker())
    throw Error("parallel loop at " + where(run) + " started inside another parallel loop");
  enter_parallel_loop(run.plan->line, {run.sparse ? run.global_nnz : -1, run.box_lo, run.box_hi});
  check_distinct_arrays(run); // before any set-up: an aliased loop must not run at all
  const auto start = Clock::now();
  const LoopCounters before = st.loops;
  LoopProfile &profile = profile_of(run);
  const std::int64_t pass = profile.passes++;
  st.sent_by_array.assign(profile.arrays.size(), 0);
  st.slabs_kept.assign(run.arrays.size(), 0);
  // Distributed SparseArrays the body reads by name are gathered first: a worker cannot. Those it
  // reads row by row (sparse_rows) wait for the map, which says which rows each rank runs.
  if (!st.shards.empty() && reads_unbound_arrays(run)) {
    std::vector<const SparseShard *> keep = row_read_shards(run);
    keep.push_back(run.shard);
    gather_shards_except(keep);
  }
  note_serial_order(run);
  const PartitionMap map = make_partition_map(run, st.num_ranks, st.threads_per_rank,
                                              pass < st.options.stagger, st.options.rotation_depth);
  keep_slabs_before_run(run, map);
  write_pending_fills(run); // the rest, whole, before anything reads them
  if (run.shard != nullptr) {
    if (runs_distributed(run, map))
      place_elements(run, map);
    else
      gather_space(run, map);
  }
  if (run.sparse)
    sparse_layout(run, map);
  const RowReads row_reads{run};
  prepare_row_reads(run, map, pass == 0);
  st.loops.setup_seconds += seconds_since(start);

  // Described when it first runs, and again when its staggered passes are over.
  const bool first_plain_pass =
      pass > 0 && pass == st.options.stagger && map.protocol() == model::Protocol::Rotation;
  warn_large_replicas(run, map); // once per loop and array
  if ((pass == 0 || first_plain_pass) && st.options.verbose && st.rank == 0)
    std::fprintf(stderr, "orion: %s%s\n", describe(run, map).c_str(),
                 st.options.replay_serial ? " [replayed serially]"
                 : st.options.check       ? " [checked]"
                                          : "");
  if ((pass == 0 || first_plain_pass) && st.options.verbose && st.rank == 0) {
    const std::string streams = describe_streams(run, map);
    if (!streams.empty())
      std::fprintf(stderr, "orion: %s\n", streams.c_str());
  }

  // The values of an iterated dense array are written in place, never recorded: under a skewed
  // schedule their slabs do not line up with the blocks.
  if (map.ranks > 1 && !run.sparse && !map.transform().empty() && dense_written(run, 0) &&
      !st.options.replay_serial)
    throw Error("parallel loop at " + where(run) +
                    ": writing the iterated dense array under a "
                    "skewed schedule is not supported on several ranks yet",
                true);
  // Its values are synchronized as slabs of the partitioned dimension, which holds only when
  // every element the body touches goes with its iteration (the compiler's role says so).
  if (map.ranks > 1 && !run.sparse && dense_written(run, 0) && !st.options.replay_serial &&
      !iterated_array_partitioned(*map.candidate))
    throw Error("parallel loop at " + where(run) + ": the body writes the iterated dense array '" +
                    run.plan->arrays[0].name +
                    "' and also touches elements of it that belong to other partitions under "
                    "schedule '" +
                    map.candidate->label() +
                    "'; this is not supported on several ranks yet: iterate over an index range "
                    "(a counted loop) instead, or run on one rank",
                true);
  // Served arrays: which are sharded across the ranks this run (the rest made whole).
  const bool sharded = place_shards(run, map);
  PassKind pass_kind = PassKind::Lockstep;
  std::exception_ptr agreed; // a failure every rank knows of: it goes to the caller
  try {
    const SharedSlots slots(run, map, st.options.replay_serial);
    if (st.options.replay_serial) {
      run_replay(run, map);
    } else if (st.options.check) {
      run_lockstep(run, map, true);
    } else if (sharded) {
      ServedLoop served(run, map);
      run_lockstep(run, map, false, &served);
    } else if (needs_lockstep(run, map)) {
      run_lockstep(run, map, false);
    } else {
      agreed = run_normal(run, map);
      pass_kind = PassKind::Normal;
    }
  } catch (...) {
    leave_loop(run, std::current_exception());
  }
  if (agreed)
    std::rethrow_exception(agreed);

  for (const DenseHandle &h : run.arrays) { // outside the loop, its slab shards gather again
    if (h.shard == nullptr || !*h.shard)
      continue;
    Shard &shard = **h.shard;
    shard.in_loop = false;
    if (shard.slab && shard.cache_bytes > 0) // the rows fetched for this run (fetch_slab_rows)
      release_cache(shard, h.data);
  }
  ++st.loops.runs;
  st.loops.loop_seconds += seconds_since(start);
  profile.counters += st.loops - before;
  if (pass == 0)
    profile.first = st.loops - before;
  for (std::size_t a = 0; a < profile.sent_by_array.size(); ++a)
    profile.sent_by_array[a] += st.sent_by_array[a];
  profile.schedule = map.candidate->label();
  // A slab that stayed where it was written did not cost the model's coherence term.
  double predicted = bytes_between_ranks(run, map, pass_kind);
  for (std::size_t a = 0; a < st.slabs_kept.size(); ++a)
    if (st.slabs_kept[a])
      predicted -= cost_of(run, map, model::CostKind::CoherencePerLoop, static_cast<int>(a));
  profile.predicted_bytes += predicted;
  if (st.options.digest)
    print_digest(run, map, pass);
}

} // namespace orion::detail

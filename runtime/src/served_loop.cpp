#include "served_loop.hpp"

#include "array_sync.hpp"
#include "coherence.hpp"
#include "runtime_comm.hpp"
#include "slab_shards.hpp"

#include <orion/detail/collective_call.hpp>
#include <orion/detail/comm.hpp>
#include <orion/detail/state.hpp>
#include <orion/detail/worker.hpp>
#include <orion/error.hpp>

#include <mpi.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>
#include <thread>
#include <unordered_set>
#include <utility>

namespace orion::detail {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

// The tags of misses on the runtime's communicator; nothing else is point-to-point while a
// lockstep sub-round runs.
constexpr int kMissRequestTag = 0x5e01;
constexpr int kMissReplyTag = 0x5e02;

void check_mpi(int rc, const char *what) {
  if (rc == MPI_SUCCESS)
    return;
  char reason[MPI_MAX_ERROR_STRING];
  int length = 0;
  MPI_Error_string(rc, reason, &length);
  throw Error(std::string("MPI failure in ") + what +
              " (served array traffic): " + std::string(reason, static_cast<std::size_t>(length)));
}

std::int64_t page_size() {
  static const std::int64_t size = [] {
    const long s = sysconf(_SC_PAGESIZE);
    return s > 0 ? static_cast<std::int64_t>(s) : 4096;
  }();
  return size;
}

/// Gives the pages strictly inside [begin, end) back to the system (they read as zeros after).
void release_pages(unsigned char *begin, unsigned char *end) {
  const auto page = static_cast<std::uintptr_t>(page_size());
  const auto b = (reinterpret_cast<std::uintptr_t>(begin) + page - 1) / page * page;
  const auto e = reinterpret_cast<std::uintptr_t>(end) / page * page;
  if (e > b)
    madvise(reinterpret_cast<void *>(b), e - b, MADV_DONTNEED);
}

} // namespace

void release_cache(Shard &shard, unsigned char *data) {
  release_pages(data, data + shard.lo * static_cast<std::int64_t>(shard.row_bytes));
  release_pages(data + shard.hi * static_cast<std::int64_t>(shard.row_bytes),
                data + shard.rows * static_cast<std::int64_t>(shard.row_bytes));
  shard.cache_bytes = 0;
}

namespace {

void clear_cache(Shard &shard) {
  for (std::int64_t row : shard.cached)
    shard.valid[static_cast<std::size_t>(row >> 6)].store(0, std::memory_order_relaxed);
  shard.cached.clear();
}

} // namespace

std::unique_ptr<Shard> make_shard(const DenseHandle &h, const std::string &name,
                                  std::vector<std::int64_t> firsts, int rank) {
  auto shard = std::make_unique<Shard>();
  shard->rows = h.extents.empty() ? 0 : h.extents[0];
  shard->row_elems = 1;
  for (std::size_t d = 1; d < h.extents.size(); ++d)
    shard->row_elems *= h.extents[d];
  shard->row_bytes = static_cast<std::size_t>(shard->row_elems) * h.element_size;
  shard->ranks = static_cast<int>(firsts.size()) - 1;
  shard->firsts = std::move(firsts);
  shard->lo = shard->firsts[static_cast<std::size_t>(rank)];
  shard->hi = shard->firsts[static_cast<std::size_t>(rank) + 1];
  shard->name = name;
  const auto words = static_cast<std::size_t>((shard->rows + 63) / 64);
  shard->valid = std::make_unique<std::atomic<std::uint64_t>[]>(words);
  for (std::size_t w = 0; w < words; ++w)
    shard->valid[w].store(0, std::memory_order_relaxed);
  // Every rank held the whole array until now: its rows of everyone else's go.
  release_cache(*shard, h.data);
  return shard;
}

namespace {

/// The role candidate `cand` gives argument `arg`.
std::optional<model::Role> role_of(const plan::Candidate &cand, int arg) {
  for (const plan::ArrayRole &r : cand.roles)
    if (r.arg == arg)
      return r.role;
  return std::nullopt;
}

bool may_shard(const LoopRun &run, const PartitionMap &map, std::size_t a) {
  const DenseHandle &h = run.arrays[a];
  const plan::ArrayInfo &info = run.plan->arrays[a];
  if (!info.shardable || !(h.served || h.merged) || h.extents.empty() || h.extents[0] <= 0)
    return false;
  const auto role = role_of(*map.candidate, static_cast<int>(a));
  if (!role || (*role != model::Role::Served && *role != model::Role::Relaxed &&
                *role != model::Role::Buffered))
    return false;
  return h.bytes() >= state().options.shard_min_bytes;
}

/// The rows each of this rank's pieces named in one sub-round of a `repeated` loop, with the
/// pieces they were computed for.
struct PrefetchStep {
  std::vector<BlockTask> pieces;
  std::vector<std::vector<std::int64_t>> rows; ///< per target: sorted, unique, not this rank's
  /// Per target: the ranks' rows (Shard::firsts) when `rows` left out this rank's. A slab shard
  /// served later keeps the ranges its loop left, which may differ from one run to the next.
  std::vector<std::vector<std::int64_t>> firsts;
};
struct PrefetchLists {
  std::vector<PrefetchStep> steps;
  /// Per argument: its last sharded run fetched more rows on a miss than the prefetch named (a
  /// slice that cannot name them: pointer chasing). Kept whole from then on: a miss costs a
  /// round trip per row.
  std::vector<char> whole_args;
  /// --orion-verbose said that driver code keeps an array of this loop whole.
  bool told_pinned = false;
};

/// Why an array a loop could shard stays whole, strongest first (ranks agree on the maximum).
enum Veto : std::int64_t { kShard = 0, kMissHeavy = 1, kPinned = 2, kNotEligible = 3 };

bool same_pieces(const std::vector<BlockTask> &kept, const std::vector<const BlockTask *> &now) {
  if (kept.size() != now.size())
    return false;
  for (std::size_t k = 0; k < now.size(); ++k) {
    const BlockTask empty;
    const BlockTask &a = kept[k], &b = now[k] ? *now[k] : empty;
    if (a.worker != b.worker || a.begin != b.begin || a.end != b.end || a.lo != b.lo ||
        a.hi != b.hi)
      return false;
  }
  return true;
}

PrefetchLists &prefetch_lists(const void *plan) {
  auto &all = state().prefetch_lists;
  for (auto &[key, lists] : all)
    if (key == plan)
      return *static_cast<PrefetchLists *>(lists.get());
  auto fresh = std::make_shared<PrefetchLists>();
  auto &lists = *fresh;
  all.emplace_back(plan, std::move(fresh));
  return lists;
}

} // namespace

// ---- sharding and gathering ----

bool gather_shards(unsigned char *data, Shard &shard) {
  if (in_worker() && shard.slab && shard.in_loop)
    return false;
  if (in_worker())
    throw Error("array '" + shard.name +
                "' is sharded across ranks and cannot be made whole inside a parallel loop: a "
                "loop must name every array its body reads (pass it to the loop, not through a "
                "global or a pointer)");
  enter_collective({CollectiveKind::GatherArray, 0});
  const int ranks = comm_size();
  std::vector<std::int64_t> bytes(static_cast<std::size_t>(ranks)), displs(bytes.size());
  for (int r = 0; r < ranks; ++r) {
    const std::int64_t lo = shard.firsts[static_cast<std::size_t>(r)],
                       hi = shard.firsts[static_cast<std::size_t>(r) + 1];
    displs[static_cast<std::size_t>(r)] = lo * static_cast<std::int64_t>(shard.row_bytes);
    bytes[static_cast<std::size_t>(r)] = (hi - lo) * static_cast<std::int64_t>(shard.row_bytes);
  }
  const std::int64_t total = shard.rows * static_cast<std::int64_t>(shard.row_bytes);
  if (total <= kMaxMessageBytes) {
    comm_allgatherv_in_place(data, bytes, displs);
  } else {
    for (int r = 0; r < ranks; ++r)
      comm_bcast_bytes(data + displs[static_cast<std::size_t>(r)],
                       bytes[static_cast<std::size_t>(r)], r);
  }
  count_sent(-1, bytes[static_cast<std::size_t>(comm_rank())] * (ranks - 1));
  if (state().options.verbose && comm_rank() == 0)
    std::fprintf(stderr,
                 "orion: '%s' (%.1f MB) gathered whole on every rank: driver code reads it\n",
                 shard.name.c_str(), static_cast<double>(total) / 1048576.0);
  return true;
}

bool place_shards(LoopRun &run, const PartitionMap &map) {
  const Options &o = state().options;
  // A run whose writes travel as records reads every argument through a recording view, which
  // reaches the array itself: a sharded one would have to be made whole inside the loop (it
  // stopped `A(Q(i)) = P(Q(i))` on two ranks with P served).
  const bool allowed =
      map.ranks > 1 && !o.check && !o.replay_serial && !any_recorded(array_syncs(run, map));
  // One decision per array: an array passed twice (a Buffer's target read under its own name)
  // is sharded only if every argument that is it may be.
  std::vector<std::pair<std::unique_ptr<Shard> *, std::size_t>> arrays;
  std::vector<std::int64_t> veto; // per array: a Veto, kShard to shard it
  bool candidates = false;        // the same on every rank: sizes and the plan decide it
  PrefetchLists *history = allowed ? &prefetch_lists(run.plan) : nullptr;
  std::vector<ArraySync> syncs; // computed when an argument is a slab shard
  for (std::size_t a = 0; a < run.arrays.size(); ++a) {
    const DenseHandle &h = run.arrays[a];
    if (h.shard == nullptr || h.data == nullptr)
      continue;
    if (*h.shard && (*h.shard)->slab) {
      // Left by a loop that wrote it in slabs: it stays if this run writes the same slabs;
      // otherwise it is served like any other sharded array, or gathered (below).
      if (syncs.empty())
        syncs = array_syncs(run, map);
      if (slab_stays(run, map, syncs, a)) {
        (*h.shard)->in_loop = true;
        continue;
      }
      if (slab_read_in_slabs(run, map, a)) { // read where it is: each rank fetches what it lacks
        fetch_slab_rows(run, map, a);
        (*h.shard)->in_loop = true;
        continue;
      }
    }
    const bool eligible = allowed && may_shard(run, map, a);
    candidates = candidates || eligible;
    // What only this rank knows: driver code keeps a pointer or reference into the array here
    // (detail::pin: it would go stale), or the last sharded run of this loop missed more than it
    // prefetched.
    const bool pinned = h.pinned != nullptr && *h.pinned;
    const bool missed =
        history != nullptr && a < history->whole_args.size() && history->whole_args[a] != 0;
    const std::int64_t no = !eligible ? kNotEligible
                            : pinned  ? kPinned
                            : missed  ? kMissHeavy
                                      : kShard;
    auto found = std::find_if(arrays.begin(), arrays.end(),
                              [&](const auto &p) { return p.first == h.shard; });
    if (found == arrays.end()) {
      arrays.emplace_back(h.shard, a);
      veto.push_back(no);
    } else {
      auto &v = veto[static_cast<std::size_t>(found - arrays.begin())];
      v = std::max(v, no);
    }
  }
  // Every rank must decide alike (a rank that keeps an array whole would answer no fetch): any
  // rank's veto keeps the array whole everywhere.
  if (candidates)
    comm_allreduce_max(std::span<std::int64_t>(veto));
  bool any = false;
  for (std::size_t i = 0; i < arrays.size(); ++i) {
    auto &[slot, a] = arrays[i];
    const bool want = candidates && veto[i] == 0;
    const DenseHandle &h = run.arrays[a];
    if (candidates && veto[i] == kPinned && !history->told_pinned && state().options.verbose &&
        comm_rank() == 0) {
      history->told_pinned = true;
      std::fprintf(stderr,
                   "orion: loop %s: '%s' stays whole on every rank: driver code keeps a pointer "
                   "or reference into it (data(), row(), an iterator, an element by reference), "
                   "which a shard would leave pointing at stale rows\n",
                   where(run).c_str(), run.plan->arrays[a].name.c_str());
    }
    if (!want && *slot) {
      gather_shards(h.data, **slot);
      slot->reset();
    } else if (want && *slot) {
      (*slot)->slab = false; // served from its rows where they are
    } else if (want && !*slot) {
      *slot = make_shard(h, run.plan->arrays[a].name, Shard::equal_firsts(h.extents[0], map.ranks),
                         comm_rank());
      if (state().options.verbose && comm_rank() == 0)
        std::fprintf(stderr,
                     "orion: loop %s: '%s' (%.1f MB) sharded across %d ranks by rows of "
                     "dimension 0; each holds about %.1f MB and caches the rows it reads\n",
                     where(run).c_str(), run.plan->arrays[a].name.c_str(),
                     static_cast<double>(h.bytes()) / 1e6, map.ranks,
                     static_cast<double>(h.bytes()) / 1e6 / map.ranks);
    }
    any = any || want;
  }
  return any;
}

void served_miss(Shard &shard, std::int64_t row) {
  if (row < 0 || row >= shard.rows)
    throw Error("served array '" + shard.name + "': row " + std::to_string(row) +
                " is out of range [0, " + std::to_string(shard.rows) + ")");
  if (shard.loop == nullptr)
    throw Error("internal: served array '" + shard.name + "' read outside a parallel loop");
  shard.loop->miss(shard, row);
}

// ---- ServedLoop ----

ServedLoop::ServedLoop(LoopRun &run, const PartitionMap &map)
    : run_(run), sharded_args_(run.arrays.size(), 0), rank_(comm_rank()), ranks_(map.ranks),
      misses_at_start_(state().loops.miss_rows), named_at_start_(state().loops.prefetch_rows) {
  for (std::size_t a = 0; a < run.arrays.size(); ++a) {
    const DenseHandle &h = run.arrays[a];
    if (h.shard == nullptr || !*h.shard || (*h.shard)->slab)
      continue; // a slab shard this run writes or reads in its slabs is not served
    sharded_args_[a] = 1;
    Shard *shard = h.shard->get();
    if (std::none_of(targets_.begin(), targets_.end(),
                     [&](const Target &t) { return t.shard == shard; }))
      targets_.push_back({shard, h.data, static_cast<int>(a)});
    shard->loop = this;
  }
  for (const Target &t : targets_)
    marks_.emplace_back(static_cast<std::size_t>((t.shard->rows + 63) / 64), 0);
  lowest_.assign(targets_.size(), SIZE_MAX);
  highest_.assign(targets_.size(), 0);
}

ServedLoop::~ServedLoop() {
  RuntimeState &st = state();
  const std::int64_t missed = st.loops.miss_rows - misses_at_start_;
  const std::int64_t named = st.loops.prefetch_rows - named_at_start_;
  if (missed > kMissesBeforeWhole && missed > named) {
    PrefetchLists &lists = prefetch_lists(run_.plan);
    lists.whole_args.resize(run_.arrays.size(), 0);
    for (std::size_t a = 0; a < sharded_args_.size(); ++a)
      if (sharded_args_[a])
        lists.whole_args[a] = 1;
    if (st.options.verbose)
      std::fprintf(stderr,
                   "orion: loop %s: rank %d fetched %lld row(s) of its sharded arrays on a miss "
                   "(the prefetch slice named %lld): the next runs keep them whole\n",
                   where(run_).c_str(), rank_, static_cast<long long>(missed),
                   static_cast<long long>(named));
  }
  const std::int64_t budget = st.options.served_cache_mb << 20;
  for (Target &t : targets_) {
    clear_cache(*t.shard);
    t.shard->loop = nullptr;
    if (t.shard->cache_bytes > budget)
      release_cache(*t.shard, t.data);
  }
}

std::size_t ServedLoop::target_of(const Shard &shard) const {
  for (std::size_t i = 0; i < targets_.size(); ++i)
    if (targets_[i].shard == &shard)
      return i;
  throw Error("internal: a sharded array that is not an argument of the loop");
}

void ServedLoop::fill(std::size_t target, std::int64_t row, const unsigned char *bytes) {
  Target &t = targets_[target];
  Shard &s = *t.shard;
  std::memcpy(t.data + row * static_cast<std::int64_t>(s.row_bytes), bytes, s.row_bytes);
  s.valid[static_cast<std::size_t>(row >> 6)].fetch_or(std::uint64_t{1} << (row & 63),
                                                       std::memory_order_release);
  s.cached.push_back(row);
  const std::int64_t cache_limit =
      (s.rows - (s.hi - s.lo)) * static_cast<std::int64_t>(s.row_bytes);
  s.cache_bytes = std::min(
      cache_limit,
      s.cache_bytes + std::max<std::int64_t>(static_cast<std::int64_t>(s.row_bytes), page_size()));
}

void ServedLoop::prefetch(const std::vector<const BlockTask *> &pieces, std::size_t step,
                          Crew &crew) {
  RuntimeState &st = state();
  const auto start = Clock::now();
  const std::size_t n = targets_.size();
  // 1. The rows each target's pieces name: this rank's own and rows out of range dropped (a
  //    wrong subscript fails in the body, with the array's own message), sorted, unique.
  std::vector<std::vector<std::int64_t>> wanted(n);
  PrefetchStep *kept = nullptr;
  if (run_.plan->repeated) {
    PrefetchLists &lists = prefetch_lists(run_.plan);
    if (lists.steps.size() <= step)
      lists.steps.resize(step + 1);
    kept = &lists.steps[step];
  }
  const auto same_owners = [&](const PrefetchStep &step) {
    for (std::size_t i = 0; i < n; ++i)
      if (step.firsts[i] != targets_[i].shard->firsts)
        return false;
    return true;
  };
  if (kept != nullptr && same_pieces(kept->pieces, pieces) && kept->rows.size() == n &&
      kept->firsts.size() == n && same_owners(*kept)) {
    wanted = kept->rows;
  } else if (run_.prefetch_block && st.options.prefetch) {
    std::vector<PrefetchRows> per(pieces.size());
    for (PrefetchRows &p : per) {
      p.sharded = sharded_args_;
      p.rows.resize(sharded_args_.size());
    }
    crew.run(pieces.size(), [&](std::size_t k) {
      if (pieces[k] == nullptr)
        return;
      WorkerScope scope(pieces[k]->worker);
      run_.prefetch_block(*pieces[k], per[k]);
    });
    // Sorted and unique through a bitmap of rows per target: a set bit per row named, then one
    // pass over the words in the range named (a sort of the rows cost more than the slice).
    for (std::size_t a = 0; a < sharded_args_.size(); ++a) {
      if (!sharded_args_[a])
        continue;
      const std::size_t i = target_of(*run_.arrays[a].shard->get());
      const Shard &s = *targets_[i].shard;
      std::vector<std::uint64_t> &mark = marks_[i];
      for (const PrefetchRows &p : per)
        for (std::int64_t row : p.rows[a])
          if (row >= 0 && row < s.rows && !s.owns(row)) {
            const auto w = static_cast<std::size_t>(row >> 6);
            mark[w] |= std::uint64_t{1} << (row & 63);
            lowest_[i] = std::min(lowest_[i], w);
            highest_[i] = std::max(highest_[i], w + 1);
          }
    }
    for (std::size_t i = 0; i < n; ++i) {
      std::vector<std::uint64_t> &mark = marks_[i];
      for (std::size_t w = lowest_[i]; w < highest_[i]; ++w)
        for (std::uint64_t bits = std::exchange(mark[w], 0); bits != 0; bits &= bits - 1)
          wanted[i].push_back(static_cast<std::int64_t>(w * 64) + std::countr_zero(bits));
      lowest_[i] = SIZE_MAX;
      highest_[i] = 0;
    }
    if (kept != nullptr) {
      kept->pieces.clear();
      for (const BlockTask *p : pieces)
        kept->pieces.push_back(p ? *p : BlockTask{});
      kept->rows = wanted;
      kept->firsts.clear();
      for (const Target &t : targets_)
        kept->firsts.push_back(t.shard->firsts);
    }
  }
  // 2. Requests to the owners, rows the cache holds left out: for each owner and target, a count
  //    and the rows (sorted rows of a range-sharded array are grouped by owner already).
  const auto R = static_cast<std::size_t>(ranks_);
  std::vector<std::vector<std::vector<std::int64_t>>> asked(
      R, std::vector<std::vector<std::int64_t>>(n));
  for (std::size_t i = 0; i < n; ++i) {
    const Shard &s = *targets_[i].shard;
    st.loops.prefetch_rows += static_cast<std::int64_t>(wanted[i].size());
    // Sorted rows of a range-sharded array: the owner only ever moves up.
    int owner = 0;
    for (std::int64_t row : wanted[i]) {
      if (s.cached_row(row)) {
        ++st.loops.prefetch_cached;
        continue;
      }
      while (row >= s.firsts[static_cast<std::size_t>(owner) + 1])
        ++owner;
      asked[static_cast<std::size_t>(owner)][i].push_back(row);
    }
  }
  std::vector<std::int64_t> send_bytes(R), recv_bytes(R);
  std::vector<std::int64_t> out;
  for (std::size_t q = 0; q < R; ++q) {
    const std::size_t before = out.size();
    for (std::size_t i = 0; i < n; ++i) {
      out.push_back(static_cast<std::int64_t>(asked[q][i].size()));
      out.insert(out.end(), asked[q][i].begin(), asked[q][i].end());
    }
    send_bytes[q] = static_cast<std::int64_t>((out.size() - before) * sizeof(std::int64_t));
  }
  recv_bytes = comm_alltoall(send_bytes);
  std::int64_t in_total = 0;
  for (std::int64_t b : recv_bytes)
    in_total += b;
  std::vector<std::int64_t> in(static_cast<std::size_t>(in_total) / sizeof(std::int64_t));
  comm_alltoallv_bytes(out.data(), send_bytes, in.data(), recv_bytes);
  // 3. The owner's replies: the rows asked for, in the order asked.
  std::vector<unsigned char> reply;
  std::vector<std::int64_t> reply_bytes(R), expect_bytes(R);
  const std::int64_t *p = in.data();
  for (std::size_t q = 0; q < R; ++q) {
    const std::size_t before = reply.size();
    for (std::size_t i = 0; i < n; ++i) {
      const Target &t = targets_[i];
      const std::int64_t count = *p++;
      for (std::int64_t k = 0; k < count; ++k, ++p) {
        const std::int64_t row = *p;
        if (!t.shard->owns(row))
          throw Error("internal: rank " + std::to_string(rank_) + " was asked for row " +
                      std::to_string(row) + " of '" + t.shard->name + "', which it does not own");
        const unsigned char *src = t.data + row * static_cast<std::int64_t>(t.shard->row_bytes);
        reply.insert(reply.end(), src, src + t.shard->row_bytes);
      }
    }
    reply_bytes[q] = static_cast<std::int64_t>(reply.size() - before);
    for (std::size_t i = 0; i < n; ++i)
      expect_bytes[q] +=
          static_cast<std::int64_t>(asked[q][i].size() * targets_[i].shard->row_bytes);
    if (static_cast<int>(q) != rank_)
      count_sent(targets_.empty() ? -1 : targets_[0].arg, reply_bytes[q]);
  }
  std::int64_t expect_total = 0;
  for (std::int64_t b : expect_bytes)
    expect_total += b;
  std::vector<unsigned char> rows(static_cast<std::size_t>(expect_total));
  comm_alltoallv_bytes(reply.data(), reply_bytes, rows.data(), expect_bytes);
  const unsigned char *r = rows.data();
  for (std::size_t q = 0; q < R; ++q)
    for (std::size_t i = 0; i < n; ++i)
      for (std::int64_t row : asked[q][i]) {
        fill(i, row, r);
        r += targets_[i].shard->row_bytes;
        ++st.loops.prefetch_fetched;
        st.loops.prefetch_bytes += static_cast<std::int64_t>(targets_[i].shard->row_bytes);
      }
  st.loops.prefetch_seconds += seconds_since(start);
}

void ServedLoop::worker_done() {
  {
    std::lock_guard lock(mutex_);
    ++done_;
  }
  wake_.notify_one();
}

void ServedLoop::fail() noexcept {
  failed_.store(true, std::memory_order_release);
  fills_.wake();
}

void ServedLoop::miss(Shard &shard, std::int64_t row) {
  const std::size_t target = target_of(shard);
  {
    std::lock_guard lock(mutex_);
    queued_.push_back({target, row});
  }
  wake_.notify_one();
  for (;;) {
    const std::int64_t seen = fills_.load();
    if (shard.cached_row(row))
      return;
    if (!fills_.wait_at_least(seen + 1, failed_))
      throw Error("served array '" + shard.name + "': the fetch of row " + std::to_string(row) +
                  " failed (the loop was stopped)");
  }
}

void ServedLoop::serve(std::size_t workers) {
  struct Sent {
    std::vector<std::int64_t> words;
    std::vector<unsigned char> bytes;
    MPI_Request request = MPI_REQUEST_NULL;
  };
  std::vector<std::unique_ptr<Sent>> sent;
  // The rows asked for this sub-round, per target: two workers' misses of one row ask once.
  std::vector<std::unordered_set<std::int64_t>> requested(targets_.size());
  std::int64_t outstanding = 0; // requests without a reply yet
  bool in_barrier = false;
  MPI_Request barrier = MPI_REQUEST_NULL;
  constexpr std::chrono::microseconds kShortestPause{20}, kLongestPause{200};
  constexpr std::chrono::microseconds kPollAfterTraffic{500};
  std::chrono::microseconds pause = kShortestPause;
  Clock::time_point last_busy = Clock::now() - kPollAfterTraffic;
  const MPI_Comm comm = runtime_comm();
  RuntimeState &st = state();
  try {
    for (;;) {
      bool busy = false;
      int flag = 0;
      MPI_Message message;
      MPI_Status status;
      // Other ranks' misses of rows this rank owns: the rows, in the order asked.
      for (;;) {
        check_mpi(MPI_Improbe(MPI_ANY_SOURCE, kMissRequestTag, comm, &flag, &message, &status),
                  "MPI_Improbe");
        if (!flag)
          break;
        int count = 0;
        MPI_Get_count(&status, MPI_INT64_T, &count);
        std::vector<std::int64_t> ask(static_cast<std::size_t>(count));
        check_mpi(MPI_Mrecv(ask.data(), count, MPI_INT64_T, &message, MPI_STATUS_IGNORE),
                  "MPI_Mrecv");
        auto reply = std::make_unique<Sent>();
        reply->bytes.resize(ask.size() * sizeof(std::int64_t));
        std::memcpy(reply->bytes.data(), ask.data(), reply->bytes.size());
        const Target &t = targets_.at(static_cast<std::size_t>(ask.at(0)));
        for (std::size_t k = 1; k < ask.size(); ++k) {
          if (!t.shard->owns(ask[k]))
            throw Error("internal: asked for row " + std::to_string(ask[k]) + " of '" +
                        t.shard->name + "', which this rank does not own");
          const unsigned char *src =
              t.data + ask[k] * static_cast<std::int64_t>(t.shard->row_bytes);
          reply->bytes.insert(reply->bytes.end(), src, src + t.shard->row_bytes);
        }
        check_mpi(MPI_Isend(reply->bytes.data(), static_cast<int>(reply->bytes.size()), MPI_BYTE,
                            status.MPI_SOURCE, kMissReplyTag, comm, &reply->request),
                  "MPI_Isend");
        count_sent(t.arg, static_cast<std::int64_t>(reply->bytes.size()));
        sent.push_back(std::move(reply));
        busy = true;
      }
      // Replies to this rank's misses: the target and rows asked, then the rows' bytes.
      for (;;) {
        check_mpi(MPI_Improbe(MPI_ANY_SOURCE, kMissReplyTag, comm, &flag, &message, &status),
                  "MPI_Improbe");
        if (!flag)
          break;
        int count = 0;
        MPI_Get_count(&status, MPI_BYTE, &count);
        std::vector<unsigned char> bytes(static_cast<std::size_t>(count));
        check_mpi(MPI_Mrecv(bytes.data(), count, MPI_BYTE, &message, MPI_STATUS_IGNORE),
                  "MPI_Mrecv");
        std::int64_t target = 0;
        std::memcpy(&target, bytes.data(), sizeof target);
        const std::size_t i = static_cast<std::size_t>(target);
        const std::size_t row_bytes = targets_.at(i).shard->row_bytes;
        const std::size_t rows =
            (bytes.size() - sizeof target) / (sizeof(std::int64_t) + row_bytes);
        const unsigned char *data = bytes.data() + sizeof target + rows * sizeof(std::int64_t);
        for (std::size_t k = 0; k < rows; ++k) {
          std::int64_t row = 0;
          std::memcpy(&row, bytes.data() + sizeof target + k * sizeof row, sizeof row);
          fill(i, row, data + k * row_bytes);
          ++st.loops.miss_rows;
          st.loops.miss_bytes += static_cast<std::int64_t>(row_bytes);
        }
        fills_.store(fills_.load() + 1);
        --outstanding;
        busy = true;
      }
      // This rank's misses, one request per target and owner.
      std::vector<Miss> misses;
      std::size_t done = 0;
      {
        std::lock_guard lock(mutex_);
        misses.swap(queued_);
        done = done_;
      }
      if (!misses.empty()) {
        std::sort(misses.begin(), misses.end(), [](const Miss &a, const Miss &b) {
          return a.target != b.target ? a.target < b.target : a.row < b.row;
        });
        for (std::size_t k = 0; k < misses.size();) {
          const Miss &m = misses[k];
          const Shard &s = *targets_[m.target].shard;
          const int owner = s.owner(m.row);
          auto request = std::make_unique<Sent>();
          request->words.push_back(static_cast<std::int64_t>(m.target));
          for (;
               k < misses.size() && misses[k].target == m.target && s.owner(misses[k].row) == owner;
               ++k) {
            if (s.cached_row(misses[k].row) || !requested[m.target].insert(misses[k].row).second)
              continue; // another worker's miss of the same row, already on its way
            request->words.push_back(misses[k].row);
          }
          if (request->words.size() == 1)
            continue;
          check_mpi(MPI_Isend(request->words.data(), static_cast<int>(request->words.size()),
                              MPI_INT64_T, owner, kMissRequestTag, comm, &request->request),
                    "MPI_Isend");
          ++outstanding;
          sent.push_back(std::move(request));
        }
        busy = true;
      }
      // Sends that completed.
      std::erase_if(sent, [](const std::unique_ptr<Sent> &s) {
        int complete = 0;
        MPI_Test(&s->request, &complete, MPI_STATUS_IGNORE);
        return complete != 0;
      });
      if (!in_barrier && done == workers && outstanding == 0) {
        check_mpi(MPI_Ibarrier(comm, &barrier), "MPI_Ibarrier");
        in_barrier = true;
      }
      if (in_barrier) {
        int complete = 0;
        check_mpi(MPI_Test(&barrier, &complete, MPI_STATUS_IGNORE), "MPI_Test");
        if (complete)
          break;
      }
      if (busy) {
        pause = kShortestPause;
        last_busy = Clock::now();
        continue;
      }
      // Nothing happened. Misses come in runs (a chain of reads through a served array): shortly
      // after traffic, poll, yielding the core, so that a miss costs a round trip rather than a
      // sleep. Once this rank's workers are done, only the other ranks are awaited: poll too.
      // Otherwise wait for a worker (a miss, the end of its piece) or for a while, since another
      // rank's request or a reply does not wake this thread; the wait grows while nothing
      // happens, so that a loop whose prefetch names every row keeps this thread off the cores
      // its workers use.
      if (done == workers || Clock::now() - last_busy < kPollAfterTraffic) {
        std::this_thread::yield();
        continue;
      }
      {
        std::unique_lock lock(mutex_);
        wake_.wait_for(lock, pause, [&] { return !queued_.empty() || done_ != done; });
      }
      pause = std::min(pause * 2, kLongestPause);
    }
    for (auto &s : sent)
      check_mpi(MPI_Wait(&s->request, MPI_STATUS_IGNORE), "MPI_Wait");
  } catch (...) {
    fail();
    throw;
  }
  std::lock_guard lock(mutex_);
  done_ = 0;
}

void ServedLoop::invalidate() {
  for (Target &t : targets_)
    clear_cache(*t.shard);
}

} // namespace orion::detail

#include "lockstep.hpp"

#include "array_sync.hpp"
#include "bytes.hpp"
#include "coherence.hpp"
#include "crew.hpp"
#include "served_loop.hpp"
#include "sparse_placement.hpp"

#include <orion/detail/comm.hpp>
#include <orion/detail/state.hpp>
#include <orion/detail/worker.hpp>
#include <orion/error.hpp>

#include <algorithm>
#include <chrono>
#include <memory>
#include <optional>

namespace orion::detail {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

/// The largest number of iterations a block may run between merges: the smallest max_delay of
/// the loop's Buffers (0: merge at the end of each block only).
std::int64_t flush_every(const LoopRun &run) {
  std::int64_t every = 0;
  for (const SharedUpdates *s : run.shared)
    if (const std::int64_t d = s->max_delay(); d > 0)
      every = every == 0 ? d : std::min(every, d);
  return every;
}

/// How many pieces `pieces` cuts a sparse block of n elements into.
std::size_t piece_count(std::int64_t n, std::int64_t every) {
  return every <= 0 ? 1 : static_cast<std::size_t>((n + every - 1) / every);
}

/// With a distributed iterated array a rank holds only the elements of its own blocks, but every
/// rank must run as many sub-rounds as the longest block of a round needs (each ends in a
/// collective merge): every block's size over all ranks. Empty when the local layout gives them.
std::vector<std::int64_t> sub_round_sizes(const LoopRun &run, std::int64_t every) {
  if (!run.sparse || run.shard == nullptr || every <= 0)
    return {};
  return global_block_sizes(run.layout->offsets);
}

/// A block cut into pieces of at most `every` iterations, in the block's own order: sparse
/// blocks by storage range, box blocks along their first (outermost) dimension.
std::vector<BlockTask> pieces(const LoopRun &run, const BlockTask &block, std::int64_t every) {
  if (every <= 0)
    return {block};
  std::vector<BlockTask> out;
  if (run.sparse) {
    for (std::int64_t b = block.begin; b < block.end; b += every) {
      out.push_back(block);
      out.back().begin = b;
      out.back().end = std::min(block.end, b + every);
    }
  } else {
    const std::int64_t rows = block.hi[0] - block.lo[0];
    std::int64_t volume = 1;
    for (std::size_t d = 0; d < block.lo.size(); ++d)
      volume *= std::max<std::int64_t>(0, block.hi[d] - block.lo[d]);
    const std::int64_t per_row = rows > 0 ? std::max<std::int64_t>(1, volume / rows) : 1;
    const std::int64_t step = std::max<std::int64_t>(1, every / per_row);
    for (std::int64_t r = block.lo[0]; r < block.hi[0]; r += step) {
      out.push_back(block);
      out.back().lo[0] = r;
      out.back().hi[0] = std::min(block.hi[0], r + step);
    }
  }
  if (out.empty())
    out.push_back(block); // an empty block still runs (it reports nothing)
  return out;
}

/// Merges the pending updates of slots [0, slots) of this rank (every rank's, in rank order,
/// when `exchange`) into this rank's copies: of a whole array, all of them; of a sharded one
/// (served_loop.hpp), those of the rows this rank owns, which every rank sent to their owner
/// only. Returns whether sharded arrays were updated (their cached rows are stale then).
bool merge(LoopRun &run, std::int64_t slots, bool exchange) {
  if (run.shared.empty())
    return false;
  // run.shared holds the merged arguments' updates, in argument order: the bytes of each count
  // for its argument.
  std::vector<int> args;
  for (std::size_t a = 0; a < run.arrays.size(); ++a)
    if (run.arrays[a].merged)
      args.push_back(static_cast<int>(a));
  std::vector<SharedUpdates *> whole, sharded;
  std::vector<int> whole_args, sharded_args;
  for (std::size_t i = 0; i < run.shared.size(); ++i) {
    const int arg = i < args.size() ? args[i] : -1;
    if (run.shared[i]->shard() != nullptr) {
      sharded.push_back(run.shared[i]);
      sharded_args.push_back(arg);
    } else {
      whole.push_back(run.shared[i]);
      whole_args.push_back(arg);
    }
  }
  RuntimeState &st = state();
  ++st.loops.merges;
  if (!whole.empty()) {
    std::vector<unsigned char> &mine = st.exchange_out;
    mine.clear();
    std::vector<std::int64_t> packed(whole.size());
    for (std::int64_t s = 0; s < slots; ++s)
      for (std::size_t i = 0; i < whole.size(); ++i) {
        const std::size_t before = mine.size();
        whole[i]->pack(s, mine);
        packed[i] += static_cast<std::int64_t>(mine.size() - before);
      }
    const unsigned char *p = mine.data();
    std::int64_t parts = 1;
    if (exchange) {
      const std::vector<std::int64_t> bytes =
          comm_allgather(static_cast<std::int64_t>(mine.size()));
      std::int64_t total = 0;
      for (std::int64_t b : bytes)
        total += b;
      unsigned char *all = gather_buffer(total);
      comm_allgatherv_bytes(mine.data(), static_cast<std::int64_t>(mine.size()), all, bytes);
      parts = static_cast<std::int64_t>(bytes.size());
      // An all-gather: each byte reaches every other rank.
      for (std::size_t i = 0; i < whole.size(); ++i)
        count_sent(whole_args[i], packed[i] * (parts - 1));
      p = all;
    }
    const unsigned char *first = p;
    for (std::int64_t r = 0; r < parts; ++r)
      for (std::int64_t s = 0; s < slots; ++s)
        for (SharedUpdates *u : whole)
          u->apply(p);
    st.loops.merged_bytes += p - first;
  }
  if (sharded.empty())
    return false;
  // To the owners: per destination, every slot's updates of every sharded array, in that order.
  const int ranks = comm_size(), rank = comm_rank();
  std::vector<std::vector<unsigned char>> out(static_cast<std::size_t>(ranks));
  const auto to_others = [&] { // bytes bound for other ranks so far
    std::int64_t n = 0;
    for (int q = 0; q < ranks; ++q)
      if (q != rank)
        n += static_cast<std::int64_t>(out[static_cast<std::size_t>(q)].size());
    return n;
  };
  std::vector<std::int64_t> packed(sharded.size());
  for (std::int64_t s = 0; s < slots; ++s)
    for (std::size_t i = 0; i < sharded.size(); ++i) {
      const std::int64_t before = to_others();
      sharded[i]->pack_by_owner(s, out);
      packed[i] += to_others() - before;
    }
  for (std::size_t i = 0; i < sharded.size(); ++i)
    count_sent(sharded_args[i], packed[i]);
  std::vector<std::int64_t> send_bytes(out.size());
  std::vector<unsigned char> &flat = st.exchange_out;
  flat.clear();
  for (std::size_t q = 0; q < out.size(); ++q) {
    send_bytes[q] = static_cast<std::int64_t>(out[q].size());
    flat.insert(flat.end(), out[q].begin(), out[q].end());
  }
  const std::vector<std::int64_t> recv_bytes = comm_alltoall(send_bytes);
  std::int64_t total = 0;
  for (std::int64_t b : recv_bytes)
    total += b;
  unsigned char *in = gather_buffer(total);
  comm_alltoallv_bytes(flat.data(), send_bytes, in, recv_bytes);
  const unsigned char *p = in;
  for (int r = 0; r < ranks; ++r)
    for (std::int64_t s = 0; s < slots; ++s)
      for (SharedUpdates *u : sharded)
        u->apply(p);
  st.loops.merged_bytes += p - in;
  return true;
}

// ---- --orion-check ----

struct CheckedBlock {
  Task task;
  BlockAccess access;
  std::vector<unsigned char> writes;
};

void serialize(const CheckedBlock &b, std::vector<unsigned char> &out) {
  put(out, b.task.worker);
  put(out, b.task.space);
  put(out, b.task.time);
  for (const auto *set : {&b.access.accessed, &b.access.written}) {
    put(out, static_cast<std::int64_t>(set->size()));
    for (const auto &[arg, off] : *set) {
      put(out, static_cast<std::int32_t>(arg));
      put(out, off);
    }
  }
  put(out, static_cast<std::int64_t>(b.writes.size()));
  out.insert(out.end(), b.writes.begin(), b.writes.end());
}

CheckedBlock deserialize(const unsigned char *&p) {
  CheckedBlock b;
  b.task.worker = get<std::int64_t>(p);
  b.task.space = get<int>(p);
  b.task.time = get<int>(p);
  for (auto *set : {&b.access.accessed, &b.access.written}) {
    const auto n = get<std::int64_t>(p);
    for (std::int64_t i = 0; i < n; ++i) {
      const auto arg = get<std::int32_t>(p);
      set->emplace_back(arg, get<std::int64_t>(p));
    }
  }
  const auto n = static_cast<std::size_t>(get<std::int64_t>(p));
  b.writes.assign(p, p + n);
  p += n;
  return b;
}

/// Adds the sorted, unique set `more` to the sorted, unique set `into`.
void unite(std::vector<std::pair<int, std::int64_t>> &into,
           const std::vector<std::pair<int, std::int64_t>> &more) {
  std::vector<std::pair<int, std::int64_t>> out;
  out.reserve(into.size() + more.size());
  std::set_union(into.begin(), into.end(), more.begin(), more.end(), std::back_inserter(out));
  into.swap(out);
}

/// The first element `writer` wrote that `other` accessed, if any.
std::optional<std::pair<int, std::int64_t>> conflict(const CheckedBlock &writer,
                                                     const CheckedBlock &other) {
  const auto &w = writer.access.written, &a = other.access.accessed;
  std::size_t i = 0, j = 0;
  while (i < w.size() && j < a.size()) {
    if (w[i] < a[j])
      ++i;
    else if (a[j] < w[i])
      ++j;
    else
      return w[i];
  }
  return std::nullopt;
}

std::string block_name(const PartitionMap &map, const Task &t) {
  return map.protocol() == model::Protocol::OneD
             ? "block " + std::to_string(t.space)
             : "block (" + std::to_string(t.space) + ", " + std::to_string(t.time) + ")";
}

void check_round(const LoopRun &run, const PartitionMap &map,
                 const std::vector<CheckedBlock> &all) {
  for (const CheckedBlock &x : all)
    for (const CheckedBlock &y : all) {
      if (x.task.worker == y.task.worker)
        continue;
      if (auto hit = conflict(x, y)) {
        const DenseHandle &h = run.arrays[static_cast<std::size_t>(hit->first)];
        throw Error(
            "--orion-check: the parallel loop at " + where(run) + " is not " +
                "serializable under schedule '" + map.candidate->label() +
                "': " + block_name(map, x.task) + " (worker " + std::to_string(x.task.worker) +
                ") wrote " + run.plan->arrays[static_cast<std::size_t>(hit->first)].name +
                element_index(h, hit->second) + ", which " + block_name(map, y.task) + " (worker " +
                std::to_string(y.task.worker) + ") accessed while running concurrently",
            true);
      }
    }
}

/// Every rank's blocks of a round (this rank's in `done`), in worker order.
std::vector<CheckedBlock> gather_blocks(const PartitionMap &map, std::vector<CheckedBlock> done) {
  if (map.ranks == 1)
    return done;
  std::vector<unsigned char> payload;
  for (const CheckedBlock &b : done)
    serialize(b, payload);
  const std::vector<std::int64_t> bytes = comm_allgather(static_cast<std::int64_t>(payload.size()));
  std::int64_t total = 0;
  for (std::int64_t b : bytes)
    total += b;
  std::vector<unsigned char> gathered(static_cast<std::size_t>(total));
  comm_allgatherv_bytes(payload.data(), static_cast<std::int64_t>(payload.size()), gathered.data(),
                        bytes);
  count_sent(-1, static_cast<std::int64_t>(payload.size()) *
                     static_cast<std::int64_t>(bytes.size() - 1));
  std::vector<CheckedBlock> all;
  for (const unsigned char *p = gathered.data(); p < gathered.data() + gathered.size();)
    all.push_back(deserialize(p));
  return all;
}

} // namespace

SharedSlots::SharedSlots(LoopRun &run, const PartitionMap &map, bool replay) : run_(run) {
  const bool direct = map.workers == 1;
  const std::int64_t base = replay ? 0 : std::int64_t(comm_rank()) * map.threads;
  const std::int64_t slots = replay ? map.workers : map.threads;
  for (SharedUpdates *u : run.shared)
    u->open(base, slots, direct);
}

SharedSlots::~SharedSlots() {
  for (SharedUpdates *u : run_.shared)
    u->close();
}

void run_lockstep(LoopRun &run, const PartitionMap &map, bool check, ServedLoop *served) {
  RuntimeState &st = state();
  const int rank = comm_rank();
  const bool multi = map.ranks > 1;
  std::vector<ArraySync> syncs = array_syncs(run, map);
  // Writes that do not travel as slabs are recorded (so is everything under --orion-check).
  const bool record = check || (multi && any_recorded(syncs));
  const bool merging = map.workers > 1 && !run.shared.empty();
  const std::int64_t every = merging ? flush_every(run) : 0;
  // A sub-round runs at most one piece per worker, and with served arrays the calling thread
  // serves misses meanwhile.
  Crew &crew = rank_crew(map.threads + (served != nullptr ? 1 : 0));
  std::size_t step = 0; // sub-rounds so far (a `repeated` loop's prefetch lists are per step)
  const auto start = Clock::now();
  double merge_s = 0;
  std::vector<double> compute(static_cast<std::size_t>(map.threads), 0.0);
  const std::vector<std::int64_t> block_sizes = sub_round_sizes(run, every);
  for (const auto &round : map.rounds()) {
    // Cut every block of the round the same way on every rank.
    std::vector<std::vector<BlockTask>> cut;
    std::size_t subs = 0;
    std::vector<std::size_t> mine;
    for (std::size_t i = 0; i < round.size(); ++i) {
      cut.push_back(pieces(run, block_task(run, map, round[i]), every));
      subs = std::max(
          subs,
          block_sizes.empty()
              ? cut.back().size()
              : piece_count(block_sizes[static_cast<std::size_t>(map.block(round[i]))], every));
      if (map.rank_of(round[i].worker) == rank)
        mine.push_back(i);
    }
    std::vector<CheckedBlock> done(mine.size());
    for (std::size_t sub = 0; sub < subs; ++sub) {
      const auto work = [&](std::size_t k) {
        const std::size_t i = mine[k];
        done[k].task = round[i];
        if (sub >= cut[i].size())
          return;
        WorkerScope scope(round[i].worker);
        AccessLog log;
        const auto piece_start = Clock::now();
        run.run_block(cut[i][sub], record ? &log : nullptr);
        compute[k] += seconds_since(piece_start);
        if (!record)
          return;
        BlockAccess access;
        summarize(run, log, check ? &access : nullptr, &done[k].writes);
        unite(done[k].access.accessed, access.accessed);
        unite(done[k].access.written, access.written);
      };
      if (served != nullptr) {
        std::vector<const BlockTask *> pieces(mine.size(), nullptr);
        for (std::size_t k = 0; k < mine.size(); ++k)
          if (sub < cut[mine[k]].size())
            pieces[k] = &cut[mine[k]][sub];
        served->prefetch(pieces, step, crew);
        crew.run(mine.size() + 1, [&](std::size_t j) {
          if (j == 0)
            return served->serve(mine.size());
          struct Done { // also when the body throws: the serving thread counts on it
            ServedLoop &loop;
            ~Done() { loop.worker_done(); }
          } finished{*served};
          work(j - 1);
        });
      } else {
        crew.run(mine.size(), work);
      }
      ++step;
      if (merging) {
        const auto merge_start = Clock::now();
        if (merge(run, map.threads, multi) && served != nullptr)
          served->invalidate();
        merge_s += seconds_since(merge_start);
      }
    }
    if (record) {
      const std::vector<CheckedBlock> all = gather_blocks(map, std::move(done));
      if (check)
        check_round(run, map, all);
      // Every block's writes in worker order, this rank's too: two blocks of an unordered round
      // may both write an element nobody reads (write/write is no dependence there), and every
      // copy must end with the same one.
      if (multi)
        for (const CheckedBlock &b : all)
          apply_writes(run, b.writes.data(), b.writes.size());
    } else if (multi) {
      // The time parts this round used go to every rank (the next user may be anywhere).
      std::vector<Span> spans;
      for (const Task &t : round)
        for (const Span &s : time_part_spans(run, map, syncs, t.time, map.rank_of(t.worker)))
          spans.push_back(s);
      if (!spans.empty())
        exchange_spans(spans);
    }
  }
  const double blocks = seconds_since(start) - merge_s;
  double computed = 0;
  for (double c : compute)
    computed += c;
  st.loops.blocks_seconds += blocks;
  st.loops.compute_seconds += computed;
  st.loops.idle_seconds += std::max(0.0, blocks * map.threads - computed);
  st.loops.exchange_seconds += merge_s;
  st.loops.merge_seconds += merge_s;
  if (!multi)
    return;
  // Slabs each worker wrote alone (and the iterated sparse values) are still only on their rank;
  // everything else is current everywhere. Space slabs go out even when writes were recorded:
  // some writes never pass through the log (the values of an iterated dense array, written in
  // place; an array a helper writes by its global name), and a slab has one writer, so its
  // owner's copy is right.
  for (ArraySync &s : syncs)
    if (s.sync == Sync::TimeSlab || (record && s.sync != Sync::SpaceSlab))
      s.sync = Sync::None;
  final_sync(run, map, syncs, {});
}

void run_replay(LoopRun &run, const PartitionMap &map) {
  RuntimeState &st = state();
  const bool merging = map.workers > 1 && !run.shared.empty();
  const std::int64_t every = merging ? flush_every(run) : 0;
  for (const auto &round : map.rounds()) {
    std::vector<std::vector<BlockTask>> cut;
    std::size_t subs = 0;
    for (const Task &task : round) {
      cut.push_back(pieces(run, block_task(run, map, task), every));
      subs = std::max(subs, cut.back().size());
    }
    for (std::size_t sub = 0; sub < subs; ++sub) {
      for (std::size_t i = 0; i < round.size(); ++i) {
        if (sub >= cut[i].size())
          continue;
        const std::int64_t g = round[i].worker;
        ReplayScope scope(g, st.replay_rng(static_cast<std::size_t>(g)));
        run.run_block(cut[i][sub], nullptr);
      }
      if (merging)
        merge(run, map.workers, false);
    }
  }
}

} // namespace orion::detail

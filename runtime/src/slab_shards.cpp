#include "slab_shards.hpp"

#include "coherence.hpp"
#include "pending_fills.hpp"
#include "served_loop.hpp"

#include <orion/detail/comm.hpp>
#include <orion/detail/state.hpp>
#include <orion/error.hpp>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <span>
#include <utility>

namespace orion::detail {
namespace {

/// The loop receives the array of `h` once: another argument that is the same array may be
/// synchronized otherwise.
bool passed_once(const LoopRun &run, const DenseHandle &h) {
  return std::count_if(run.arrays.begin(), run.arrays.end(),
                       [&](const DenseHandle &other) { return other.shard == h.shard; }) == 1;
}

/// What may leave argument `a` as a slab shard, the same on every rank (what driver code pinned
/// is asked of the ranks separately).
bool may_keep(const LoopRun &run, const PartitionMap &map, const std::vector<ArraySync> &syncs,
              std::size_t a) {
  const Options &o = state().options;
  if (map.ranks <= 1 || !o.distribute || o.check || o.replay_serial || !map.transform().empty())
    return false;
  if (a >= syncs.size() || syncs[a].sync != Sync::SpaceSlab || syncs[a].dim != 0)
    return false;
  const DenseHandle &h = run.arrays[a];
  // Small arrays stay whole, as small served arrays do (--orion-shard-min-bytes): they cost
  // little to send, and driver code orionc cannot follow (a helper the root alone calls) may
  // read them whole.
  if (h.shard == nullptr || h.data == nullptr || h.extents.empty() || h.extents[0] <= 0 ||
      h.bytes() < o.shard_min_bytes)
    return false;
  return passed_once(run, h);
}

/// The rows [lo, hi) of an array of `rows` rows that rank r's workers touch in slabs of
/// dimension 0 under `map`: rank r's workers are r * threads, ..., each with its space part.
std::pair<std::int64_t, std::int64_t> rows_of_rank(const PartitionMap &map, std::int64_t rows,
                                                   int r) {
  const auto [lo, hi] = map.space_of_rank(r);
  const std::int64_t first = std::clamp<std::int64_t>(lo, 0, rows);
  return {first, std::max(first, std::clamp<std::int64_t>(hi, 0, rows))};
}

} // namespace

std::vector<std::int64_t> slab_firsts(const PartitionMap &map, std::int64_t rows) {
  std::vector<std::int64_t> firsts(static_cast<std::size_t>(map.ranks) + 1, rows);
  firsts[0] = 0;
  // Rows outside the space are written by nobody: the ranks at either end hold them.
  for (int r = 1; r < map.ranks; ++r)
    firsts[static_cast<std::size_t>(r)] = rows_of_rank(map, rows, r).first;
  return firsts;
}

bool slab_stays(const LoopRun &run, const PartitionMap &map, const std::vector<ArraySync> &syncs,
                std::size_t a) {
  const DenseHandle &h = run.arrays[a];
  if (h.shard == nullptr || !*h.shard || !(*h.shard)->slab || !may_keep(run, map, syncs, a))
    return false;
  return (*h.shard)->firsts == slab_firsts(map, h.extents[0]);
}

std::vector<char> slabs_to_keep(const LoopRun &run, const PartitionMap &map,
                                const std::vector<ArraySync> &syncs) {
  std::vector<char> keep(run.arrays.size(), 0);
  std::vector<std::size_t> candidates;
  for (std::size_t a = 0; a < run.arrays.size(); ++a)
    if (may_keep(run, map, syncs, a))
      candidates.push_back(a);
  if (candidates.empty())
    return keep;
  // Driver code that keeps a pointer or reference into the array on some rank (detail::pin)
  // would read stale rows there: then it goes to every rank as before, on every rank.
  std::vector<std::int64_t> pinned;
  for (std::size_t a : candidates) {
    const DenseHandle &h = run.arrays[a];
    pinned.push_back(h.pinned != nullptr && *h.pinned ? 1 : 0);
  }
  comm_allreduce_max(std::span<std::int64_t>(pinned));
  for (std::size_t i = 0; i < candidates.size(); ++i)
    keep[candidates[i]] = pinned[i] == 0 ? 1 : 0;
  return keep;
}

void keep_slab(const LoopRun &run, const PartitionMap &map, std::size_t a) {
  const DenseHandle &h = run.arrays[a];
  std::unique_ptr<Shard> &slot = *h.shard;
  std::vector<std::int64_t> firsts = slab_firsts(map, h.extents[0]);
  if (slot) {
    // The loop began by gathering any other shard of it (place_shards).
    if (!slot->slab || slot->firsts != firsts)
      throw Error("internal: array '" + run.plan->arrays[a].name +
                  "' is sharded otherwise than the slabs its loop wrote");
    return;
  }
  slot = make_shard(h, run.plan->arrays[a].name, std::move(firsts), comm_rank());
  slot->slab = true;
  if (state().options.verbose && comm_rank() == 0)
    std::fprintf(stderr,
                 "orion: loop %s: '%s' (%.1f MB) stays on the ranks that write it, rows "
                 "[%lld, %lld) on rank 0; a loop that needs it otherwise, or driver code, "
                 "gathers it\n",
                 where(run).c_str(), run.plan->arrays[a].name.c_str(),
                 static_cast<double>(h.bytes()) / 1e6, static_cast<long long>(slot->lo),
                 static_cast<long long>(slot->hi));
}

void keep_slabs_before_run(const LoopRun &run, const PartitionMap &map) {
  if (map.ranks <= 1)
    return;
  const std::vector<ArraySync> syncs = array_syncs(run, map);
  // Only an array that is not a shard yet can become one here: on later runs (the next epoch)
  // every such array already is, and slabs_to_keep's all-reduce would be repeated for nothing
  // (final_sync asks it again when the run ends). Shards are made collectively, so every rank
  // takes the same branch.
  const auto unsharded_slab = [&](std::size_t a) {
    const DenseHandle &h = run.arrays[a];
    return h.shard != nullptr && !*h.shard && syncs[a].sync == Sync::SpaceSlab && syncs[a].dim == 0;
  };
  bool any = false;
  for (std::size_t a = 0; a < syncs.size(); ++a)
    any = any || unsharded_slab(a);
  if (!any)
    return;
  const std::vector<char> keep = slabs_to_keep(run, map, syncs);
  for (std::size_t a = 0; a < keep.size(); ++a) {
    if (!keep[a] || *run.arrays[a].shard) // any other shard is placed by place_shards as before
      continue;
    keep_slab(run, map, a);
    const Shard &shard = **run.arrays[a].shard;
    write_pending_rows(run, a, shard.lo, shard.hi); // driver code's fill, in this rank's rows
  }
}

bool slab_read_in_slabs(const LoopRun &run, const PartitionMap &map, std::size_t a) {
  const Options &o = state().options;
  const DenseHandle &h = run.arrays[a];
  if (h.shard == nullptr || !*h.shard || !(*h.shard)->slab || h.data == nullptr ||
      map.ranks != (*h.shard)->ranks || o.check || o.replay_serial || !map.transform().empty() ||
      h.merged || dense_written(run, static_cast<int>(a)))
    return false;
  bool local = false;
  for (const plan::ArrayRole &r : map.candidate->roles) {
    if (r.arg != static_cast<int>(a))
      continue;
    if (r.role != model::Role::Local || r.array_dim != 0)
      return false;
    local = true;
  }
  return local && passed_once(run, h);
}

void fetch_slab_rows(const LoopRun &run, const PartitionMap &map, std::size_t a) {
  const DenseHandle &h = run.arrays[a];
  Shard &shard = **h.shard;
  const int ranks = shard.ranks, me = comm_rank();
  const auto row_bytes = static_cast<std::int64_t>(shard.row_bytes);
  // Rows that rank `from` holds and rank `to` reads (none to itself): the same on every rank.
  const auto overlap = [&](int from, int to) -> std::pair<std::int64_t, std::int64_t> {
    if (from == to)
      return {0, 0};
    const auto [lo, hi] = rows_of_rank(map, shard.rows, to);
    const std::int64_t first = std::max(lo, shard.firsts[static_cast<std::size_t>(from)]);
    const std::int64_t last = std::min(hi, shard.firsts[static_cast<std::size_t>(from) + 1]);
    return {first, std::max(first, last)};
  };
  std::vector<std::int64_t> send(static_cast<std::size_t>(ranks)), recv(send.size());
  std::int64_t send_total = 0, recv_total = 0;
  for (int q = 0; q < ranks; ++q) {
    const auto [slo, shi] = overlap(me, q);
    const auto [rlo, rhi] = overlap(q, me);
    send[static_cast<std::size_t>(q)] = (shi - slo) * row_bytes;
    recv[static_cast<std::size_t>(q)] = (rhi - rlo) * row_bytes;
    send_total += (shi - slo) * row_bytes;
    recv_total += (rhi - rlo) * row_bytes;
  }
  // Rows travel through one buffer each way: the ranges a rank sends are not adjacent.
  std::vector<unsigned char> out(static_cast<std::size_t>(send_total));
  std::vector<unsigned char> in(static_cast<std::size_t>(recv_total));
  // An empty vector's data() may be null, which memcpy must not get even for 0 bytes.
  std::size_t at = 0;
  for (int q = 0; q < ranks; ++q) {
    const auto [lo, hi] = overlap(me, q);
    const auto bytes = static_cast<std::size_t>((hi - lo) * row_bytes);
    if (bytes > 0)
      std::memcpy(out.data() + at, h.data + lo * row_bytes, bytes);
    at += bytes;
  }
  comm_alltoallv_bytes(out.data(), send, in.data(), recv);
  shard.cache_bytes += recv_total; // given back when the run ends
  at = 0;
  for (int q = 0; q < ranks; ++q) {
    const auto [lo, hi] = overlap(q, me);
    const auto bytes = static_cast<std::size_t>((hi - lo) * row_bytes);
    if (bytes > 0)
      std::memcpy(h.data + lo * row_bytes, in.data() + at, bytes);
    at += bytes;
  }
  count_sent(static_cast<int>(a), send_total);
}

} // namespace orion::detail

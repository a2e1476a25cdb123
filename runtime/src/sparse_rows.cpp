#include "sparse_rows.hpp"

#include "array_sync.hpp"
#include "coherence.hpp"

#include <orion/detail/comm.hpp>
#include <orion/detail/sparse_shard.hpp>
#include <orion/detail/state.hpp>

#include <algorithm>
#include <cstdio>
#include <span>

namespace orion::detail {
namespace {

/// Whether the candidate keeps argument `a`'s rows with the iterations (local in dimension 0).
bool rows_partitioned(const PartitionMap &map, std::size_t a) {
  for (const plan::ArrayRole &r : map.candidate->roles)
    if (r.arg == static_cast<int>(a))
      return r.role == model::Role::Local && r.array_dim == 0 && !map.candidate->dims.empty() &&
             map.candidate->dims[0] == 0;
  return false;
}

} // namespace

std::vector<const SparseShard *> row_read_shards(const LoopRun &run) {
  std::vector<const SparseShard *> out;
  for (const DenseHandle &h : run.arrays)
    if (h.sparse_rows && h.sparse != nullptr)
      out.push_back(h.sparse);
  return out;
}

void prepare_row_reads(LoopRun &run, const PartitionMap &map, bool describe) {
  const Options &o = state().options;
  for (std::size_t a = 0; a < run.arrays.size(); ++a) {
    DenseHandle &h = run.arrays[a];
    if (!h.sparse_rows || h.sparse == nullptr || h.sparse->row_reads)
      continue; // whole, or the same array as an argument before (its rows are here already)
    SparseShard &shard = *h.sparse;
    // The same answer on every rank: the options, the plan, the map and the shard's kind agree.
    const bool may_fetch = shard.rows_whole && map.ranks > 1 && !o.check && !o.replay_serial &&
                           map.transform().empty() && rows_partitioned(map, a);
    bool fetch = may_fetch;
    if (may_fetch) {
      const auto [lo, hi] = map.space_of_rank(comm_rank());
      const std::int64_t own =
          std::max<std::int64_t>(0, std::min(hi, shard.rows_hi) - std::max(lo, shard.rows_lo));
      const std::int64_t missing = (hi - lo) - own;
      // How many ranks would fetch more than half their rows, and how many rows all fetch.
      std::int64_t counts[2] = {missing * 2 > hi - lo ? 1 : 0, missing};
      comm_allreduce_sum(std::span<std::int64_t>(counts));
      fetch = counts[0] == 0;
      if (fetch) {
        count_sent(static_cast<int>(a), shard.fetch_rows(shard.array, lo, hi));
        if (describe && o.verbose && comm_rank() == 0)
          std::fprintf(stderr,
                       "orion: loop %s: '%s' stays distributed: each rank reads the rows it runs "
                       "where they are (rank 0: [%lld, %lld)), %lld row(s) fetched from other "
                       "ranks in all\n",
                       where(run).c_str(), run.plan->arrays[a].name.c_str(),
                       static_cast<long long>(lo), static_cast<long long>(hi),
                       static_cast<long long>(counts[1]));
        continue;
      }
    }
    // Drops the shard: whole from now on, for every argument that is this array.
    SparseShard *gathered = h.sparse;
    shard.gather(shard.array);
    for (DenseHandle &other : run.arrays)
      if (other.sparse == gathered)
        other.sparse = nullptr;
  }
}

void end_row_reads(LoopRun &run) noexcept {
  for (DenseHandle &h : run.arrays)
    if (h.sparse_rows && h.sparse != nullptr && h.sparse->row_reads)
      h.sparse->drop_rows(h.sparse->array);
}

} // namespace orion::detail

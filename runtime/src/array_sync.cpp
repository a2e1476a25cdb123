#include "array_sync.hpp"

#include "slab_shards.hpp"

#include <orion/detail/state.hpp>

namespace orion::detail {
namespace {

/// The worker that uses time part t last in a pass (its copy is final).
std::int64_t final_holder(const PartitionMap &map, int t) {
  if (map.protocol() == model::Protocol::Wavefront)
    return map.workers - 1;
  std::int64_t best = 0;
  for (std::int64_t g = 1; g < map.workers; ++g)
    if (map.step_of(g, t) > map.step_of(best, t))
      best = g;
  return best;
}

} // namespace

std::string where(const LoopRun &run) {
  return run.plan->file + ":" + std::to_string(run.plan->line);
}

bool sparse_values_written(const LoopRun &run) {
  return run.sparse && !run.plan->arrays.empty() && run.plan->arrays[0].written;
}

bool dense_written(const LoopRun &run, int arg) {
  return run.arrays[static_cast<std::size_t>(arg)].data != nullptr &&
         run.plan->arrays[static_cast<std::size_t>(arg)].written;
}

bool iterated_array_partitioned(const plan::Candidate &cand) {
  for (const plan::ArrayRole &r : cand.roles)
    if (r.arg == 0)
      return r.role == model::Role::Local &&
             (r.array_dim < 0 || (!cand.dims.empty() && r.array_dim == cand.dims[0]));
  return true;
}

std::vector<ArraySync> array_syncs(const LoopRun &run, const PartitionMap &map) {
  const plan::Candidate &cand = *map.candidate;
  std::vector<ArraySync> out(run.arrays.size());
  for (std::size_t a = 0; a < run.arrays.size(); ++a) {
    if (!dense_written(run, static_cast<int>(a)) || run.arrays[a].merged)
      continue; // relaxed, or a Buffer's target: changed only by merges
    out[a].sync = Sync::Recorded;
    if (!cand.transform.empty())
      continue;
    if (a == 0) { // the iterated dense array: its values are partitioned with the iterations
      out[a] = {Sync::SpaceSlab, cand.dims[0]};
      continue;
    }
    for (const plan::ArrayRole &r : cand.roles) {
      if (r.arg != static_cast<int>(a) || r.array_dim < 0)
        continue;
      if (r.role == model::Role::Local)
        out[a] = {Sync::SpaceSlab, r.array_dim};
      else if (r.role == model::Role::Rotated)
        out[a] = {Sync::TimeSlab, r.array_dim};
    }
  }
  return out;
}

/// Spans of the time part t of every rotated written array (owner unused).
std::vector<Span> time_part_spans(const LoopRun &run, const PartitionMap &map,
                                  const std::vector<ArraySync> &syncs, int t, int owner) {
  std::vector<Span> spans;
  for (std::size_t a = 0; a < syncs.size(); ++a)
    if (syncs[a].sync == Sync::TimeSlab)
      slab_spans(run.arrays[a], static_cast<int>(a), syncs[a].dim, map.time_bounds[t],
                 map.time_bounds[t + 1], owner, spans);
  return spans;
}

std::size_t span_bytes(const std::vector<Span> &spans) {
  std::size_t bytes = 0;
  for (const Span &s : spans)
    bytes += s.bytes;
  return bytes;
}

/// After a normal (not check, not replay) run on several ranks: make every rank's copy final.
void final_sync(const LoopRun &run, const PartitionMap &map, const std::vector<ArraySync> &syncs,
                const std::vector<unsigned char> &recorded_writes) {
  std::vector<Span> spans;
  // A distributed space's values live only on the rank that runs them: nobody else needs them.
  if (sparse_values_written(run) && run.shard == nullptr) {
    const auto &offsets = run.layout->offsets;
    for (std::int64_t g = 0; g < map.workers; ++g) {
      const std::int64_t first = offsets[static_cast<std::size_t>(map.block({g, int(g), 0}))];
      const std::int64_t last =
          offsets[static_cast<std::size_t>(map.block({g, int(g), map.time_parts - 1})) + 1];
      spans.push_back({run.values + first * run.value_size,
                       static_cast<std::size_t>(last - first) * run.value_size, map.rank_of(g), 0});
    }
  }
  bool recorded = false;
  const std::vector<char> keep = slabs_to_keep(run, map, syncs);
  for (std::size_t a = 0; a < syncs.size(); ++a) {
    const DenseHandle &h = run.arrays[a];
    switch (syncs[a].sync) {
    case Sync::None:
      break;
    case Sync::SpaceSlab:
      if (keep[a]) { // nobody else needs them until a loop or driver code asks (slab_shards.hpp)
        keep_slab(run, map, a);
        std::vector<char> &kept = state().slabs_kept;
        if (a < kept.size())
          kept[a] = 1;
        break;
      }
      for (std::int64_t g = 0; g < map.workers; ++g)
        slab_spans(h, static_cast<int>(a), syncs[a].dim, map.space_bounds[g],
                   map.space_bounds[g + 1], map.rank_of(g), spans);
      break;
    case Sync::TimeSlab:
      for (int t = 0; t < map.time_parts; ++t)
        slab_spans(h, static_cast<int>(a), syncs[a].dim, map.time_bounds[t], map.time_bounds[t + 1],
                   map.rank_of(final_holder(map, t)), spans);
      break;
    case Sync::Recorded:
      recorded = true;
      break;
    }
  }
  exchange_spans(spans);
  if (!recorded)
    return;
  if (map.protocol() == model::Protocol::Wavefront) {
    // The last rank received every earlier block's writes along the chain.
    for (std::size_t a = 0; a < syncs.size(); ++a)
      if (syncs[a].sync == Sync::Recorded)
        broadcast_array(run.arrays[a], static_cast<int>(a), map.ranks - 1);
  } else {
    exchange_writes(run, recorded_writes);
  }
}

bool any_recorded(const std::vector<ArraySync> &syncs) {
  for (const ArraySync &s : syncs)
    if (s.sync == Sync::Recorded)
      return true;
  return false;
}

void snapshot_recorded(const LoopRun &run, const std::vector<ArraySync> &syncs,
                       std::vector<std::vector<unsigned char>> &copies) {
  copies.resize(syncs.size());
  for (std::size_t a = 0; a < syncs.size(); ++a) {
    if (syncs[a].sync != Sync::Recorded) {
      copies[a].clear();
      continue;
    }
    const DenseHandle &h = run.arrays[a];
    copies[a].assign(h.data, h.data + h.bytes()); // reuses the capacity of the last loop's copy
  }
}

} // namespace orion::detail

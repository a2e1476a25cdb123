#include "sparse_placement.hpp"

#include "array_sync.hpp"
#include "block_sort.hpp"

#include <orion/detail/comm.hpp>
#include <orion/detail/sparse_shard.hpp>
#include <orion/detail/state.hpp>

#include <compare>
#include <cstdio>
#include <cstring>
#include <functional>
#include <numeric>
#include <vector>

namespace orion::detail {
namespace {

/// Keeps the elements that stay on this rank at the front of its storage, in their order, and
/// sends the others to `dest` (packed in rank order, each `bytes` wide at `data`); then grows the
/// storage to `held` elements (`resize`, which keeps the front) and receives the elements of the
/// other ranks after the kept ones, in rank order. The storage doubles as the buffer of what
/// stays, so a rank holds its elements plus those it sends, not two copies of everything: on a
/// file sorted by row most elements stay where their rank parsed them.
void exchange(unsigned char *data, std::size_t bytes, const std::vector<std::int32_t> &dest,
              const std::vector<std::int64_t> &outgoing, const std::vector<std::int64_t> &incoming,
              std::int64_t held, const std::function<unsigned char *(std::int64_t)> &resize) {
  const std::size_t ranks = outgoing.size();
  const auto me = static_cast<std::size_t>(comm_rank());
  std::vector<std::int64_t> next(ranks, 0), send(ranks), recv(ranks);
  for (std::size_t q = 1; q < ranks; ++q)
    next[q] = next[q - 1] + (q - 1 == me ? 0 : outgoing[q - 1]);
  for (std::size_t q = 0; q < ranks; ++q) {
    send[q] = q == me ? 0 : outgoing[q] * static_cast<std::int64_t>(bytes);
    recv[q] = q == me ? 0 : incoming[q] * static_cast<std::int64_t>(bytes);
  }
  const std::int64_t kept = outgoing[me];
  std::vector<unsigned char> packed((dest.size() - static_cast<std::size_t>(kept)) * bytes);
  std::size_t front = 0;
  for (std::size_t j = 0; j < dest.size(); ++j) {
    const auto q = static_cast<std::size_t>(dest[j]);
    if (q == me) {
      if (front != j) // front < j: the element moves towards the front, over one already moved
        std::memcpy(data + front * bytes, data + j * bytes, bytes);
      ++front;
    } else {
      std::memcpy(packed.data() + static_cast<std::size_t>(next[q]++) * bytes, data + j * bytes,
                  bytes);
    }
  }
  unsigned char *storage = resize(held);
  comm_alltoallv_bytes(packed.data(), send, storage + static_cast<std::size_t>(kept) * bytes, recv);
}

/// Whether the elements as loaded, rank after rank (file order), are in key order: what an ordered
/// loop needs to know to restore that order after this placement moved them. Each rank checks its
/// share and the ranks compare the keys where their shares meet.
void note_loaded_order(LoopRun &run, SparseLayout &layout) {
  note_storage_order(run, layout); // this rank's share
  const auto dims = static_cast<std::size_t>(run.dims);
  std::vector<std::int64_t> mine{run.nnz, layout.stored_in_key_order,
                                 layout.keys_strictly_increasing ? 1 : 0,
                                 layout.first_out_of_order};
  mine.insert(mine.end(), run.keys, run.keys + (run.nnz > 0 ? dims : 0));
  mine.resize(4 + dims, 0);
  if (run.nnz > 0)
    mine.insert(mine.end(), run.keys + (run.nnz - 1) * static_cast<std::int64_t>(dims),
                run.keys + run.nnz * static_cast<std::int64_t>(dims));
  mine.resize(4 + 2 * dims, 0);
  const int ranks = comm_size();
  const auto record = static_cast<std::int64_t>(mine.size() * sizeof(std::int64_t));
  std::vector<std::int64_t> all(mine.size() * static_cast<std::size_t>(ranks));
  comm_allgatherv_bytes(mine.data(), record, all.data(),
                        std::vector<std::int64_t>(static_cast<std::size_t>(ranks), record));
  bool in_order = true, strict = true;
  std::int64_t first_out = -1, offset = 0;
  const std::int64_t *previous_last = nullptr;
  for (int r = 0; r < ranks; ++r) {
    const std::int64_t *rec = all.data() + static_cast<std::size_t>(r) * mine.size();
    if (rec[0] == 0)
      continue;
    const std::int64_t *first = rec + 4, *last = rec + 4 + dims;
    if (previous_last != nullptr) {
      const auto cmp = std::lexicographical_compare_three_way(previous_last, previous_last + dims,
                                                              first, first + dims);
      if (cmp > 0 && in_order) {
        in_order = false;
        first_out = offset;
      }
      strict = strict && cmp < 0;
    }
    if (rec[1] == 0 && in_order) {
      in_order = false;
      first_out = offset + rec[3];
    }
    strict = strict && rec[2] == 1;
    previous_last = last;
    offset += rec[0];
  }
  layout.stored_in_key_order = in_order ? 1 : 0;
  layout.keys_strictly_increasing = in_order && strict;
  layout.first_out_of_order = first_out;
  layout.last_key.clear();
  if (previous_last != nullptr)
    layout.last_key.assign(previous_last, previous_last + dims);
}

} // namespace

void place_elements(LoopRun &run, const PartitionMap &map) {
  SparseShard &shard = *run.shard;
  std::vector<std::int64_t> signature = ownership_signature(map);
  if (shard.placed_for == signature)
    return;
  SparseLayout &layout = *run.layout;
  if (shard.placed_for.empty() && !layout.permuted && layout.stored_in_key_order < 0)
    note_loaded_order(run, layout);
  const int ranks = comm_size();
  std::vector<std::int32_t> dest;
  element_ranks(run, map, dest);
  std::vector<std::int64_t> outgoing(static_cast<std::size_t>(ranks), 0);
  for (const std::int32_t r : dest)
    ++outgoing[static_cast<std::size_t>(r)];
  const std::vector<std::int64_t> incoming = comm_alltoall(outgoing);
  const std::int64_t held = std::accumulate(incoming.begin(), incoming.end(), std::int64_t{0});
  const std::size_t key_bytes = static_cast<std::size_t>(run.dims) * sizeof(std::int64_t);

  exchange(reinterpret_cast<unsigned char *>(run.keys), key_bytes, dest, outgoing, incoming, held,
           [&](std::int64_t n) {
             run.keys = static_cast<std::int64_t *>(shard.resize_keys(shard.array, n));
             return reinterpret_cast<unsigned char *>(run.keys);
           });
  exchange(run.values, run.value_size, dest, outgoing, incoming, held, [&](std::int64_t n) {
    run.values = static_cast<unsigned char *>(shard.resize_values(shard.array, n));
    return run.values;
  });
  const std::int64_t kept = outgoing[static_cast<std::size_t>(comm_rank())];
  const std::int64_t sent = run.nnz - kept;
  run.nnz = held;

  layout.signature.clear();
  layout.offsets.clear();
  layout.permuted = true; // the storage is no longer the serial order
  layout.serial_within_blocks = false;
  shard.placed_for = std::move(signature);

  RuntimeState &st = state();
  st.placed_bytes += sent * static_cast<std::int64_t>(key_bytes + run.value_size);
  if (st.options.verbose && st.rank == 0)
    std::fprintf(stderr,
                 "orion: loop %s: placed the elements of '%s' on the ranks that run them: rank 0 "
                 "holds %lld of %lld and sent %lld\n",
                 where(run).c_str(), run.plan->arrays[0].name.c_str(), static_cast<long long>(held),
                 static_cast<long long>(run.global_nnz), static_cast<long long>(sent));
}

void gather_space(LoopRun &run, const PartitionMap &map) {
  SparseShard *shard = run.shard;
  const bool in_blocks = !run.plan->ordered;
  std::vector<std::int64_t> offsets;
  if (in_blocks) {
    place_elements(run, map);
    const std::vector<std::int64_t> &local = sparse_layout(run, map);
    // Every block lives on exactly one rank, and the ranks hold consecutive blocks in rank order
    // (rank r runs space parts r * threads ...): the sizes summed, and the storages concatenated in
    // rank order, are the whole array's block layout.
    std::vector<std::int64_t> sizes(local.size() - 1);
    for (std::size_t b = 0; b + 1 < local.size(); ++b)
      sizes[b] = local[b + 1] - local[b];
    comm_allreduce_sum(sizes);
    offsets.assign(local.size(), 0);
    std::partial_sum(sizes.begin(), sizes.end(), offsets.begin() + 1);
  }
  void *array = shard->array;
  auto *const resize_keys = shard->resize_keys;
  auto *const resize_values = shard->resize_values;
  SparseLayout kept = *run.layout;
  shard->gather(array); // drops the shard
  run.shard = nullptr;
  // The gathered storage: resizing to the size it has returns it unchanged.
  run.nnz = run.global_nnz;
  run.keys = static_cast<std::int64_t *>(resize_keys(array, -1));
  run.values = static_cast<unsigned char *>(resize_values(array, -1));
  if (in_blocks) {
    kept.offsets = std::move(offsets);
    kept.signature.at(0) = run.global_nnz; // sparse_layout's signature starts with the count
    *run.layout = std::move(kept);
  }
}

std::uint64_t values_digest(const LoopRun &run, const PartitionMap &map, std::uint64_t hash,
                            std::uint64_t (*fnv)(const unsigned char *, std::size_t,
                                                 std::uint64_t)) {
  if (run.shard == nullptr)
    return fnv(run.values, static_cast<std::size_t>(run.nnz) * run.value_size, hash);
  const std::vector<std::int64_t> &offsets = run.layout->offsets;
  for (std::size_t b = 0; b + 1 < offsets.size(); ++b) {
    const int owner = map.rank_of(static_cast<std::int64_t>(b) / map.time_parts);
    if (owner == comm_rank())
      hash = fnv(run.values + static_cast<std::size_t>(offsets[b]) * run.value_size,
                 static_cast<std::size_t>(offsets[b + 1] - offsets[b]) * run.value_size, hash);
    comm_bcast_bytes(&hash, sizeof hash, owner);
  }
  return hash;
}

} // namespace orion::detail

#include "sparse_placement.hpp"

#include "array_sync.hpp"
#include "block_sort.hpp"
#include "element_runs.hpp"

#include <orion/detail/comm.hpp>
#include <orion/detail/sparse_shard.hpp>
#include <orion/detail/state.hpp>
#include <orion/error.hpp>

#include <algorithm>
#include <compare>
#include <cstdio>
#include <cstring>
#include <numeric>
#include <string>
#include <vector>

namespace orion::detail {
namespace {

/// This rank's elements of a distributed space: keys and values in two storages, which move
/// together, element by element.
class Elements {
public:
  Elements(LoopRun &run, SparseShard &shard)
      : run_(run), shard_(shard),
        key_bytes_(static_cast<std::size_t>(run.dims) * sizeof(std::int64_t)) {}

  /// The bytes of one element in a message: its key, then its value.
  std::size_t record() const { return key_bytes_ + run_.value_size; }
  const std::int64_t *key(std::int64_t i) const {
    return run_.keys + i * static_cast<std::int64_t>(run_.dims);
  }
  void move(std::int64_t to, std::int64_t from) {
    std::memcpy(key_at(to), key_at(from), key_bytes_);
    std::memcpy(value_at(to), value_at(from), run_.value_size);
  }
  void move_range(std::int64_t to, std::int64_t from, std::int64_t n) {
    std::memmove(key_at(to), key_at(from), static_cast<std::size_t>(n) * key_bytes_);
    std::memmove(value_at(to), value_at(from), static_cast<std::size_t>(n) * run_.value_size);
  }
  void pack(unsigned char *out, std::int64_t from) const {
    std::memcpy(out, key_at(from), key_bytes_);
    std::memcpy(out + key_bytes_, value_at(from), run_.value_size);
  }
  void unpack(std::int64_t to, const unsigned char *in) {
    std::memcpy(key_at(to), in, key_bytes_);
    std::memcpy(value_at(to), in + key_bytes_, run_.value_size);
  }
  /// Keeps the first n elements (of those there are) and grows to n (SparseShard's resize).
  void resize(std::int64_t n) {
    run_.keys = static_cast<std::int64_t *>(shard_.resize_keys(shard_.array, n));
    run_.values = static_cast<unsigned char *>(shard_.resize_values(shard_.array, n));
  }

private:
  unsigned char *key_at(std::int64_t i) const {
    return reinterpret_cast<unsigned char *>(run_.keys) + static_cast<std::size_t>(i) * key_bytes_;
  }
  unsigned char *value_at(std::int64_t i) const {
    return run_.values + static_cast<std::size_t>(i) * run_.value_size;
  }
  LoopRun &run_;
  SparseShard &shard_;
  std::size_t key_bytes_;
};

/// Sends the elements of this rank's share that `owner` puts on other ranks, in rounds of at most
/// `chunk` per rank (`rounds` of them, the same on every rank), and receives the other ranks'
/// elements into the slots that left; the share ends with `held` elements. Whatever stays is
/// compacted towards the front as the scan passes it. A rank thus holds its share plus one round's
/// messages: never a second copy of what it sends (3/4 of a share on a shuffled file at 4 ranks),
/// nor a list of destinations (each is computed from the key when the scan reaches it). A rank
/// that ends with more than it loaded grows its storage first, within the loaders' spare capacity
/// (placement_headroom.hpp) unless the map is lopsided.
void exchange(Elements &elements, std::int64_t local, const ElementOwner &owner, std::int64_t held,
              std::int64_t chunk, std::int64_t rounds) {
  const auto ranks = static_cast<std::size_t>(comm_size());
  const int me = comm_rank();
  const std::size_t record = elements.record();
  const std::int64_t room = std::max(local, held);
  if (room > local)
    elements.resize(room);
  std::int64_t front = 0;    // [0, front): what stays and what arrived into freed slots
  std::int64_t scan = 0;     // [front, scan): freed slots; from scan on, the share as loaded
  std::int64_t tail = local; // [local, tail): what arrived beyond the share (a growing rank)
  std::vector<unsigned char> out, in, waiting; // waiting: arrived before a slot was free
  std::vector<std::int64_t> count(ranks), slot(ranks), send(ranks), recv(ranks);
  auto place_waiting = [&] {
    const std::size_t n = waiting.size() / record;
    std::size_t i = 0;
    for (; i < n && front < scan; ++i)
      elements.unpack(front++, waiting.data() + i * record);
    for (; i < n && tail < room; ++i)
      elements.unpack(tail++, waiting.data() + i * record);
    waiting.erase(waiting.begin(), waiting.begin() + static_cast<std::ptrdiff_t>(i * record));
  };
  for (std::int64_t round = 0; round < rounds; ++round) {
    std::fill(count.begin(), count.end(), 0);
    std::int64_t end = scan, leaving = 0;
    for (; end < local && leaving < chunk; ++end)
      if (const int q = owner(elements.key(end)); q != me) {
        ++count[static_cast<std::size_t>(q)];
        ++leaving;
      }
    std::exclusive_scan(count.begin(), count.end(), slot.begin(), std::int64_t{0});
    out.resize(static_cast<std::size_t>(leaving) * record);
    for (; scan < end; ++scan) {
      const auto q = static_cast<std::size_t>(owner(elements.key(scan)));
      if (q == static_cast<std::size_t>(me)) {
        if (front != scan) // front < scan: towards the front, into a slot already freed
          elements.move(front, scan);
        ++front;
      } else {
        elements.pack(out.data() + static_cast<std::size_t>(slot[q]++) * record, scan);
      }
    }
    const std::vector<std::int64_t> arriving = comm_alltoall(count);
    for (std::size_t q = 0; q < ranks; ++q) {
      send[q] = count[q] * static_cast<std::int64_t>(record);
      recv[q] = arriving[q] * static_cast<std::int64_t>(record);
    }
    in.resize(static_cast<std::size_t>(std::accumulate(recv.begin(), recv.end(), std::int64_t{0})));
    comm_alltoallv_bytes(out.data(), send, in.data(), recv);
    if (waiting.empty())
      waiting.swap(in);
    else
      waiting.insert(waiting.end(), in.begin(), in.end());
    place_waiting();
  }
  for (; scan < local; ++scan, ++front) // what stays after the last element that left
    if (front != scan)
      elements.move(front, scan);
  place_waiting();    // room >= held: everything fits now
  if (tail > local) { // close the gap between the front and what arrived beyond the share
    elements.move_range(front, local, tail - local);
    front += tail - local;
  }
  if (!waiting.empty() || front != held)
    throw Error("internal error: placing a sparse array's elements left " + std::to_string(front) +
                " of " + std::to_string(held) + " on rank " + std::to_string(me));
  if (held != room)
    elements.resize(held);
}

/// Whether the elements as loaded, rank after rank (file order), are in key order: what an ordered
/// loop needs to know to restore that order after this placement moved them. Each rank checks its
/// share and the ranks compare the keys where their shares meet.
void note_loaded_order(LoopRun &run, SparseLayout &layout) {
  note_storage_order(run, layout, setup_parts(run.nnz, state().threads_per_rank)); // this share
  const auto dims = static_cast<std::size_t>(run.dims);
  std::vector<std::int64_t> mine{run.nnz, layout.stored_in_key_order,
                                 layout.keys_strictly_increasing ? 1 : 0, layout.first_out_of_order,
                                 layout.rows_in_order};
  constexpr std::size_t kHead = 5;
  mine.insert(mine.end(), run.keys, run.keys + (run.nnz > 0 ? dims : 0));
  mine.resize(kHead + dims, 0);
  if (run.nnz > 0)
    mine.insert(mine.end(), run.keys + (run.nnz - 1) * static_cast<std::int64_t>(dims),
                run.keys + run.nnz * static_cast<std::int64_t>(dims));
  mine.resize(kHead + 2 * dims, 0);
  const int ranks = comm_size();
  const auto record = static_cast<std::int64_t>(mine.size() * sizeof(std::int64_t));
  std::vector<std::int64_t> all(mine.size() * static_cast<std::size_t>(ranks));
  comm_allgatherv_bytes(mine.data(), record, all.data(),
                        std::vector<std::int64_t>(static_cast<std::size_t>(ranks), record));
  bool in_order = true, strict = true, rows = true;
  std::int64_t first_out = -1, offset = 0;
  const std::int64_t *previous_last = nullptr;
  for (int r = 0; r < ranks; ++r) {
    const std::int64_t *rec = all.data() + static_cast<std::size_t>(r) * mine.size();
    if (rec[0] == 0)
      continue;
    const std::int64_t *first = rec + kHead, *last = rec + kHead + dims;
    rows = rows && rec[4] == 1 && (previous_last == nullptr || previous_last[0] <= first[0]);
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
  layout.rows_in_order = rows ? 1 : 0;
  layout.last_row = previous_last != nullptr ? previous_last[0] : -1;
  layout.first_out_of_order = first_out;
  layout.last_key.clear();
  if (previous_last != nullptr)
    layout.last_key.assign(previous_last, previous_last + dims);
}

} // namespace

void note_serial_order(LoopRun &run) {
  if (!run.sparse || run.layout == nullptr)
    return;
  SparseLayout &layout = *run.layout;
  if (layout.permuted || layout.stored_in_key_order >= 0)
    return;
  if (run.shard == nullptr)
    note_storage_order(run, layout, setup_parts(run.nnz, state().threads_per_rank));
  else if (run.shard->placed_for.empty())
    note_loaded_order(run, layout);
}

void place_elements(LoopRun &run, const PartitionMap &map) {
  SparseShard &shard = *run.shard;
  std::vector<std::int64_t> signature = ownership_signature(map);
  if (shard.placed_for == signature)
    return;
  SparseLayout &layout = *run.layout;
  note_serial_order(run); // before the elements move (the executor has done it already)
  const int ranks = comm_size();
  const ElementOwner owner(run, map);
  std::vector<std::int64_t> outgoing(static_cast<std::size_t>(ranks), 0);
  for (std::int64_t j = 0; j < run.nnz; ++j)
    ++outgoing[static_cast<std::size_t>(owner(run.keys + j * run.dims))];
  const std::vector<std::int64_t> incoming = comm_alltoall(outgoing);
  const std::int64_t held = std::accumulate(incoming.begin(), incoming.end(), std::int64_t{0});
  const std::int64_t kept = outgoing[static_cast<std::size_t>(comm_rank())];
  const std::int64_t sent = run.nnz - kept;
  // Rounds of a 32nd of a share: the messages of a round are small next to the share, and the
  // number of rounds (and of all-to-alls) does not grow with the data. A rank holds up to about
  // four rounds' worth at once (out, in, the waiting ones and the arrivals appended to them): with
  // rounds of a 16th, that put a rank at 144 MB instead of 133 MB on a shuffled 20M-rating file at
  // 4 ranks (docs/benchmarks.md, "Distributed data").
  const std::int64_t chunk = std::max({std::int64_t{1}, state().placement_round_min, run.nnz / 32});
  Elements elements(run, shard);
  exchange(elements, run.nnz, owner, held, chunk, comm_allreduce_max((sent + chunk - 1) / chunk));
  run.nnz = held;

  layout.signature.clear();
  layout.offsets.clear();
  layout.permuted = true; // the storage is no longer the serial order
  layout.serial_within_blocks = false;
  shard.placed_for = std::move(signature);
  shard.rows_whole = false; // a row's elements may now be on several ranks, in another order

  RuntimeState &st = state();
  st.placed_bytes += sent * static_cast<std::int64_t>(elements.record());
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
    const std::vector<std::int64_t> sizes = global_block_sizes(local);
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
    // Each rank found the runs of its own blocks only; every block's elements are where they
    // were, in the same order, so sampling the whole storage finds what each block's owner found.
    if (!kept.repeated_coordinates.empty())
      kept.repeated_coordinates = repeated_coordinates(run, kept.offsets);
    *run.layout = std::move(kept);
  }
}

std::vector<std::int64_t> global_block_sizes(const std::vector<std::int64_t> &local_offsets) {
  std::vector<std::int64_t> sizes(local_offsets.size() - 1);
  for (std::size_t b = 0; b < sizes.size(); ++b)
    sizes[b] = local_offsets[b + 1] - local_offsets[b];
  comm_allreduce_sum(sizes);
  return sizes;
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

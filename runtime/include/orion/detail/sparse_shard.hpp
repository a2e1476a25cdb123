// The share of a SparseArray's elements one rank holds when the elements are distributed.
#pragma once

#include <orion/detail/state.hpp>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

namespace orion::detail {

/// Present while a SparseArray holds only this rank's share of its elements: a loader keeps the
/// lines of each rank's byte range there, and a parallel loop over the array places every element
/// on the rank that runs it. The array registers its shard with the runtime (RuntimeState::shards)
/// so that a loop whose body reads the array by a name the runtime cannot see can have it gathered
/// whole first. The functions reach the array through `array`, which the array keeps current when
/// it moves.
struct SparseShard {
  void *array = nullptr;
  /// The elements on all ranks together (what nnz() reports).
  std::int64_t global_nnz = 0;
  /// What the elements are placed by: the ownership signature of the partition map that placed
  /// them (partition_map.cpp). Empty: as loaded, rank r holding the lines of its part of the file.
  std::vector<std::int64_t> placed_for;
  /// Collective: every rank gets the whole array (in rank order) and the shard is dropped.
  void (*gather)(void *array) = nullptr;
  /// Resize this rank's storage to n elements, keeping the first ones, and return its keys or
  /// values; n < 0 returns them as they are.
  void *(*resize_keys)(void *array, std::int64_t n) = nullptr;
  void *(*resize_values)(void *array, std::int64_t n) = nullptr;
};

inline void register_shard(SparseShard *shard) { state().shards.push_back(shard); }

inline void unregister_shard(const SparseShard *shard) noexcept {
  std::vector<SparseShard *> &all = state().shards;
  all.erase(std::remove(all.begin(), all.end(), shard), all.end());
}

/// Owns a registered shard: unregisters it when the array it belongs to goes away or is gathered.
struct ShardRelease {
  void operator()(SparseShard *shard) const noexcept {
    unregister_shard(shard);
    delete shard;
  }
};
using ShardPtr = std::unique_ptr<SparseShard, ShardRelease>;

/// Collective: gathers every distributed SparseArray but `keep` whole on every rank, in the
/// order they were distributed (the same on every rank: driver code is replicated).
inline void gather_shards_except(const SparseShard *keep) {
  const std::vector<SparseShard *> all = state().shards;
  for (SparseShard *s : all)
    if (s != keep)
      s->gather(s->array);
}

} // namespace orion::detail

// The share of a SparseArray's elements one rank holds when the elements are distributed.
#pragma once

#include <orion/detail/state.hpp>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

namespace orion::detail {

/// What a loader knows of a rank's share: whole rows [lo, hi) in key order, held by no other
/// rank (`whole`), or nothing (false).
struct RowShare {
  bool whole = false;
  std::int64_t lo = 0, hi = 0;
};

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

  /// Rows [rows_lo, rows_hi) are this rank's, whole and in key order, and no other rank holds an
  /// element of them: set by a loader whose shares are whole lines, one row each (load_libsvm),
  /// and true while nothing moved the elements (placed_for empty). A loop that reads the array
  /// row by row at its partitioned index (sparse_rows) then fetches only the rows its rank runs
  /// and lacks, instead of gathering the array (runtime/src/sparse_rows.hpp).
  bool rows_whole = false;
  std::int64_t rows_lo = 0, rows_hi = 0;
  /// During such a loop: rows [read_lo, read_hi) may be read, this rank's own and the ones it
  /// fetched; row() reads them where they are and never gathers. Cleared when the loop ends.
  bool row_reads = false;
  std::int64_t read_lo = 0, read_hi = 0;
  /// Collective: every rank receives the elements of the rows [lo, hi) (its own bounds) that
  /// other ranks hold, and row() may read [lo, hi) (row_reads); returns the bytes this rank sent.
  /// drop_rows frees them.
  std::int64_t (*fetch_rows)(void *array, std::int64_t lo, std::int64_t hi) = nullptr;
  void (*drop_rows)(void *array) = nullptr;
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

/// Collective: gathers every distributed SparseArray but those in `keep` whole on every rank, in
/// the order they were distributed (the same on every rank: driver code is replicated).
inline void gather_shards_except(const std::vector<const SparseShard *> &keep) {
  const std::vector<SparseShard *> all = state().shards;
  for (SparseShard *s : all)
    if (std::find(keep.begin(), keep.end(), s) == keep.end())
      s->gather(s->array);
}

} // namespace orion::detail

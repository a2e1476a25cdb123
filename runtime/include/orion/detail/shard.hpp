// A DenseArray sharded across ranks (docs/runtime.md, "Served arrays"). A large array that
// parallel loops only read with unknown subscripts (a served array), or update through relax(...)
// or a Buffer, is split by rows of its first dimension: rank r owns rows [lo, hi) and applies
// every update of them; the rest of its storage is a cache, valid row by row while a loop runs.
// The storage keeps the whole extent as address space (ZeroedStorage), so an element is still
// `base + offset` and the rows a rank never holds cost no memory.
//
// Driver code that touches a sharded array's elements (an element, a row, data(), iteration, a
// copy) makes it whole again first: a collective gather, which every rank reaches at the same
// point because driver code runs on every rank.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace orion::detail {

class ServedLoop; // runtime/src/served_loop.hpp: the served side of one loop execution

// Row arithmetic in 128 bits: rows times ranks may pass 64 (GCC and Clang both have it).
__extension__ typedef __int128 ShardWide;

/// The rows of a sharded array this rank owns, and its cache of the others.
struct Shard {
  std::int64_t rows = 0;      ///< extent(0)
  std::int64_t row_elems = 1; ///< elements per row (the product of the other extents)
  std::size_t row_bytes = 0;
  int ranks = 1;
  std::int64_t lo = 0, hi = 0; ///< this rank's rows
  std::string name;            ///< the name the loop that sharded it gave it (for messages)
  /// One bit per row: this rank's copy of a row it does not own is current. Set by prefetches
  /// and misses during a loop, cleared at every merge of updates and when the loop ends.
  std::unique_ptr<std::atomic<std::uint64_t>[]> valid;
  std::vector<std::int64_t> cached; ///< the rows whose bit is set
  /// Bytes of cached rows written since the cache's pages were last given back (an upper bound
  /// on what they hold resident: a row counts at least a page).
  std::int64_t cache_bytes = 0;
  ServedLoop *loop = nullptr; ///< during a loop: where a worker's miss goes

  /// The first row of rank r: rows split into `ranks` contiguous ranges of nearly equal size.
  static std::int64_t first_row(std::int64_t rows, int ranks, int r) noexcept {
    return static_cast<std::int64_t>(static_cast<ShardWide>(rows) * r / ranks);
  }
  int owner(std::int64_t row) const noexcept {
    return static_cast<int>((static_cast<ShardWide>(row + 1) * ranks - 1) / rows);
  }
  bool owns(std::int64_t row) const noexcept {
    return static_cast<std::uint64_t>(row - lo) < static_cast<std::uint64_t>(hi - lo);
  }
  bool cached_row(std::int64_t row) const noexcept {
    return (valid[static_cast<std::size_t>(row >> 6)].load(std::memory_order_acquire) >>
            (row & 63)) &
           1U;
  }
  /// This rank's copy of the row may be read.
  bool ready(std::int64_t row) const noexcept { return owns(row) || cached_row(row); }
};

#ifdef ORION_DISTRIBUTED
/// A worker reads a row that the block's prefetch did not ask for: fetches it from its owner and
/// returns once this rank's copy is valid. Throws orion::Error when the loop has failed.
void served_miss(Shard &shard, std::int64_t row);
/// Collective: every rank gathers every other rank's rows of the array (`data`, the whole extent)
/// and the array is whole again. Called by driver code through DenseArray.
void gather_shards(unsigned char *data, Shard &shard);
#endif

} // namespace orion::detail

// A DenseArray sharded across ranks by rows of its first dimension: rank r owns rows
// [firsts[r], firsts[r + 1]). Two kinds (docs/runtime.md):
//   - served: a large array that parallel loops only read with unknown subscripts, or update
//     through relax(...) or a Buffer, split into nearly equal ranges; the owner applies every
//     update of its rows, and the rest of a rank's storage is a cache, valid row by row while a
//     loop runs;
//   - slab: an array a loop writes in slabs of its space dimension (a `local` array) stays where
//     its slabs were written, each rank holding its workers' rows, until a loop that partitions it
//     otherwise or driver code needs it whole.
// The storage keeps the whole extent as address space (ZeroedStorage), so an element is still
// `base + offset` and the rows a rank never holds cost no memory.
//
// Driver code that touches a sharded array's elements (an element, a row, data(), iteration, a
// copy) makes it whole again first: a collective gather, which every rank reaches at the same
// point because driver code runs on every rank.
#pragma once

#include <algorithm>
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
  /// firsts[r]: the first row rank r owns (ranks + 1 entries, firsts[ranks] == rows): contiguous
  /// ranges in rank order, the same on every rank.
  std::vector<std::int64_t> firsts;
  std::int64_t lo = 0, hi = 0; ///< this rank's rows
  /// Left by a loop that wrote the array in slabs (see above), not sharded to be served.
  bool slab = false;
  /// The running loop writes or reads this slab shard in its slabs (it kept it, or fetched the
  /// rows its rank lacks): its workers may read it where it is. Cleared when the loop ends.
  bool in_loop = false;
  std::string name; ///< the name the loop that sharded it gave it (for messages)
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
  /// first_row of every rank and the end: the ranges of a served shard.
  static std::vector<std::int64_t> equal_firsts(std::int64_t rows, int ranks) {
    std::vector<std::int64_t> out;
    for (int r = 0; r <= ranks; ++r)
      out.push_back(first_row(rows, ranks, r));
    return out;
  }
  /// The ranges are the nearly equal split of first_row (a checkpoint's pieces are).
  bool equal_split() const { return firsts == equal_firsts(rows, ranks); }
  int owner(std::int64_t row) const noexcept {
    return static_cast<int>(std::upper_bound(firsts.begin() + 1, firsts.end() - 1, row) -
                            (firsts.begin() + 1));
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
/// and the array is whole again (returns true). Called by driver code through DenseArray. Inside a
/// parallel loop a slab shard the loop keeps or fetched (`in_loop`) is read where it is (returns
/// false): the loop reads only the rows its rank holds or fetched (a view that records accesses
/// reaches elements through DenseArray); any other shard cannot be made whole there (throws: the
/// loop reads an array it was not given).
bool gather_shards(unsigned char *data, Shard &shard);
#endif

} // namespace orion::detail

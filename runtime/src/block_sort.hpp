// Sorting a sparse iteration space into the blocks of a partition map: in place for unordered
// loops, stably (and in key order within a block, for a wavefront) for ordered ones.
#pragma once

#include "setup_threads.hpp"

#include <orion/detail/executor.hpp>
#include <orion/detail/sparse_layout.hpp>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <vector>

namespace orion::detail {

/// What the in-place sort did (for tests; the order it leaves does not depend on it).
struct BlockSortStats {
  int rounds = 0;                     ///< striped rounds run
  std::int64_t left_to_flag_sort = 0; ///< elements in the regions the one-thread flag sort took
};

namespace block_sort_detail {

/// Swaps elements i and d: keys of `Dims` int64 and values of `Bytes` bytes, sizes known at
/// compile time for the common shapes (0: given at run time).
template <std::size_t Dims, std::size_t Bytes>
void swap_elements(LoopRun &run, std::int64_t i, std::int64_t d, std::size_t dims,
                   std::size_t bytes) {
  if constexpr (Dims != 0)
    dims = Dims;
  if constexpr (Bytes != 0)
    bytes = Bytes;
  std::swap_ranges(run.keys + i * dims, run.keys + (i + 1) * dims, run.keys + d * dims);
  unsigned char *a = run.values + i * bytes, *b = run.values + d * bytes;
  unsigned char scratch[Bytes != 0 ? Bytes : 64];
  if (Bytes != 0 || bytes <= sizeof scratch) {
    std::memcpy(scratch, a, bytes);
    std::memcpy(a, b, bytes);
    std::memcpy(b, scratch, bytes);
  } else {
    std::swap_ranges(a, a + bytes, b);
  }
}

/// The element swaps of the in-place sorts: keys, values and block ids together.
template <class Id, std::size_t Dims, std::size_t Bytes> class Swapper {
public:
  Swapper(LoopRun &run, std::vector<Id> &ids)
      : run_(run), ids_(ids), dims_(static_cast<std::size_t>(run.dims)), bytes_(run.value_size) {}
  std::size_t id(std::int64_t i) const { return ids_[static_cast<std::size_t>(i)]; }
  void swap(std::int64_t i, std::int64_t d) const {
    swap_elements<Dims, Bytes>(run_, i, d, dims_, bytes_);
    std::swap(ids_[static_cast<std::size_t>(i)], ids_[static_cast<std::size_t>(d)]);
  }

private:
  LoopRun &run_;
  std::vector<Id> &ids_;
  std::size_t dims_, bytes_;
};

/// The American flag sort's swaps: block b's slots before next[b] hold its elements, and every
/// element out of place lies in some block's slots [next[c], ends[c]); fills every block.
template <class S>
void flag_sort(const S &sw, std::vector<std::int64_t> &next, const std::int64_t *ends) {
  for (std::size_t b = 0; b < next.size(); ++b)
    for (std::int64_t &i = next[b]; i < ends[b];) {
      const std::size_t c = sw.id(i);
      if (c == b) {
        ++i;
        continue;
      }
      sw.swap(i, next[c]++);
    }
}

/// One stripe's share of a striped round (PARADIS, Cho et al., VLDB 2015): the same swaps as the
/// flag sort, confined to the stripe's slice [gh[i], gt[i]) of every block first + i, so that
/// stripes run on separate threads touch separate elements. An element whose block's slice is
/// full stays where it was; on return [first slot, gh[i]) of each slice holds its block's
/// elements. Every element's block must lie in [first, first + gh.size()).
template <class S>
void permute_stripe(const S &sw, std::size_t first, std::vector<std::int64_t> &gh,
                    const std::vector<std::int64_t> &gt) {
  for (std::size_t b = 0; b < gh.size(); ++b)
    for (std::int64_t head = gh[b]; head < gt[b]; ++head) {
      std::size_t k = sw.id(head) - first;
      while (k != b && gh[k] < gt[k]) {
        sw.swap(head, gh[k]++);
        k = sw.id(head) - first;
      }
      if (k == b) {
        if (head != gh[b])
          sw.swap(head, gh[b]);
        ++gh[b];
      }
    }
}

/// Moves block b's elements in [begin, end) to its front (a partition by the block id) and
/// returns where the others start.
template <class S>
std::int64_t gather_block(const S &sw, std::size_t b, std::int64_t begin, std::int64_t end) {
  for (;;) {
    while (begin < end && sw.id(begin) == b)
      ++begin;
    while (begin < end && sw.id(end - 1) != b)
      --end;
    if (begin >= end)
      return begin;
    sw.swap(begin++, --end);
  }
}

/// The sort into the blocks given by offsets. With more than one stripe, rounds of striped swaps
/// run on up to `parts` threads, each followed by a partition of every block's unfinished
/// region (on as many threads, each taking a run of blocks with about an equal share of the
/// unfinished elements), until a round no longer halves what is out of place; the plain flag sort
/// then places the rest. Every step depends on the ids and the stripe count only, never on
/// `parts`, so the order the sort leaves is the same on any number of threads.
template <class Id, std::size_t Dims, std::size_t Bytes>
BlockSortStats sort_in_place(LoopRun &run, std::vector<Id> &ids,
                             const std::vector<std::int64_t> &offsets, int stripes, int parts) {
  const Swapper<Id, Dims, Bytes> sw(run, ids);
  const std::int64_t *ends = offsets.data() + 1;
  std::vector<std::int64_t> head(offsets.begin(), offsets.end() - 1);
  // Only the blocks that hold elements take part: a rank holds a run of the partition map's
  // blocks, and each stripe's bounds and pass scale with the blocks, not with the elements.
  std::size_t first = 0, last = head.size();
  while (first < last && head[first] == ends[first])
    ++first;
  while (last > first && head[last - 1] == ends[last - 1])
    --last;
  const std::size_t active = last - first;
  const int threads = std::max(parts, 1);
  BlockSortStats stats;
  std::int64_t left = offsets.back() - offsets.front();
  std::vector<std::int64_t> before(active + 1, 0); // unfinished elements before block first + i
  while (stripes > 1 && left > 0) {
    ++stats.rounds;
    // Each thread's bounds are its own (no cache line shared with another thread's counters).
    for_ranges(stripes, std::min(stripes, threads), [&](std::int64_t begin, std::int64_t end, int) {
      std::vector<std::int64_t> gh(active), gt(active);
      for (std::int64_t s = begin; s < end; ++s) {
        for (std::size_t i = 0; i < active; ++i) {
          const std::int64_t at = head[first + i], len = ends[first + i] - at;
          gh[i] = at + len * s / stripes;
          gt[i] = at + len * (s + 1) / stripes;
        }
        permute_stripe(sw, first, gh, gt);
      }
    });
    for (std::size_t i = 0; i < active; ++i)
      before[i + 1] = before[i] + (ends[first + i] - head[first + i]);
    for_ranges(left, threads, [&](std::int64_t begin, std::int64_t end, int) {
      const auto from = std::lower_bound(before.begin(), before.end() - 1, begin),
                 to = std::lower_bound(before.begin(), before.end() - 1, end);
      for (auto i = static_cast<std::size_t>(from - before.begin());
           i < static_cast<std::size_t>(to - before.begin()); ++i)
        head[first + i] = gather_block(sw, first + i, head[first + i], ends[first + i]);
    });
    std::int64_t now = 0;
    for (std::size_t b = first; b < last; ++b)
      now += ends[b] - head[b];
    const bool halved = now <= left / 2;
    left = now;
    if (!halved)
      break;
  }
  stats.left_to_flag_sort = left;
  flag_sort(sw, head, ends);
  return stats;
}

template <class Id>
BlockSortStats sort_in_place_dispatch(LoopRun &run, std::vector<Id> &ids,
                                      const std::vector<std::int64_t> &offsets, int stripes,
                                      int parts) {
  const std::size_t bytes = run.value_size;
  switch (run.dims) {
  case 1:
    return bytes == 4   ? sort_in_place<Id, 1, 4>(run, ids, offsets, stripes, parts)
           : bytes == 8 ? sort_in_place<Id, 1, 8>(run, ids, offsets, stripes, parts)
                        : sort_in_place<Id, 1, 0>(run, ids, offsets, stripes, parts);
  case 2:
    return bytes == 4   ? sort_in_place<Id, 2, 4>(run, ids, offsets, stripes, parts)
           : bytes == 8 ? sort_in_place<Id, 2, 8>(run, ids, offsets, stripes, parts)
                        : sort_in_place<Id, 2, 0>(run, ids, offsets, stripes, parts);
  case 3:
    return bytes == 4   ? sort_in_place<Id, 3, 4>(run, ids, offsets, stripes, parts)
           : bytes == 8 ? sort_in_place<Id, 3, 8>(run, ids, offsets, stripes, parts)
                        : sort_in_place<Id, 3, 0>(run, ids, offsets, stripes, parts);
  default:
    return sort_in_place<Id, 0, 0>(run, ids, offsets, stripes, parts);
  }
}

template <class Id, class BlockOf>
BlockSortStats sort_by_block_with(LoopRun &run, BlockOf &block_of,
                                  std::vector<std::int64_t> &offsets, int parts, int stripes) {
  std::vector<Id> ids(static_cast<std::size_t>(run.nnz));
  count_over_ranges(run.nnz, parts, offsets,
                    [&](std::int64_t begin, std::int64_t end, std::int64_t *count) {
                      for (std::int64_t j = begin; j < end; ++j) {
                        const auto id = static_cast<Id>(block_of(j));
                        ids[static_cast<std::size_t>(j)] = id;
                        ++count[id + 1];
                      }
                    });
  std::partial_sum(offsets.begin(), offsets.end(), offsets.begin());
  return sort_in_place_dispatch(run, ids, offsets, stripes, parts);
}

} // namespace block_sort_detail

/// The most stripes the in-place sort cuts its blocks into (block_sort_detail::sort_in_place).
inline constexpr int kMaxSortStripes = 8;

/// The stripes for n elements: one per kSetupGrain elements, at most kMaxSortStripes. A function
/// of n only, so that the order the sort leaves does not depend on the rank's thread count.
inline int sort_stripes(std::int64_t n) {
  return static_cast<int>(std::clamp<std::int64_t>(n / kSetupGrain, 1, kMaxSortStripes));
}

/// Sorts the elements into block order in place (American flag sort: each block's region is
/// filled by swapping misplaced elements into the next free slot of their own block), so the only
/// extra memory is a block id per element (2 bytes up to 65,536 blocks) and a few words per block
/// holding elements, per thread, and every access runs
/// along one of the blocks' sequential cursors. The ids are computed once (the swaps look at an
/// element about twice), and the common key and value sizes are compile-time constants: the sort
/// was most of a rotation's first-epoch set-up, about two epochs of SGD MF at 2 workers. The ids
/// are computed over `parts` ranges on as many threads (setup_threads.hpp; `block_of` must be
/// safe to call from several threads at once), and the swaps run in `stripes` stripes (0: by
/// sort_stripes) on up to `parts` threads; the order the sort leaves depends on the stripes,
/// never on `parts`.
template <class BlockOf>
BlockSortStats sort_by_block(LoopRun &run, BlockOf block_of, std::vector<std::int64_t> &offsets,
                             int parts = 1, int stripes = 0) {
  if (stripes <= 0)
    stripes = sort_stripes(run.nnz);
  if (offsets.size() - 1 <= 65536)
    return block_sort_detail::sort_by_block_with<std::uint16_t>(run, block_of, offsets, parts,
                                                                stripes);
  return block_sort_detail::sort_by_block_with<std::uint32_t>(run, block_of, offsets, parts,
                                                              stripes);
}

/// Sorts the elements into block order keeping their storage order within each block: a stable
/// counting sort through a copy of the keys and values. An `ordered` loop needs it, since a block
/// runs its elements in storage order, which must be the serial program's order (the in-place
/// sort above moves elements past each other within a block). The copy is the price: one more
/// copy of the iterated array while the sort runs, for ordered loops only.
template <class BlockOf>
void stable_sort_by_block(LoopRun &run, BlockOf block_of, std::vector<std::int64_t> &offsets) {
  const auto n = static_cast<std::size_t>(run.nnz);
  std::vector<std::uint32_t> block(n);
  for (std::size_t j = 0; j < n; ++j) {
    block[j] = static_cast<std::uint32_t>(block_of(static_cast<std::int64_t>(j)));
    ++offsets[block[j] + 1];
  }
  std::partial_sum(offsets.begin(), offsets.end(), offsets.begin());
  std::vector<std::int64_t> next(offsets.begin(), offsets.end() - 1);
  const auto dims = static_cast<std::size_t>(run.dims);
  const std::size_t vsize = run.value_size;
  const std::vector<std::int64_t> keys(run.keys, run.keys + n * dims);
  const std::vector<unsigned char> values(run.values, run.values + n * vsize);
  for (std::size_t j = 0; j < n; ++j) {
    const auto d = static_cast<std::size_t>(next[block[j]]++);
    std::copy_n(keys.data() + j * dims, dims, run.keys + d * dims);
    std::memcpy(run.values + d * vsize, values.data() + j * vsize, vsize);
  }
}

/// Sorts each block's elements into lexicographic key order (after the stable block sort): a
/// wavefront runs its blocks in key order, and within a block the elements must follow too, also
/// when an earlier loop's layout left them interleaved.
void sort_blocks_by_key(LoopRun &run, const std::vector<std::int64_t> &offsets);

/// Records, while the storage is in the serial order, whether that order is key order and whether
/// it is row order (one pass over `parts` ranges on as many threads, setup_threads.hpp; later
/// calls return at once until push_back makes it unknown again).
void note_storage_order(const LoopRun &run, SparseLayout &layout, int parts = 1);

/// An ordered loop needs the serial order, which a loop that sorted the elements into its blocks
/// destroyed: puts it back when it was strictly increasing key order (a sort by key), and
/// otherwise throws an orion::Error naming the loop and the array.
void restore_serial_order(LoopRun &run, SparseLayout &layout);

} // namespace orion::detail

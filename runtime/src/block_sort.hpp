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

/// The in-place sort on precomputed block ids (`Id` wide enough for every block).
template <class Id, std::size_t Dims, std::size_t Bytes>
void flag_sort(LoopRun &run, std::vector<Id> &ids, const std::vector<std::int64_t> &offsets) {
  const auto dims = static_cast<std::size_t>(run.dims);
  const std::size_t bytes = run.value_size;
  std::vector<std::int64_t> next(offsets.begin(), offsets.end() - 1);
  for (std::size_t b = 0; b + 1 < offsets.size(); ++b)
    for (std::int64_t &i = next[b]; i < offsets[b + 1];) {
      const Id c = ids[static_cast<std::size_t>(i)];
      if (c == b) {
        ++i;
        continue;
      }
      const std::int64_t d = next[c]++;
      swap_elements<Dims, Bytes>(run, i, d, dims, bytes);
      std::swap(ids[static_cast<std::size_t>(i)], ids[static_cast<std::size_t>(d)]);
    }
}

template <class Id>
void flag_sort_dispatch(LoopRun &run, std::vector<Id> &ids,
                        const std::vector<std::int64_t> &offsets) {
  const std::size_t bytes = run.value_size;
  switch (run.dims) {
  case 1:
    return bytes == 4   ? flag_sort<Id, 1, 4>(run, ids, offsets)
           : bytes == 8 ? flag_sort<Id, 1, 8>(run, ids, offsets)
                        : flag_sort<Id, 1, 0>(run, ids, offsets);
  case 2:
    return bytes == 4   ? flag_sort<Id, 2, 4>(run, ids, offsets)
           : bytes == 8 ? flag_sort<Id, 2, 8>(run, ids, offsets)
                        : flag_sort<Id, 2, 0>(run, ids, offsets);
  case 3:
    return bytes == 4   ? flag_sort<Id, 3, 4>(run, ids, offsets)
           : bytes == 8 ? flag_sort<Id, 3, 8>(run, ids, offsets)
                        : flag_sort<Id, 3, 0>(run, ids, offsets);
  default:
    return flag_sort<Id, 0, 0>(run, ids, offsets);
  }
}

template <class Id, class BlockOf>
void sort_by_block_with(LoopRun &run, BlockOf &block_of, std::vector<std::int64_t> &offsets,
                        int parts) {
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
  flag_sort_dispatch(run, ids, offsets);
}

} // namespace block_sort_detail

/// Sorts the elements into block order in place (American flag sort: each block's region is
/// filled by swapping misplaced elements into the next free slot of their own block), so the only
/// extra memory is a block id per element (2 bytes up to 65,536 blocks) and every access runs
/// along one of the blocks' sequential cursors. The ids are computed once (the swaps look at an
/// element about twice), and the common key and value sizes are compile-time constants: the sort
/// was most of a rotation's first-epoch set-up, about two epochs of SGD MF at 2 workers. The ids
/// are computed over `parts` ranges on as many threads (setup_threads.hpp; `block_of` must be
/// safe to call from several threads at once); the swaps, and so the order the sort leaves, do
/// not depend on it.
template <class BlockOf>
void sort_by_block(LoopRun &run, BlockOf block_of, std::vector<std::int64_t> &offsets,
                   int parts = 1) {
  if (offsets.size() - 1 <= 65536)
    block_sort_detail::sort_by_block_with<std::uint16_t>(run, block_of, offsets, parts);
  else
    block_sort_detail::sort_by_block_with<std::uint32_t>(run, block_of, offsets, parts);
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

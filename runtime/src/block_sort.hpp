// Sorting a sparse iteration space into the blocks of a partition map: in place for unordered
// loops, stably (and in key order within a block, for a wavefront) for ordered ones.
#pragma once

#include <orion/detail/executor.hpp>
#include <orion/detail/sparse_layout.hpp>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <vector>

namespace orion::detail {

/// Sorts the elements into block order in place (American flag sort: each block's region is
/// filled by swapping misplaced elements into the next free slot of their own block), so the only
/// extra memory is per block and every access runs along one of the blocks' sequential cursors.
template <class BlockOf>
void sort_by_block(LoopRun &run, BlockOf block_of, std::vector<std::int64_t> &offsets) {
  const auto n = run.nnz;
  for (std::int64_t j = 0; j < n; ++j)
    ++offsets[block_of(j) + 1];
  std::partial_sum(offsets.begin(), offsets.end(), offsets.begin());
  std::vector<std::int64_t> next(offsets.begin(), offsets.end() - 1);
  const auto dims = static_cast<std::size_t>(run.dims);
  const std::size_t vsize = run.value_size;
  std::vector<unsigned char> scratch(vsize);
  auto swap = [&](std::int64_t i, std::int64_t d) {
    std::swap_ranges(run.keys + i * dims, run.keys + (i + 1) * dims, run.keys + d * dims);
    unsigned char *a = run.values + i * vsize, *b = run.values + d * vsize;
    std::memcpy(scratch.data(), a, vsize);
    std::memcpy(a, b, vsize);
    std::memcpy(b, scratch.data(), vsize);
  };
  for (std::size_t b = 0; b + 1 < offsets.size(); ++b)
    for (std::int64_t &i = next[b]; i < offsets[b + 1];) {
      const std::size_t c = block_of(i);
      if (c == b)
        ++i;
      else
        swap(i, next[c]++);
    }
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

/// Records, before any loop moves the elements, whether they are stored in key order (one pass,
/// the first time a layout of several blocks is made; later calls return at once).
void note_storage_order(const LoopRun &run, SparseLayout &layout);

} // namespace orion::detail

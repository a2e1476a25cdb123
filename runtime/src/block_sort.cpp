#include "block_sort.hpp"

namespace orion::detail {

void sort_blocks_by_key(LoopRun &run, const std::vector<std::int64_t> &offsets) {
  const auto dims = static_cast<std::size_t>(run.dims);
  const std::size_t vsize = run.value_size;
  std::vector<std::int64_t> order, keys;
  std::vector<unsigned char> values;
  for (std::size_t b = 0; b + 1 < offsets.size(); ++b) {
    const auto begin = static_cast<std::size_t>(offsets[b]),
               end = static_cast<std::size_t>(offsets[b + 1]);
    const std::int64_t *k = run.keys;
    const auto before = [&](std::int64_t x, std::int64_t y) {
      return std::lexicographical_compare(k + x * dims, k + (x + 1) * dims, k + y * dims,
                                          k + (y + 1) * dims);
    };
    order.resize(end - begin);
    std::iota(order.begin(), order.end(), static_cast<std::int64_t>(begin));
    if (std::is_sorted(order.begin(), order.end(), before))
      continue;
    std::stable_sort(order.begin(), order.end(), before);
    keys.assign(run.keys + begin * dims, run.keys + end * dims);
    values.assign(run.values + begin * vsize, run.values + end * vsize);
    for (std::size_t i = 0; i < order.size(); ++i) {
      const auto from = static_cast<std::size_t>(order[i]) - begin;
      std::copy_n(keys.data() + from * dims, dims, run.keys + (begin + i) * dims);
      std::memcpy(run.values + (begin + i) * vsize, values.data() + from * vsize, vsize);
    }
  }
}

void note_storage_order(const LoopRun &run, SparseLayout &layout) {
  if (layout.stored_in_key_order >= 0)
    return;
  const auto dims = static_cast<std::size_t>(run.dims);
  layout.stored_in_key_order = 1;
  for (std::int64_t j = 1; j < run.nnz; ++j) {
    const std::int64_t *a = run.keys + (j - 1) * dims, *b = run.keys + j * dims;
    if (std::lexicographical_compare(b, b + dims, a, a + dims)) {
      layout.stored_in_key_order = 0;
      layout.first_out_of_order = j;
      return;
    }
  }
}

} // namespace orion::detail

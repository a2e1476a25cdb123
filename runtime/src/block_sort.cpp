#include "block_sort.hpp"

#include <orion/error.hpp>

#include <algorithm>
#include <compare>
#include <string>

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

void note_storage_order(const LoopRun &run, SparseLayout &layout, int parts) {
  if (layout.stored_in_key_order >= 0 || layout.permuted)
    return;
  const auto dims = static_cast<std::size_t>(run.dims);
  // Each range compares its elements with the ones before them (its first with the previous
  // range's last), so the ranges' findings combine without looking at their seams again.
  struct Found {
    bool rows = true, strict = true;
    std::int64_t first_out = -1; ///< the range's first element smaller than the one before it
  };
  std::vector<Found> found(static_cast<std::size_t>(std::max(parts, 1)));
  for_ranges(run.nnz, parts, [&](std::int64_t begin, std::int64_t end, int p) {
    Found &f = found[static_cast<std::size_t>(p)];
    for (std::int64_t j = std::max<std::int64_t>(begin, 1); j < end; ++j) {
      const std::int64_t *a = run.keys + (j - 1) * dims, *b = run.keys + j * dims;
      if (a[0] > b[0])
        f.rows = false;
      if (f.first_out < 0) {
        const auto cmp = std::lexicographical_compare_three_way(a, a + dims, b, b + dims);
        if (cmp > 0)
          f.first_out = j;
        else if (cmp == 0)
          f.strict = false;
      }
      if (f.first_out >= 0 && !f.rows)
        break;
    }
  });
  layout.stored_in_key_order = 1;
  layout.keys_strictly_increasing = true;
  layout.rows_in_order = 1;
  for (const Found &f : found) {
    if (f.first_out >= 0 && layout.stored_in_key_order == 1) {
      layout.stored_in_key_order = 0;
      layout.first_out_of_order = f.first_out;
    }
    layout.keys_strictly_increasing = layout.keys_strictly_increasing && f.strict;
    if (!f.rows)
      layout.rows_in_order = 0;
  }
  if (layout.stored_in_key_order == 0)
    layout.keys_strictly_increasing = false;
  layout.last_key.clear();
  if (run.nnz > 0 && layout.stored_in_key_order == 1)
    layout.last_key.assign(run.keys + (run.nnz - 1) * dims, run.keys + run.nnz * dims);
  layout.last_row = run.nnz > 0 ? run.keys[(run.nnz - 1) * static_cast<std::int64_t>(dims)] : -1;
}

void restore_serial_order(LoopRun &run, SparseLayout &layout) {
  if (!layout.permuted)
    return;
  if (layout.stored_in_key_order != 1 || !layout.keys_strictly_increasing) {
    const plan::LoopPlan &plan = *run.plan;
    throw Error(
        "ordered parallel loop at " + plan.file + ":" + std::to_string(plan.line) +
            " must run the elements of '" + plan.arrays[0].name +
            "' in the serial program's order, but an earlier parallel loop over it sorted "
            "them into its own blocks, and that order cannot be recovered: the elements "
            "were not stored in strictly increasing key order" +
            (layout.stored_in_key_order == 0
                 ? " (element " + std::to_string(layout.first_out_of_order) +
                       " has a smaller key than the one before it); store its elements in key "
                       "order (e.g. sort the file)"
                 : std::string(" (two elements have the same key); merge the elements with the "
                               "same key into one (the file sorted, each key once)")) +
            ", or run this loop before any other parallel loop over the array (an ordered one "
            "that partitions it otherwise counts too)",
        true); // every rank has the same layout: it fails the same way
  }
  sort_blocks_by_key(run, {0, run.nnz}); // one block: the whole array, by key
  layout.permuted = false;
}

} // namespace orion::detail

// The partition layout a parallel loop caches on the SparseArray it iterates.
#pragma once

#include <algorithm>
#include <compare>
#include <cstdint>
#include <vector>

namespace orion::detail {

/// Elements sorted by block: block b's elements are [offsets[b], offsets[b + 1]). Reused while
/// `signature` (partition map + nnz) is unchanged, so a loop that runs every epoch sorts its data
/// once, and a later loop with the same map runs on the same layout.
struct SparseLayout {
  std::vector<std::int64_t> signature;
  std::vector<std::int64_t> offsets;

  /// Partition boundaries balanced by the keys' histogram (the `histogram` clause), with what
  /// they were computed for (nnz, coordinate, box, parts): counting every key again on each pass
  /// would cost a scan of the data per epoch. The keys themselves never change in place.
  struct Bounds {
    std::vector<std::int64_t> query;
    std::vector<std::int64_t> bounds;
  };
  std::vector<Bounds> histogram_bounds;

  /// Whether the elements, in the serial program's order (the order they were stored and
  /// appended in), are in lexicographic key order: an ordered wavefront can only reproduce the
  /// serial order when it is key order. -1 unknown yet, 0 no, 1 yes. Computed while the storage
  /// is still in the serial order; push_back keeps it current.
  int stored_in_key_order = -1;
  /// Where the first element out of key order was, when it was not.
  std::int64_t first_out_of_order = -1;
  /// With stored_in_key_order == 1: no two keys are equal, so sorting by key gives back the serial
  /// order exactly; and the last key in that order (what push_back compares with).
  bool keys_strictly_increasing = false;
  std::vector<std::int64_t> last_key;
  /// Whether the serial order's leading coordinates never decrease (a file sorted by row, the
  /// other coordinates in any order): a rotation whose space dimension is the leading one then
  /// runs with one time part per worker (choose_rotation_depth). -1 unknown yet, 0 no, 1 yes;
  /// known whenever stored_in_key_order is. With 1: the last element's leading coordinate.
  int rows_in_order = -1;
  std::int64_t last_row = -1;

  /// Per block of `offsets`, the key dimensions along which consecutive elements often share
  /// their coordinate (a bit each: runtime/src/element_runs.hpp); empty when the blocks keep the
  /// serial order.
  std::vector<std::uint64_t> repeated_coordinates;

  /// A loop sorted the elements into its blocks: the storage is no longer in the serial order.
  bool permuted = false;
  /// The current layout keeps the serial order within each of its blocks (an ordered loop made
  /// it); an ordered loop may reuse only such a layout.
  bool serial_within_blocks = false;

  /// A layout of the same elements in another storage order: what was found about the serial
  /// order (key order, row order), and nothing about blocks.
  SparseLayout serial_order_only(bool storage_permuted) const {
    SparseLayout out;
    out.stored_in_key_order = stored_in_key_order;
    out.first_out_of_order = first_out_of_order;
    out.keys_strictly_increasing = keys_strictly_increasing;
    out.last_key = last_key;
    out.rows_in_order = rows_in_order;
    out.last_row = last_row;
    out.permuted = storage_permuted;
    return out;
  }

  /// push_back of `key` (dims coordinates) as element `index`: the serial order gets one more
  /// element at its end.
  void appended(const std::int64_t *key, std::size_t dims, std::int64_t index) {
    if (!permuted) {
      stored_in_key_order = -1; // recomputed from the storage when needed
      rows_in_order = -1;
      return;
    }
    if (rows_in_order == 1) {
      if (key[0] < last_row)
        rows_in_order = 0;
      else
        last_row = key[0];
    }
    if (stored_in_key_order != 1)
      return;
    const auto cmp = last_key.empty() ? std::strong_ordering::less
                                      : std::lexicographical_compare_three_way(
                                            last_key.begin(), last_key.end(), key, key + dims);
    if (cmp > 0) {
      stored_in_key_order = 0;
      first_out_of_order = index;
      keys_strictly_increasing = false;
      return;
    }
    if (cmp == 0)
      keys_strictly_increasing = false;
    last_key.assign(key, key + dims);
  }
};

} // namespace orion::detail

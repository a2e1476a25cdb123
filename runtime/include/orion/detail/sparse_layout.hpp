// The partition layout a parallel loop caches on the SparseArray it iterates.
#pragma once

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

  /// Whether the elements were stored in lexicographic key order before any loop moved them
  /// (checked once, at the first layout): the serial program's order for an ordered loop, which a
  /// wavefront can only reproduce when it is key order. -1 unknown yet, 0 no, 1 yes.
  int stored_in_key_order = -1;
  /// Where the first element out of key order was, when it was not.
  std::int64_t first_out_of_order = -1;
};

} // namespace orion::detail

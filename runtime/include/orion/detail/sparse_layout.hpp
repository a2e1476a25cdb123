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
};

} // namespace orion::detail

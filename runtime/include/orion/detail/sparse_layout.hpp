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
};

} // namespace orion::detail

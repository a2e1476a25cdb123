// A fill that driver code asked for on several ranks (fill, fill_normal, fill_uniform of a large
// DenseArray) is not written when it is called: the array keeps it as a PendingFill and writes it
// when something first reads the array. Every element's value depends only on the fill's
// arguments and the element's offset, so any part can be written alone. Driver code that reads
// the array, a copy or a checkpoint writes it whole; a parallel loop that leaves the array on the
// ranks that write its rows (a local array, runtime/src/slab_shards.hpp) writes on each rank only
// the rows that rank holds. Driver code fills W on every rank before the first loop, while every
// rank also holds the data it loaded, so written whole it set each rank's peak memory on 8 ranks.
#pragma once

#include <cstddef>
#include <functional>

namespace orion::detail {

/// Arrays smaller than this are filled at once: deferring them saves nothing worth a branch.
inline constexpr std::size_t kDeferredFillMinBytes = std::size_t{1} << 16;

/// The fill an array has not written yet.
struct PendingFill {
  /// Writes the fill's values into elements [first, last) (row-major offsets) of `data`, the
  /// array's storage.
  std::function<void(void *data, std::size_t first, std::size_t last)> write;
};

} // namespace orion::detail

// The order in which a worker visits the elements of a sparse block.
#pragma once

#include <algorithm>
#include <cstdint>

namespace orion::detail {

/// How many interleaved streams a block whose consecutive elements often share the row they update
/// is visited in (runtime/src/element_runs.cpp decides which blocks).
inline constexpr int block_streams = 2;
/// How far ahead of a stream's element for_element_streams prefetches (in elements, never past the
/// block).
inline constexpr std::int64_t prefetch_distance = 16;

/// Visits the elements [begin, end) as `streams` streams of consecutive storage, one element of
/// each in turn: f(j) for every j exactly once. Storage sorted into blocks keeps much of a
/// row-sorted file's order, so consecutive elements would update the same row, each update
/// waiting for the one before it; elements a stream's length apart rarely share a row. With
/// streams <= 1, or a block too small to cut (fewer than 64 elements per stream and stream count),
/// the order is the storage order. touch(j) prefetches element j's storage: the hardware
/// prefetchers follow one stream well but not several interleaved ones (measured in
/// docs/benchmarks.md).
template <class F, class Touch>
void for_element_streams(std::int64_t begin, std::int64_t end, int streams, F &&f, Touch &&touch) {
  const std::int64_t n = end - begin;
  if (streams <= 1 || n < std::int64_t{64} * streams * streams) {
    for (std::int64_t j = begin; j < end; ++j)
      f(j);
    return;
  }
  const std::int64_t s = streams;
  // s - 1 streams of `len` elements and a last one of `last` (0 < last <= len, as n > s * (s - 1)).
  // Visit (t, r) is element begin + r * len + t. One call of f, so that the body is inlined in
  // one place besides the plain loop.
  const std::int64_t len = (n + s - 1) / s, last = n - (s - 1) * len;
  for (std::int64_t t = 0; t < len; ++t) {
    const std::int64_t width = t < last ? s : s - 1;
    std::int64_t j = begin + t;
    for (std::int64_t r = 0; r < width; ++r, j += len) {
      touch(std::min(j + prefetch_distance, end - 1));
      f(j);
    }
  }
}

} // namespace orion::detail

// The spare capacity a loader leaves in a rank's share of a distributed sparse array.
#pragma once

#include <cstddef>

namespace orion::detail {

/// The capacity to reserve for a rank's share of n elements: an eighth more. The first parallel
/// loop places each element on the rank that runs it (runtime/src/sparse_placement.cpp), which can
/// leave a rank more elements than it loaded; growing within the capacity copies nothing, where
/// growing past it holds the old and the new storage at once. Capacity that is never written
/// costs address space, not memory.
constexpr std::size_t capacity_for_placement(std::size_t n) { return n + n / 8 + 16; }

} // namespace orion::detail

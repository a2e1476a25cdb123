// How large an index a file may hold when the loader derives the extents from it.
//
// Indices are dense coordinates: programs size their dense arrays (factor matrices, counts) by the
// extents a load returns, one element per index. An index i makes the extent i + 1, and an array
// with i + 1 elements of even one byte needs i + 1 bytes. The rule: without explicit extents an
// index must be below the memory this process could ever have (the machine's physical memory, or
// an address-space or data-size limit when one is set; the smallest over the ranks), so that
//   - i + 1 never overflows (9223372036854775807 is refused, whatever the machine), and
//   - an id that no array could be allocated for (100000000000 on a machine with less than 100 GB)
//     is an error naming the file and line, not a std::bad_alloc later in the program.
// With explicit extents the program has chosen the extents itself, and an index only has to lie
// inside them. Ids that are sparse by nature (hashes, 64-bit user ids) must be renumbered densely
// before loading, or loaded with explicit extents.
#pragma once

#include <orion/detail/comm.hpp>

#include <cstdint>
#include <cstdio>
#include <string>

#include <sys/resource.h>
#include <unistd.h>

namespace orion::detail {

/// The most memory this process could have, in bytes: physical memory, lowered by RLIMIT_AS and
/// RLIMIT_DATA when they are set. Never more than INT64_MAX.
inline std::int64_t memory_limit_bytes() noexcept {
  std::int64_t bytes = INT64_MAX;
  const long pages = ::sysconf(_SC_PHYS_PAGES);
  const long page = ::sysconf(_SC_PAGESIZE);
  if (pages > 0 && page > 0 && pages <= INT64_MAX / page)
    bytes = static_cast<std::int64_t>(pages) * page;
  for (const int resource : {RLIMIT_AS, RLIMIT_DATA}) {
    struct rlimit limit{};
    if (::getrlimit(resource, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY &&
        limit.rlim_cur < static_cast<rlim_t>(bytes))
      bytes = static_cast<std::int64_t>(limit.rlim_cur);
  }
  return bytes;
}

/// The largest extent a load may derive from a file: memory_limit_bytes(), the smallest over the
/// ranks. Collective.
inline std::int64_t agreed_max_extent() { return -comm_allreduce_max(-memory_limit_bytes()); }

/// "100.0 GB"
inline std::string gigabytes(double bytes) {
  char text[64];
  std::snprintf(text, sizeof text, "%.1f GB", bytes / 1e9);
  return text;
}

/// The message for an index at or beyond max_extent (without the quoted line); `remedy` is what
/// the caller's loader lets the user do about it.
inline std::string
index_too_large(std::int64_t index, std::size_t d, std::int64_t max_extent,
                const char *remedy = "number the ids densely from 0, or pass explicit extents") {
  return "index " + std::to_string(index) + " in dimension " + std::to_string(d) +
         " is too large: arrays indexed by it would need at least " +
         gigabytes(static_cast<double>(index) + 1) + ", more than the " +
         gigabytes(static_cast<double>(max_extent)) + " of memory here (" + remedy + ")";
}

} // namespace orion::detail

// Writing the fills driver code asked for before a parallel loop (detail/pending_fill.hpp): in
// part, on each rank the rows it holds of an array the loop leaves on the ranks that write it, or
// whole. Both run before the loop's workers start, so a worker never writes a fill.
#pragma once

#include <orion/detail/executor.hpp>

#include <cstddef>
#include <cstdint>

namespace orion::detail {

/// Writes rows [lo, hi) of argument `a`'s pending fill, if it has one, and drops it: the other
/// rows are not this rank's (a slab shard's cache, which a gather fills from their owners).
void write_pending_rows(const LoopRun &run, std::size_t a, std::int64_t lo, std::int64_t hi);

/// Writes every argument's pending fill whole.
void write_pending_fills(const LoopRun &run);

} // namespace orion::detail

// Where the elements of a distributed sparse iteration space live (docs/runtime.md, "Distributed
// sparse data"): a loader leaves each rank the lines of its part of the file; the first loop over
// the array moves every element to the rank that runs it, so that no rank ever holds the whole
// array. Loops that need the whole array on every rank (replayed or checked ones, served arrays,
// ordered loops) gather it first. Collective, like the loops themselves.
#pragma once

#include "partition_map.hpp"

#include <orion/detail/executor.hpp>

#include <cstdint>
#include <vector>

namespace orion::detail {

/// Moves every element of the run's distributed space to the rank that runs it under `map`
/// (MPI_Alltoallv), unless a map with the same ownership put them there already. Updates the
/// run's storage; the layout is re-sorted by the caller.
void place_elements(LoopRun &run, const PartitionMap &map);

/// Makes the run's distributed space whole on every rank and drops its shard. Unordered loops
/// get it placed and sorted by `map` first, then gathered in block order, so that a replayed or
/// checked run sees the same blocks, element for element, as a normal run on the distributed
/// array; ordered ones get it as stored (their layout restores the serial order).
void gather_space(LoopRun &run, const PartitionMap &map);

/// Records in the run's layout whether the sparse space's serial order (as stored or appended,
/// or for a distributed space as loaded, rank after rank) is key order, if no loop has moved its
/// elements yet and it is not known: before the partition map, which depends on it
/// (choose_rotation_depth). Collective when the space is distributed.
void note_serial_order(LoopRun &run);

/// Collective: the size of every block of a placed distributed space, summed over the ranks (each
/// block lives on one), from this rank's block offsets.
std::vector<std::int64_t> global_block_sizes(const std::vector<std::int64_t> &local_offsets);

/// FNV-1a of the space's values in block order, continuing `hash`: each block hashed by the rank
/// that holds it, in block order (collective when the space is distributed).
std::uint64_t values_digest(const LoopRun &run, const PartitionMap &map, std::uint64_t hash,
                            std::uint64_t (*fnv)(const unsigned char *, std::size_t,
                                                 std::uint64_t));

} // namespace orion::detail

// Runs of elements that update the same row one after another, found in a sparse layout's blocks.
// A row-sorted file keeps much of its order through the block sort: each block then holds long
// runs of one row, and a loop that writes that row makes each update wait for the one before.
// Such blocks are visited as interleaved streams (for_element_streams).
#pragma once

#include <orion/detail/executor.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace orion::detail {

struct PartitionMap;

/// Per block of `offsets`, a bit per key dimension d < 64: set when at least a quarter of the
/// pairs of consecutive elements in a sample of the block (up to 1024 pairs, evenly spread) have
/// the same coordinate d. Blocks too small to run as streams get no bits.
std::vector<std::uint64_t> repeated_coordinates(const LoopRun &run,
                                                const std::vector<std::int64_t> &offsets);

/// How many streams `block` of the current layout runs in: block_streams when the loop may visit
/// its blocks in any order (not `ordered`), writes an argument other than the iterated array (a
/// dense array, directly, relaxed or through a Buffer), has no transform, and the block repeats a
/// coordinate the schedule partitions (the rows of its local and rotated arrays); 1 otherwise. It
/// depends on the layout only, never on the thread count, so replay and checkpoints see the same
/// order.
int block_stream_count(const LoopRun &run, const PartitionMap &map, std::size_t block);

/// For --orion-verbose: "loop F:L: K of the N blocks rank 0 holds run as 2 interleaved streams
/// ...", or empty when none does.
std::string describe_streams(const LoopRun &run, const PartitionMap &map);

} // namespace orion::detail

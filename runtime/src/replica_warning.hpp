// Replicated arrays too large for the ranks that share a machine. A schedule replicates an array a
// loop only reads (role `replicated`): every rank holds a copy, and the ranks on one machine hold
// one each. Threads of a rank share one copy. Sharding such arrays is not built; this says when a
// copy per rank costs more than the machine can spare.
#pragma once

#include "partition_map.hpp"

#include <orion/detail/executor.hpp>

namespace orion::detail {

/// On several ranks, on rank 0: warns once per loop and array about each array `map`'s schedule
/// replicates that is larger than RuntimeState::replica_warning_bytes (by default a quarter of
/// this machine's memory, divided by the job's ranks on it). Not collective.
void warn_large_replicas(const LoopRun &run, const PartitionMap &map);

} // namespace orion::detail

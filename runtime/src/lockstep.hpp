// Running a schedule's rounds one after another (the blocks of a round concurrently, on this
// rank's crew of workers), with a synchronization point after each: what --orion-check needs (the
// access sets of a round's blocks must be disjoint) and what loops with relaxed arrays or Buffers
// need (every worker's updates are merged into every copy, in global worker order). A round may
// be cut into sub-rounds of at most a Buffer's max_delay iterations per block; the updates are
// merged after each. --orion-replay-serial runs the same blocks, sub-rounds and merges on one
// thread.
#pragma once

#include "partition_map.hpp"

#include <orion/detail/executor.hpp>

namespace orion::detail {

class ServedLoop;

/// Collective. `check`: verify that concurrently running blocks touched disjoint elements.
/// `served`: the run has sharded arrays; their rows are prefetched before each sub-round and
/// misses served during it.
void run_lockstep(LoopRun &run, const PartitionMap &map, bool check, ServedLoop *served = nullptr);

/// --orion-replay-serial: the parallel run's blocks, in its serial order, on the calling thread.
void run_replay(LoopRun &run, const PartitionMap &map);

/// Before a run: every shared update opens its worker slots; closes them when it goes.
class SharedSlots {
public:
  SharedSlots(LoopRun &run, const PartitionMap &map, bool replay);
  ~SharedSlots();
  SharedSlots(const SharedSlots &) = delete;
  SharedSlots &operator=(const SharedSlots &) = delete;

private:
  LoopRun &run_;
};

} // namespace orion::detail

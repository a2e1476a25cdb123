// How the ranks keep the arrays a parallel loop writes consistent under the chosen schedule:
// which arrays travel as slabs aligned with a partitioned dimension, which need their recorded
// writes shipped, and the final exchange that makes every rank's copy current after a run.
#pragma once

#include "coherence.hpp"
#include "partition_map.hpp"

#include <orion/detail/executor.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace orion::detail {

/// "file:line" of the loop, for messages.
std::string where(const LoopRun &run);

/// The body writes the values of the iterated sparse array.
bool sparse_values_written(const LoopRun &run);

/// Argument `arg` is a dense array the body writes (relaxed arrays included).
bool dense_written(const LoopRun &run, int arg);

/// Whether candidate `cand` places the iterated dense array (argument 0) with its iterations:
/// its elements partitioned like them, as the compiler's role for it says. A written one is
/// synchronized as slabs of the partitioned dimension, which holds only then (the compiler's
/// counterpart, for its build-time warning: deps::iterated_array_runs_on_ranks).
bool iterated_array_partitioned(const plan::Candidate &cand);

/// How the ranks keep one written dense array consistent under the chosen candidate.
enum class Sync {
  None,      ///< not written, or relaxed (its deltas are merged, see shared_updates.hpp)
  SpaceSlab, ///< aligned with the space dimension: each worker's slab comes from its rank
  TimeSlab,  ///< rotation, aligned with the time dimension: travels with its time part
  Recorded,  ///< anything else: the blocks' recorded writes are shipped
};

struct ArraySync {
  Sync sync = Sync::None;
  int dim = -1; ///< array dimension of the slab
};

std::vector<ArraySync> array_syncs(const LoopRun &run, const PartitionMap &map);

/// Some array needs its writes recorded and shipped.
bool any_recorded(const std::vector<ArraySync> &syncs);

/// Spans of the time part t of every rotated written array.
std::vector<Span> time_part_spans(const LoopRun &run, const PartitionMap &map,
                                  const std::vector<ArraySync> &syncs, int t, int owner);

std::size_t span_bytes(const std::vector<Span> &spans);

/// After a run on several ranks: make every rank's copy final (slabs from the ranks that wrote
/// them last; recorded writes from everyone).
void final_sync(const LoopRun &run, const PartitionMap &map, const std::vector<ArraySync> &syncs,
                const std::vector<unsigned char> &recorded_writes);

/// Copies every array `syncs` marks Recorded into `copies` (cleared for the others). Taken before
/// a 1D loop on several ranks, it replaces recording every access: diff_writes then finds what
/// the rank changed in one pass over each array.
void snapshot_recorded(const LoopRun &run, const std::vector<ArraySync> &syncs,
                       std::vector<std::vector<unsigned char>> &copies);

} // namespace orion::detail

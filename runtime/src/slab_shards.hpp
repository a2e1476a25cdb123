// Local arrays left on the ranks that wrote them (docs/runtime.md, "Local arrays stay with their
// rows"). A loop that writes an array in slabs of its space dimension (a `local` array: W in SGD
// MF, each worker writing the rows of its users) used to send every rank's slab to every other
// rank when it ended, so that every rank held the whole array. On several ranks the slabs now stay
// where they were written, as a slab shard (detail/shard.hpp): the next run of a loop that writes
// the array in the same slabs needs nothing moved, and anything else (another loop, driver code,
// a checkpoint) gathers it first, collectively, as it does a served array.
#pragma once

#include "array_sync.hpp"
#include "partition_map.hpp"

#include <orion/detail/executor.hpp>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace orion::detail {

/// The rows of an array of `rows` rows each rank would hold after a run under `map` that writes
/// it in slabs of dimension 0: ranks + 1 first rows (the same on every rank).
std::vector<std::int64_t> slab_firsts(const PartitionMap &map, std::int64_t rows);

/// Whether argument `a` already is the slab shard this run would leave: the run writes it in the
/// same slabs, so it stays as it is (the same answer on every rank).
bool slab_stays(const LoopRun &run, const PartitionMap &map, const std::vector<ArraySync> &syncs,
                std::size_t a);

/// Per argument of the run: its slabs stay on the ranks that wrote them after the run, instead of
/// going to every rank. Collective when some argument may (the ranks agree that no driver code
/// keeps a pointer into it); needs several ranks, --orion-distribute on, neither --orion-check nor
/// --orion-replay-serial, a slab of dimension 0 of an unskewed schedule, and an array passed once.
std::vector<char> slabs_to_keep(const LoopRun &run, const PartitionMap &map,
                                const std::vector<ArraySync> &syncs);

/// Leaves argument `a`'s slabs on the ranks that wrote them: makes it a slab shard, or keeps the
/// one it is (slab_stays).
void keep_slab(const LoopRun &run, const PartitionMap &map, std::size_t a);

/// Before a run's set-up: every argument the run will leave as a slab shard (slabs_to_keep) that
/// is not sharded yet becomes one now, and a fill driver code asked for is written in this rank's
/// rows only (pending_fills.hpp). Made a shard before the placement of the run's sparse data, the
/// moment a rank's memory peaks, a rank holds only its rows there, not the whole array (driver
/// code that read the array wrote every row on every rank; its pages of the rows other ranks
/// write go back to the system). Collective (slabs_to_keep).
void keep_slabs_before_run(const LoopRun &run, const PartitionMap &map);

/// Whether the run only reads argument `a`, a slab shard, in slabs of dimension 0 (a `local` role
/// it does not write): then each rank needs only its workers' rows, which fetch_slab_rows brings
/// (the same answer on every rank).
bool slab_read_in_slabs(const LoopRun &run, const PartitionMap &map, std::size_t a);

/// Collective: every rank receives, from the ranks that hold them, the rows of argument `a` (a
/// slab shard) its workers read under `map` and it does not hold; one all-to-all. The array stays
/// a slab shard: the rows fetched are a copy, for this run.
void fetch_slab_rows(const LoopRun &run, const PartitionMap &map, std::size_t a);

} // namespace orion::detail

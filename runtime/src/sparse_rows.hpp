// SparseArrays a loop body reads row by row at the rows of its own iterations (`X.row(s)` in a
// loop over the samples s: SLR's features). orionc hands such an array to the runtime as
// sparse_rows(X) when that is the only way the body reaches it. On several ranks a loaded array
// stays distributed (each rank the lines it parsed, whole rows), and a loop that partitions its
// rows needs on each rank only the rows that rank's workers run: it fetches the few of those
// another rank holds (the ranks' shares and the loop's partition both follow the row order, so
// they differ at the edges), instead of gathering the whole array on every rank.
#pragma once

#include "partition_map.hpp"

#include <orion/detail/executor.hpp>

#include <vector>

namespace orion::detail {

/// The shards of the run's sparse_rows arguments that are distributed: the arrays the gather
/// before a loop leaves alone (prepare_row_reads decides what happens to them).
std::vector<const SparseShard *> row_read_shards(const LoopRun &run);

/// Collective, before the run's blocks: each distributed sparse_rows argument either has the rows
/// this rank runs fetched, to be read where they are (row_reads), or is gathered whole. Fetched
/// when the array's shares are whole rows in order (as load_libsvm leaves them), the run
/// partitions its rows (role local in dimension 0, unskewed), it is a normal run on several ranks
/// (not --orion-check or --orion-replay-serial, which read every block on every rank), and no
/// rank would fetch more than half the rows it reads (a loop over a slice of the rows, such as
/// SLR's minibatches of 64 samples, would fetch on every run: gathering once is cheaper).
/// `describe`: --orion-verbose says what it did (the loop's first run).
void prepare_row_reads(LoopRun &run, const PartitionMap &map, bool describe);

/// After the run: drops the fetched rows; the arrays stay distributed.
void end_row_reads(LoopRun &run) noexcept;

} // namespace orion::detail

// The type-erased side of parallel loops. parallel.hpp (templates: it knows the element types and
// the loop body) describes one loop execution as a LoopRun; execute() (orion_rt, src/executor.cpp)
// picks the candidate, partitions the iteration space, runs the schedule on this rank's worker
// threads, moves data between ranks and calls back into run_block for every partition.
#pragma once

#include <orion/detail/access_log.hpp>
#include <orion/detail/shard.hpp>
#include <orion/detail/shared_updates.hpp>
#include <orion/detail/sparse_layout.hpp>
#include <orion/plan.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

namespace orion::detail {

struct SparseShard;
struct PendingFill;

/// A dense array seen as bytes (row-major).
struct DenseHandle {
  unsigned char *data = nullptr;
  std::size_t element_size = 0;
  std::vector<std::int64_t> extents;
  /// Only updated through merges (a relaxed array, a Buffer's target): never shipped as writes.
  bool merged = false;
  /// Passed as served(A): read with subscripts the schedule does not partition.
  bool served = false;
  /// The array's shard slot (DenseAccess::shard), through which the runtime shards it or makes
  /// it whole again; null for the iterated sparse array and in tests without arrays.
  std::unique_ptr<Shard> *shard = nullptr;
  /// Driver code has reached the array's elements (DenseArray::touch): it stays whole.
  const bool *pinned = nullptr;
  /// The array's pending fill slot (DenseAccess::pending): a fill driver code asked for and that
  /// the run writes before its workers start (detail/pending_fill.hpp); null when there is none.
  std::unique_ptr<PendingFill> *pending = nullptr;
  /// Passed as sparse_rows(X): a SparseArray the body reads only row by row (`X.row(s)`), with
  /// no dense storage (data is null); `sparse` is its shard while it is distributed, else null.
  bool sparse_rows = false;
  SparseShard *sparse = nullptr;

  /// The array's size in bytes.
  std::int64_t bytes() const {
    std::int64_t n = static_cast<std::int64_t>(element_size);
    for (std::int64_t e : extents)
      n *= e;
    return n;
  }
};

/// One partition execution.
struct BlockTask {
  std::int64_t worker = 0; ///< global worker id
  int space_part = 0;
  int time_part = 0;
  /// Box spaces: the block in the candidate's (transformed) coordinates, [lo, hi) per dim.
  std::vector<std::int64_t> lo, hi;
  /// The candidate's transform (empty: identity).
  const std::vector<std::vector<std::int64_t>> *transform = nullptr;
  /// Sparse spaces: the block's elements [begin, end) in storage order, visited as `streams`
  /// interleaved streams (for_element_streams; 1: in storage order).
  std::int64_t begin = 0, end = 0;
  int streams = 1;
};

/// The rows a block's prefetch slice names, per argument of the loop: rows[a] collects them for
/// the arguments sharded in this run (sharded[a]), and nothing is recorded for the others.
struct PrefetchRows {
  std::vector<char> sharded;
  std::vector<std::vector<std::int64_t>> rows;
};

/// One execution of a parallel loop, type-erased.
struct LoopRun {
  const plan::LoopPlan *plan = nullptr;
  /// Indexed like plan->arrays; a null data pointer for the iterated sparse array.
  std::vector<DenseHandle> arrays;
  int dims = 0;
  /// Sparse iteration: keys (dims int64 per element) and values.
  bool sparse = false;
  std::int64_t *keys = nullptr;
  unsigned char *values = nullptr;
  std::size_t value_size = 0;
  /// Elements in this rank's storage (keys, values), and on all ranks together: they differ when
  /// the array is distributed (`shard`), and then the executor may move elements between ranks,
  /// updating keys, values and nnz.
  std::int64_t nnz = 0;
  std::int64_t global_nnz = 0;
  SparseLayout *layout = nullptr;
  SparseShard *shard = nullptr;
  /// Box iteration (counted nests, dense arrays): the bounding box of the iteration space.
  std::vector<std::int64_t> box_lo, box_hi;
  /// Relaxed arrays' deltas and Buffers: merged at every synchronization point.
  std::vector<SharedUpdates *> shared;
  /// Runs the body over one block as worker task.worker; `log` non-null: record accesses.
  std::function<void(const BlockTask &task, AccessLog *log)> run_block;
  /// Runs the loop's prefetch slice over one block (empty: orionc synthesized none).
  std::function<void(const BlockTask &task, PrefetchRows &rows)> prefetch_block;
};

/// Runs the loop (collective over ranks). Throws orion::Error on an unusable plan.
void execute(LoopRun &run);

} // namespace orion::detail

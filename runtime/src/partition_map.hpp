// How one execution of a parallel loop is cut into blocks and who runs which block when: the
// candidate the runtime picked, the partition boundaries, the per-worker task lists and the
// rounds (sets of blocks that may run at the same time). Pure computation, no threads; the one
// collective is the histogram of a distributed sparse space, whose ranks count their shares.
#pragma once

#include <orion/detail/executor.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace orion::detail {

using Transform = std::vector<std::vector<std::int64_t>>;

/// One block run by one worker.
struct Task {
  std::int64_t worker = 0;
  int space = 0; ///< space part
  int time = 0;  ///< time part (0 for 1D)
};

/// The partitioned iteration space of the chosen candidate.
struct PartitionMap {
  const plan::Candidate *candidate = nullptr;
  int candidate_index = 0;
  std::int64_t workers = 1; ///< P
  int ranks = 1, threads = 1;
  int space_parts = 1, time_parts = 1;
  int rotation_depth = 2; ///< k: time parts per worker in the rotation (Options::rotation_depth)
  /// The schedule this pass runs: the candidate's, except that a staggered pass of a rotation
  /// candidate runs as a wavefront over the same blocks (Options::stagger).
  model::Protocol schedule = model::Protocol::OneD;
  /// Boundaries in the candidate's coordinates, space_parts + 1 and time_parts + 1 values.
  std::vector<std::int64_t> space_bounds, time_bounds;
  /// Bounding box of the iteration space in the candidate's coordinates.
  std::vector<std::int64_t> lo, hi;
  std::vector<double> costs; ///< bytes per pass of every candidate, as evaluated
  /// Workers every candidate can keep busy: P, or fewer when a partitioned dimension of the
  /// candidate's bounding box has fewer points. The widest candidates compete on cost.
  std::vector<std::int64_t> widths;

  model::Protocol protocol() const { return schedule; }
  /// A rotation candidate run as a wavefront in this pass.
  bool staggered() const { return candidate->protocol != schedule; }
  const Transform &transform() const { return candidate->transform; }
  int rank_of(std::int64_t worker) const { return static_cast<int>(worker / threads); }
  int block(const Task &t) const { return t.space * time_parts + t.time; }
  /// Worker g's blocks in the order it runs them.
  std::vector<Task> tasks_of(std::int64_t worker) const;
  /// Blocks that may run concurrently, round by round, in a serial order of the schedule.
  std::vector<std::vector<Task>> rounds() const;
  /// Rotation: the step at which `worker` uses time part t.
  int step_of(std::int64_t worker, int t) const;
  /// The space [lo, hi) rank r's workers run (r * threads, ...: their space parts, in order).
  std::pair<std::int64_t, std::int64_t> space_of_rank(int r) const;
};

/// Most blocks a loop may be cut into: 4 x 4096^2, a wavefront on the most threads one rank may
/// run (options.hpp). The sparse layout keeps two 8-byte offsets per block (1 GiB here).
inline constexpr std::int64_t kMaxBlocks = std::int64_t{1} << 26;

/// Bounds of `parts` ranges of [lo, hi) along row `row` of `t` (a dimension of the space) that
/// hold about the same number of stored elements (the `histogram` clause), counted over all ranks
/// when the space is distributed. The counting runs over `ranges` ranges of the elements, each on
/// a thread of its own; the bounds do not depend on it.
std::vector<std::int64_t> count_histogram_bounds(const LoopRun &run, const Transform &t, int row,
                                                 std::int64_t lo, std::int64_t hi, int parts,
                                                 int ranges);

/// Iterations of one execution: the stored elements of a sparse space, the points of a box
/// space's bounding box (an upper bound for triangular nests).
double iterations_of(const LoopRun &run);

/// The bytes per pass the chosen candidate's terms of `kind` for argument `arg` add to its cost
/// (map.costs), on the run's extents.
double cost_of(const LoopRun &run, const PartitionMap &map, model::CostKind kind, int arg);

/// How a pass moves what it moves between ranks: the hand-offs of a normal run, or, in lockstep
/// (relaxed arrays, Buffers, served arrays), the time parts each round used broadcast to every
/// rank.
enum class PassKind { Normal, Lockstep };

/// The bytes the chosen candidate's terms predict leave the ranks in one pass (what
/// --orion-stats sets the sent bytes against): the same terms as map.costs, but a rotated array
/// crosses only the ring's hops between ranks (hops_between_ranks), not every hand-off between
/// workers, which also counts those between a rank's threads.
double bytes_between_ranks(const LoopRun &run, const PartitionMap &map, PassKind kind);

/// The hops between ranks a rotated array's time parts make in one pass, weighted by their
/// rows: the (P - 1) of the cost term counted between ranks. A wavefront passes every part from
/// the first rank to the last (R - 1); a rotation passes part t from its first user, worker
/// t / k, around the ring to worker t / k + 1, crossing every rank boundary but the one between
/// those two when t / k is the last worker of its rank (R - 1/T on average); a lockstep pass
/// broadcasts every part to the other R - 1 ranks after each of its P uses. 0 on one rank.
double hops_between_ranks(const PartitionMap &map, PassKind kind);

/// The rotation depth k a loop runs with under candidate `cand`: `requested`
/// (--orion-rotation-depth) if the user gave one, else 1 when the iterated array is sparse, its
/// serial order never decreases in the leading coordinate (a file sorted by row) and that
/// coordinate is the candidate's space dimension, else 2. The serial program then runs each row's
/// elements back to back, and a rotation cuts every row into k·P pieces: at 2 workers, k = 1
/// ends 6 epochs of SGD MF within 0.5-1.0% of the serial build's test RMSE where k = 2 ends
/// 1.0-1.7% above it, on nine programs; on shuffled data both end below the serial build (k = 2
/// slightly lower), and k = 2 gives a worker slack to run ahead (docs/benchmarks.md, "The rotation
/// depth from the data's order"). The order must be known (note_serial_order).
int choose_rotation_depth(const LoopRun &run, int requested, const plan::Candidate &cand);

/// Picks, on real extents, the cheapest of the candidates that keep the most workers busy, and
/// cuts the space; with `stagger`, a rotation
/// candidate on several workers runs as a wavefront over the same blocks (so the sparse layout of
/// the rotation is reused). A rotation has choose_rotation_depth(run, rotation_depth, candidate)
/// time parts per worker. Throws
/// orion::Error when no candidate can run (e.g. a transform the executor does not support).
PartitionMap make_partition_map(const LoopRun &run, int ranks, int threads, bool stagger,
                                int rotation_depth);

/// Sorts a sparse space's elements by block (stable), reusing the cached layout when the map is
/// unchanged, and returns the block offsets.
const std::vector<std::int64_t> &sparse_layout(LoopRun &run, const PartitionMap &map);

/// What decides on which rank each element of a sparse space runs under `map`: two maps with the
/// same signature place every element on the same rank.
std::vector<std::int64_t> ownership_signature(const PartitionMap &map);
class PartLookup;

/// The rank that runs an element of a sparse space under `map`, from its key: the rank of the
/// worker whose space part holds it (worker g runs space part g in every protocol). Keeps `map`.
class ElementOwner {
public:
  ElementOwner(const LoopRun &run, const PartitionMap &map);
  ~ElementOwner();
  int operator()(const std::int64_t *key) const;

private:
  const PartitionMap &map_;
  const Transform &transform_;
  int dim_, dims_;
  std::unique_ptr<PartLookup> space_part_;
};

/// The block's BlockTask for run_block.
BlockTask block_task(const LoopRun &run, const PartitionMap &map, const Task &task);

/// "2d (0, 1) [rotation]: 4 workers (2 ranks x 2 threads), ..." for --orion-verbose.
std::string describe(const LoopRun &run, const PartitionMap &map);

} // namespace orion::detail

// Served arrays in one loop execution on several ranks (docs/runtime.md, "Served arrays"). Before
// the loop runs, place_shards decides which of its arrays are sharded across the ranks (the same
// decision on every rank) and gathers the others whole. While it runs (in lockstep sub-rounds,
// lockstep.cpp), a ServedLoop
//   1. before each sub-round, runs the loop's prefetch slice over this rank's pieces on the crew
//      and fetches the rows they name that this rank neither owns nor caches, in bulk: one
//      all-to-all of the requests and one of the rows (with `repeated`, the row lists of a piece
//      are computed once and reused);
//   2. during the sub-round, answers other ranks' misses from this rank's rows and sends its own
//      workers' misses to the owners, on the calling thread, until every rank's workers are done
//      (a nonblocking barrier entered once its own are: the NBX pattern);
//   3. after a merge of updates (which the owners applied), forgets every cached row.
#pragma once

#include "crew.hpp"
#include "partition_map.hpp"
#include "wait.hpp"

#include <orion/detail/executor.hpp>
#include <orion/detail/shard.hpp>

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <vector>

namespace orion::detail {

/// Collective: shards across the ranks the arguments this run may shard (served, relaxed or a
/// Buffer's target, reached element by element, at least --orion-shard-min-bytes, on several
/// ranks, neither --orion-check nor --orion-replay-serial), and makes every other argument that
/// is sharded whole again. True when some argument is sharded.
bool place_shards(LoopRun &run, const PartitionMap &map);

/// The rows of `data` (the sharded array's storage) this rank does not own go back to the
/// system: they are only a cache, and read as zeros until they are filled again.
void release_cache(Shard &shard, unsigned char *data);

/// A shard of the array `h` (named `name` in messages) in which rank r owns rows
/// [firsts[r], firsts[r + 1]); this rank (`rank`) gives the pages of the others back.
std::unique_ptr<Shard> make_shard(const DenseHandle &h, const std::string &name,
                                  std::vector<std::int64_t> firsts, int rank);

/// The served side of one loop execution whose run has sharded arguments.
class ServedLoop {
public:
  ServedLoop(LoopRun &run, const PartitionMap &map);
  ~ServedLoop();
  ServedLoop(const ServedLoop &) = delete;
  ServedLoop &operator=(const ServedLoop &) = delete;

  /// Collective, before a sub-round: fetches the rows this rank's pieces will read. pieces[k] is
  /// what this rank's job k runs (null: nothing this sub-round); `step` numbers the sub-rounds
  /// of the run (for `repeated`).
  void prefetch(const std::vector<const BlockTask *> &pieces, std::size_t step, Crew &crew);

  /// The calling thread while `workers` of this rank's workers run a sub-round: returns once
  /// every rank's workers are done. Throws on an MPI failure (after waking the workers).
  void serve(std::size_t workers);
  /// Called by each worker when its piece is done (also when it failed).
  void worker_done();

  /// A worker needs a row nobody fetched for it: asks the owner and waits for it.
  void miss(Shard &shard, std::int64_t row);

  /// After a merge of updates of sharded arrays: every cached row may be stale.
  void invalidate();

private:
  struct Target {
    Shard *shard;
    unsigned char *data;
    int arg; ///< the first argument that is this array (how the ranks name it)
  };
  struct Miss {
    std::size_t target;
    std::int64_t row;
  };

  std::size_t target_of(const Shard &shard) const;
  void fill(std::size_t target, std::int64_t row, const unsigned char *bytes);
  void fail() noexcept;

  /// A run that fetches more rows than this on a miss, and more than its prefetch named, keeps
  /// its arrays whole in the next runs of the loop.
  static constexpr std::int64_t kMissesBeforeWhole = 4096;

  LoopRun &run_;
  std::vector<Target> targets_;
  std::vector<char> sharded_args_; ///< per argument of the run
  /// Per target: a bit per row a prefetch named (clear between prefetches), and the range of
  /// words that have bits set.
  std::vector<std::vector<std::uint64_t>> marks_;
  std::vector<std::size_t> lowest_, highest_;
  int rank_ = 0, ranks_ = 1;
  std::int64_t misses_at_start_ = 0, named_at_start_ = 0;

  // Misses: workers queue them and wait for fills_; the calling thread sends them.
  std::mutex mutex_;
  std::condition_variable wake_; ///< the calling thread: a miss was queued or a worker is done
  std::vector<Miss> queued_;
  std::size_t done_ = 0; ///< workers done this sub-round (under mutex_)
  WaitCounter fills_;    ///< rows filled by replies
  std::atomic<bool> failed_{false};
};

} // namespace orion::detail

// One rank's part of a normal (not lockstep) run of a parallel loop: its worker threads run their
// blocks in the schedule's order, and with several ranks one more thread talks to MPI. What a
// worker waits for before a block, what it releases after, and what travels between ranks is the
// schedule protocol's business (HandOff: 1D, rotation, wavefront), so this file knows none of it.
#pragma once

#include "array_sync.hpp"
#include "partition_map.hpp"
#include "wait.hpp"

#include <orion/detail/executor.hpp>

#include <atomic>
#include <condition_variable>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <vector>

namespace orion::detail {

struct RankRun;

/// The hand-offs of one schedule protocol. Workers call before() and after() around each of their
/// blocks; the communicating thread (only with several ranks) calls start() once, then progress()
/// and send() until done(). Phases: post (start, send), progress, complete (done).
class HandOff {
public:
  virtual ~HandOff() = default;
  /// Worker `local` blocks until it may run `task`; false when the run failed meanwhile.
  virtual bool before(int local, const Task &task) = 0;
  /// Worker `local` finished `task`: releases whoever waits for it, and may queue an item for
  /// the communicating thread (RankRun::post).
  virtual void after(int local, const Task &task) = 0;
  /// Communicating thread: posts the receives this rank will need.
  virtual void start() {}
  /// Communicating thread: completes what arrived; true when something did.
  virtual bool progress() { return false; }
  /// Communicating thread: sends the item a worker queued.
  virtual void send(int /*item*/) {}
  /// Communicating thread: nothing left to receive or send.
  virtual bool done() { return true; }
  /// Wakes every waiting worker after a failure, so that it sees it.
  virtual void wake_all() {}
  /// Which of a worker's write-record buffers (RankRun::writes) a block's writes go to: one for
  /// the whole loop, unless the protocol ships them per time part.
  virtual std::size_t write_slot(const Task &) const { return 0; }
};

/// State shared by this rank's workers and its communicating thread during one normal run.
struct RankRun {
  LoopRun &run;
  const PartitionMap &map;
  std::vector<ArraySync> syncs;
  int rank = 0;
  bool record = false; ///< blocks' writes are recorded (shipped to other ranks)
  /// Recorded writes: 1D per local worker; wavefront per (local worker, time part).
  std::vector<std::vector<std::vector<unsigned char>>> writes;

  std::atomic<bool> failed{false};
  std::exception_ptr error;
  double compute = 0, waiting = 0; ///< seconds, summed over the workers (under mutex)

  RankRun(LoopRun &r, const PartitionMap &m, int rank);
  ~RankRun();

  std::int64_t first_worker() const { return std::int64_t(rank) * map.threads; }
  /// Records the first failure and wakes everyone.
  void fail(std::exception_ptr e);
  /// Queues an item for the communicating thread.
  void post(int item);
  /// Runs the blocks of worker `local` of this rank.
  void worker(int local);
  /// The communicating thread: runs the protocol's transfers until they are all done.
  void communicate();

private:
  /// A worker starts (+1) or stops (-1) waiting in HandOff::before: the communicating thread polls
  /// often only while one does.
  void set_hungry(int change);

  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<int> outbox_; ///< items for the communicating thread
  int finished_ = 0;       ///< workers done
  int hungry_ = 0;         ///< workers waiting in HandOff::before
  std::unique_ptr<HandOff> handoff_;
};

/// The protocols' hand-offs (rotation_handoff.cpp, wavefront_handoff.cpp).
std::unique_ptr<HandOff> make_rotation_handoff(RankRun &rr);
std::unique_ptr<HandOff> make_wavefront_handoff(RankRun &rr);

} // namespace orion::detail

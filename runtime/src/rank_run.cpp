#include "rank_run.hpp"

#include "coherence.hpp"

#include <orion/detail/state.hpp>
#include <orion/detail/worker.hpp>

#include <chrono>

namespace orion::detail {
namespace {

using Clock = std::chrono::steady_clock;

// How often the communicating thread polls MPI when nothing was posted. While a worker waits for
// data, often: the wait is lost time. Otherwise rarely: every wake-up takes the core from a worker
// (two ranks on two cores ran their blocks 5-12% slower polling every 200 us), and a part in
// flight is needed only rotation_depth steps later. A worker posting a send wakes it at once.
// (Polling often while a send is in flight too was slower again, over TCP as well.)
constexpr std::chrono::microseconds kPollHungry{20};
constexpr std::chrono::microseconds kPollIdle{2000};

/// 1D: the workers never wait for each other, and nothing travels until the loop ends.
class OneDHandOff final : public HandOff {
public:
  bool before(int, const Task &) override { return true; }
  void after(int, const Task &) override {}
};

std::unique_ptr<HandOff> make_handoff(RankRun &rr) {
  switch (rr.map.protocol()) {
  case model::Protocol::OneD:
    break;
  case model::Protocol::Rotation:
    return make_rotation_handoff(rr);
  case model::Protocol::Wavefront:
    return make_wavefront_handoff(rr);
  }
  return std::make_unique<OneDHandOff>();
}

} // namespace

RankRun::RankRun(LoopRun &r, const PartitionMap &m, int rank_)
    : run(r), map(m), rank(rank_), handoff_(make_handoff(*this)) {}

RankRun::~RankRun() = default;

void RankRun::fail(std::exception_ptr e) {
  {
    std::lock_guard lock(mutex_);
    if (!error)
      error = e;
    failed = true;
    wake_.notify_all();
  }
  handoff_->wake_all();
}

void RankRun::post(int item) {
  std::lock_guard lock(mutex_);
  outbox_.push_back(item);
  wake_.notify_all();
}

void RankRun::set_hungry(int change) {
  std::lock_guard lock(mutex_);
  hungry_ += change;
  if (change > 0)
    wake_.notify_all();
}

void RankRun::worker(int local) {
  const std::int64_t g = first_worker() + local;
  double compute_s = 0, wait_s = 0;
  try {
    WorkerScope scope(g);
    AccessLog log;
    for (const Task &task : map.tasks_of(g)) {
      const auto wait_start = Clock::now();
      set_hungry(+1);
      const bool ready = handoff_->before(local, task);
      set_hungry(-1);
      if (!ready)
        break;
      const auto start = Clock::now();
      wait_s += std::chrono::duration<double>(start - wait_start).count();
      run.run_block(block_task(run, map, task), record ? &log : nullptr);
      compute_s += std::chrono::duration<double>(Clock::now() - start).count();
      if (record) {
        auto &mine = writes[static_cast<std::size_t>(local)];
        summarize(run, log, nullptr, &mine[handoff_->write_slot(task)]);
        log.clear();
      }
      handoff_->after(local, task);
    }
  } catch (...) {
    fail(std::current_exception());
  }
  std::lock_guard lock(mutex_);
  compute += compute_s;
  waiting += wait_s;
  ++finished_;
  wake_.notify_all();
}

void RankRun::communicate() {
  handoff_->start();
  for (;;) {
    const bool progress_made = handoff_->progress();
    std::deque<int> items;
    bool all_finished = false;
    {
      std::unique_lock lock(mutex_);
      if (!progress_made && outbox_.empty() && !failed && finished_ < map.threads)
        wake_.wait_for(lock, hungry_ > 0 ? kPollHungry : kPollIdle);
      items.swap(outbox_);
      all_finished = finished_ == map.threads;
    }
    if (failed)
      return; // the rank aborts; pending transfers die with it
    for (int item : items)
      handoff_->send(item);
    if (all_finished && items.empty() && handoff_->done()) {
      std::lock_guard lock(mutex_);
      if (outbox_.empty())
        return;
    }
  }
}

} // namespace orion::detail

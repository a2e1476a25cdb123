// The rotation's hand-offs. Time part t is used by the workers one after another around the ring,
// k = rotation_depth steps apart: a worker waits for the part it needs next, not for a whole
// round. Within a rank the part is shared memory and a hand-off is a counter; between ranks, our
// first worker's parts go to the previous rank (whose last worker uses them next), and our last
// worker's parts come from the next rank, so sends overlap the blocks still running.
#include "coherence.hpp"
#include "rank_run.hpp"
#include "transfers.hpp"

#include <orion/detail/state.hpp>

#include <map>

namespace orion::detail {
namespace {

class RotationHandOff final : public HandOff {
public:
  explicit RotationHandOff(RankRun &rr)
      : rr_(rr), map_(rr.map), uses_(static_cast<std::size_t>(rr.map.time_parts)),
        transfers_(where(rr.run), rr.rank) {}

  bool before(int local, const Task &task) override {
    const int step = map_.step_of(rr_.first_worker() + local, task.time);
    return uses_[part(task)].wait_at_least(step / map_.rotation_depth, rr_.failed);
  }

  void after(int local, const Task &task) override {
    const int k = map_.rotation_depth;
    const int step = map_.step_of(rr_.first_worker() + local, task.time);
    uses_[part(task)].store(step / k + 1);
    // The next user is worker g - 1, k steps later: on the previous rank if g is our first.
    if (map_.ranks > 1 && local == 0 && step + k < map_.time_parts)
      rr_.post(task.time);
  }

  void start() override {
    // Every time part our last worker gets from the next rank's first worker.
    const int next = (rr_.rank + 1) % map_.ranks;
    for (int t = 0; t < map_.time_parts; ++t) {
      if (map_.step_of(last_worker(), t) < map_.rotation_depth)
        continue;
      const std::size_t bytes = span_bytes(time_part_spans(rr_.run, map_, rr_.syncs, t, rr_.rank));
      receiving_[transfers_.receive(bytes, next, t)] = t;
    }
  }

  bool progress() override {
    const std::vector<int> arrived = transfers_.poll();
    for (int id : arrived) {
      // A received time part becomes usable by our last worker.
      const int t = receiving_.at(id);
      receiving_.erase(id);
      const std::vector<unsigned char> data = transfers_.take(id);
      unpack_spans(time_part_spans(rr_.run, map_, rr_.syncs, t, rr_.rank), data.data());
      uses_[static_cast<std::size_t>(t)].store(map_.step_of(last_worker(), t) /
                                               map_.rotation_depth);
    }
    return !arrived.empty();
  }

  void send(int t) override {
    std::vector<unsigned char> payload;
    const std::vector<Span> spans = time_part_spans(rr_.run, map_, rr_.syncs, t, rr_.rank);
    pack_spans(spans, payload);
    count_sent(spans, 1);
    transfers_.send(std::move(payload), (rr_.rank - 1 + map_.ranks) % map_.ranks, t);
  }

  bool done() override { return transfers_.idle(); }

  void wake_all() override {
    for (WaitCounter &c : uses_)
      c.wake();
  }

private:
  static std::size_t part(const Task &task) { return static_cast<std::size_t>(task.time); }
  std::int64_t last_worker() const { return rr_.first_worker() + map_.threads - 1; }

  RankRun &rr_;
  const PartitionMap &map_;
  std::vector<WaitCounter> uses_; ///< completed uses per time part
  Transfers transfers_;
  std::map<int, int> receiving_; ///< receive id -> time part
};

} // namespace

std::unique_ptr<HandOff> make_rotation_handoff(RankRun &rr) {
  return std::make_unique<RotationHandOff>(rr);
}

} // namespace orion::detail

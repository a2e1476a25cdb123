// The wavefront's hand-offs: worker w runs block (w, b) after worker w - 1 finished it. Within a
// rank that is a counter per worker; across ranks, time part b travels down the chain of ranks
// with the completion signal: the slabs of the arrays aligned with the time dimension, then the
// recorded writes of every block before it (forwarded from the ranks above, then this rank's).
#include "coherence.hpp"
#include "rank_run.hpp"
#include "transfers.hpp"

#include <orion/detail/state.hpp>
#include <orion/error.hpp>

namespace orion::detail {
namespace {

class WavefrontHandOff final : public HandOff {
public:
  explicit WavefrontHandOff(RankRun &rr)
      : rr_(rr), map_(rr.map), progress_(static_cast<std::size_t>(rr.map.threads)),
        forwarded_(static_cast<std::size_t>(rr.map.time_parts)),
        transfers_(where(rr.run), rr.rank) {}

  bool before(int local, const Task &task) override {
    if (local > 0)
      return progress_[static_cast<std::size_t>(local - 1)].wait_at_least(task.time + 1,
                                                                          rr_.failed);
    if (rr_.rank > 0)
      return chain_.wait_at_least(task.time + 1, rr_.failed);
    return true;
  }

  void after(int local, const Task &task) override {
    progress_[static_cast<std::size_t>(local)].store(task.time + 1);
    if (map_.ranks > 1 && local == map_.threads - 1 && rr_.rank < map_.ranks - 1)
      rr_.post(task.time);
  }

  bool progress() override {
    bool any = !transfers_.poll().empty();
    if (rr_.rank == 0 || chain_next_ >= map_.time_parts)
      return any;
    std::optional<std::vector<unsigned char>> payload =
        transfers_.receive_sized(rr_.rank - 1, chain_next_);
    if (!payload)
      return any;
    // The time part's slabs first, then the write records of the blocks before.
    const std::vector<Span> slabs =
        time_part_spans(rr_.run, map_, rr_.syncs, chain_next_, rr_.rank);
    const std::size_t slab_bytes = span_bytes(slabs);
    if (payload->size() < slab_bytes)
      throw Error("parallel loop at " + where(rr_.run) + ": rank " + std::to_string(rr_.rank) +
                  " received " + std::to_string(payload->size()) + " bytes for time part " +
                  std::to_string(chain_next_) + ", expected at least " +
                  std::to_string(slab_bytes));
    unpack_spans(slabs, payload->data());
    apply_writes(rr_.run, payload->data() + slab_bytes, payload->size() - slab_bytes);
    if (rr_.rank < map_.ranks - 1)
      forwarded_[static_cast<std::size_t>(chain_next_)].assign(
          payload->begin() + static_cast<std::ptrdiff_t>(slab_bytes), payload->end());
    chain_.store(++chain_next_);
    return true;
  }

  void send(int t) override {
    std::vector<unsigned char> payload;
    const std::vector<Span> spans = time_part_spans(rr_.run, map_, rr_.syncs, t, rr_.rank);
    pack_spans(spans, payload);
    count_sent(spans, 1);
    const std::size_t slab_bytes = payload.size();
    auto &before = forwarded_[static_cast<std::size_t>(t)];
    payload.insert(payload.end(), before.begin(), before.end());
    std::vector<unsigned char>().swap(before);
    for (auto &per_part : rr_.writes) {
      auto &w = per_part[static_cast<std::size_t>(t)];
      payload.insert(payload.end(), w.begin(), w.end());
      std::vector<unsigned char>().swap(w);
    }
    count_records_sent(rr_.run, payload.data() + slab_bytes, payload.size() - slab_bytes, 1);
    transfers_.send_sized(std::move(payload), rr_.rank + 1, t);
  }

  bool done() override {
    return transfers_.idle() && (rr_.rank == 0 || chain_next_ >= map_.time_parts);
  }

  /// Each block's writes travel with its time part.
  std::size_t write_slot(const Task &task) const override {
    return static_cast<std::size_t>(task.time);
  }

  void wake_all() override {
    for (WaitCounter &c : progress_)
      c.wake();
    chain_.wake();
  }

private:
  RankRun &rr_;
  const PartitionMap &map_;
  std::vector<WaitCounter> progress_; ///< blocks done per local worker
  WaitCounter chain_;                 ///< chain steps received from the rank above
  int chain_next_ = 0;                ///< the next chain step to receive
  /// Per time part: the write records received from above, to pass on below.
  std::vector<std::vector<unsigned char>> forwarded_;
  Transfers transfers_;
};

} // namespace

std::unique_ptr<HandOff> make_wavefront_handoff(RankRun &rr) {
  return std::make_unique<WavefrontHandOff>(rr);
}

} // namespace orion::detail

// Updates that workers make to shared state during a parallel loop and that the runtime merges at
// synchronization points: the deltas of a relaxed array (relax(A): `A(i) += x`) and the combined
// updates of an orion::Buffer. A worker only ever touches its own slot while bodies run; the
// executor merges every slot, in global worker order, while no body runs. Every rank applies the
// same packed updates in the same order, so every rank's copy ends identical and
// --orion-replay-serial (which merges the same slots at the same points) reproduces it bit for
// bit.
#pragma once

#include <orion/detail/shard.hpp>
#include <orion/detail/state.hpp>
#include <orion/detail/zeroed_storage.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <utility>
#include <vector>

namespace orion::detail {

/// The type-erased side of one relaxed array or Buffer during one loop execution.
class SharedUpdates {
public:
  virtual ~SharedUpdates() = default;
  /// Before the loop: worker `slot_base + s` uses slot s, for s < slots. `direct`: there is one
  /// worker in total, so updates go straight to the target (as in the serial build).
  virtual void open(std::int64_t slot_base, std::int64_t slots, bool direct) = 0;
  /// Appends slot s's pending updates to `out` and clears them.
  virtual void pack(std::int64_t slot, std::vector<unsigned char> &out) = 0;
  /// Applies one packed slot (of any rank) to this rank's copy; advances `p` past it.
  virtual void apply(const unsigned char *&p) = 0;
  /// After the loop (also after a failure): releases the slots.
  virtual void close() = 0;
  /// Flush at least every this many iterations of a worker; 0: at the end of each block.
  virtual std::int64_t max_delay() const { return 0; }
  /// The target's shard while it is sharded across ranks (its updates then go to their owners
  /// only), else null.
  virtual const Shard *shard() const = 0;
  /// Like pack, but slot s's updates of rows owned by rank q are appended to out[q].
  virtual void pack_by_owner(std::int64_t slot, std::vector<std::vector<unsigned char>> &out) = 0;
};

/// Per-element pending values of one worker: a dense array the size of the target, the
/// elements touched since the last merge, in first-touch order (so a merge costs what was
/// touched, not the array's size). Untouched elements hold U{}.
template <class U> class PendingSlot {
public:
  /// Each array gets at least kPad bytes of spare capacity past its end: the next allocation
  /// starts a cache line further on, so two workers' slots of a small array never share a line.
  /// LDA updates its relaxed topic totals (K = 20 counts) at every token; when the two workers'
  /// slots shared a line, its loop ran 0.33 s instead of 0.21 s at 2 threads, in most runs.
  /// (Aligning every array to a cache line instead cost LDA 20% at 2 ranks x 1 thread.)
  void resize(std::int64_t n) {
    const auto size = static_cast<std::size_t>(n);
    size_ = size;
    // Zeroed storage: a slot of a large (sharded) array costs only the pages its updates touch.
    values_ = ZeroedStorage<U>(size + kPad / sizeof(U) + 1);
    touched_ = ZeroedStorage<unsigned char>(size + kPad);
    list_ = {};
    // A small array's list never grows past this; a large one's grows on demand (it holds an
    // entry per touched element, and a loop may touch few of many).
    list_.reserve(std::min<std::size_t>(size, 4096) + kPad / sizeof(std::int64_t));
  }
  std::int64_t size() const noexcept { return static_cast<std::int64_t>(size_); }
  std::size_t bytes() const noexcept { return size_ * (sizeof(U) + 1); }
  /// Drops the pending values without packing them (a loop that failed).
  void clear() {
    for (std::int64_t off : list_) {
      values_[static_cast<std::size_t>(off)] = U{};
      touched_[static_cast<std::size_t>(off)] = 0;
    }
    list_.clear();
  }
  /// The pending value of element `off`; `fresh` tells whether it held nothing before.
  U &at(std::int64_t off, bool &fresh) {
    const auto i = static_cast<std::size_t>(off);
    fresh = touched_[i] == 0;
    if (fresh) {
      touched_[i] = 1;
      list_.push_back(off);
    }
    return values_[i];
  }
  /// The pending value of element `off`, or nullptr if none.
  const U *find(std::int64_t off) const {
    const auto i = static_cast<std::size_t>(off);
    return touched_[i] ? &values_[i] : nullptr;
  }
  /// Appends (count, then offset + value per element) and clears.
  void pack(std::vector<unsigned char> &out) {
    const std::int64_t count = static_cast<std::int64_t>(list_.size());
    const std::size_t at = out.size();
    out.resize(at + sizeof count + list_.size() * (sizeof(std::int64_t) + sizeof(U)));
    unsigned char *p = out.data() + at;
    std::memcpy(p, &count, sizeof count);
    p += sizeof count;
    for (std::int64_t off : list_) {
      const auto i = static_cast<std::size_t>(off);
      std::memcpy(p, &off, sizeof off);
      std::memcpy(p + sizeof off, &values_[i], sizeof(U));
      p += sizeof off + sizeof(U);
      values_[i] = U{};
      touched_[i] = 0;
    }
    list_.clear();
  }
  /// Like pack, split by the owner of each element's row: out[q] gets (count, then offset + value
  /// per element) of the elements rank q owns, in first-touch order.
  void pack_by_owner(const Shard &shard, std::vector<std::vector<unsigned char>> &out) {
    const std::size_t ranks = out.size();
    std::vector<std::int64_t> counts(ranks, 0);
    std::vector<std::size_t> at(ranks);
    for (std::size_t q = 0; q < ranks; ++q) {
      at[q] = out[q].size();
      out[q].resize(at[q] + sizeof(std::int64_t));
    }
    for (std::int64_t off : list_) {
      const auto i = static_cast<std::size_t>(off);
      const auto q = static_cast<std::size_t>(shard.owner(off / shard.row_elems));
      std::vector<unsigned char> &o = out[q];
      const std::size_t end = o.size();
      o.resize(end + sizeof off + sizeof(U));
      std::memcpy(o.data() + end, &off, sizeof off);
      std::memcpy(o.data() + end + sizeof off, &values_[i], sizeof(U));
      ++counts[q];
      values_[i] = U{};
      touched_[i] = 0;
    }
    list_.clear();
    for (std::size_t q = 0; q < ranks; ++q)
      std::memcpy(out[q].data() + at[q], &counts[q], sizeof(std::int64_t));
  }
  /// Reads what pack wrote: f(offset, value) per element.
  template <class F> static void unpack(const unsigned char *&p, F &&f) {
    std::int64_t count = 0;
    std::memcpy(&count, p, sizeof count);
    p += sizeof count;
    for (std::int64_t k = 0; k < count; ++k) {
      std::int64_t off = 0;
      U value;
      std::memcpy(&off, p, sizeof off);
      std::memcpy(static_cast<void *>(&value), p + sizeof off, sizeof(U));
      p += sizeof off + sizeof(U);
      f(off, value);
    }
  }

private:
  static constexpr std::size_t kPad = 64; ///< a cache line
  std::size_t size_ = 0;
  ZeroedStorage<U> values_;
  ZeroedStorage<unsigned char> touched_;
  std::vector<std::int64_t> list_;
};

template <class U> inline constexpr char kSlotPoolKey = 0;

/// The clean slots of element type U that finished loops gave back (RuntimeState::slot_pools).
template <class U> std::vector<PendingSlot<U>> &slot_pool() {
  auto &pools = state().slot_pools;
  const void *key = &kSlotPoolKey<U>;
  for (auto &[k, pool] : pools)
    if (k == key)
      return *static_cast<std::vector<PendingSlot<U>> *>(pool.get());
  auto fresh = std::make_shared<std::vector<PendingSlot<U>>>();
  auto &pool = *fresh;
  pools.emplace_back(key, std::move(fresh));
  return pool;
}

/// The pending slots of one relaxed array or Buffer: one per worker of the run, empty when the
/// updates go straight to the target.
///
/// A slot is as large as its target, so slots are taken from a pool and given back clean when
/// the loop ends, instead of being allocated and zeroed for every loop: SLR runs an epoch as
/// thousands of loops of 64 samples, each of which paid for two weight-sized arrays per worker.
template <class U> class SlotSet {
public:
  /// Slots larger than this go back to the allocator: a loop over an array that large runs long
  /// enough to pay for new ones, and the pool would hold the memory for the rest of the program.
  static constexpr std::size_t kPooledBytes = std::size_t{64} << 20;

  void open(std::int64_t slot_base, std::int64_t slots, bool direct, std::int64_t elements) {
    base_ = slot_base;
    slots_.clear();
    if (direct)
      return;
    std::vector<PendingSlot<U>> &pool = slot_pool<U>();
    slots_.resize(static_cast<std::size_t>(slots));
    for (auto &s : slots_) {
      auto same = std::find_if(pool.begin(), pool.end(),
                               [&](const PendingSlot<U> &p) { return p.size() == elements; });
      if (same != pool.end()) {
        s = std::move(*same);
        pool.erase(same);
      } else {
        s.resize(elements);
      }
    }
  }
  /// The slot of global worker `worker`, or nullptr (one worker, or not a worker of this run).
  PendingSlot<U> *of(std::int64_t worker) {
    const std::int64_t s = worker - base_;
    return worker >= 0 && s >= 0 && s < static_cast<std::int64_t>(slots_.size())
               ? &slots_[static_cast<std::size_t>(s)]
               : nullptr;
  }
  void pack(std::int64_t slot, std::vector<unsigned char> &out) {
    slots_[static_cast<std::size_t>(slot)].pack(out);
  }
  void pack_by_owner(std::int64_t slot, const Shard &shard,
                     std::vector<std::vector<unsigned char>> &out) {
    slots_[static_cast<std::size_t>(slot)].pack_by_owner(shard, out);
  }
  void close() {
    std::vector<PendingSlot<U>> &pool = slot_pool<U>();
    for (auto &s : slots_) {
      if (s.bytes() > kPooledBytes)
        continue; // freed with slots_
      s.clear();
      pool.push_back(std::move(s));
    }
    slots_.clear();
  }

private:
  std::int64_t base_ = 0;
  std::vector<PendingSlot<U>> slots_;
};

} // namespace orion::detail

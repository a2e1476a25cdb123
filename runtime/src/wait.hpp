// Blocking waits for the executors' hand-offs. A worker that needs a predecessor's block sleeps in
// the kernel (a futex, through std::atomic::wait) until the predecessor publishes it, instead of
// spinning: with more worker threads than cores the waiting ones cost nothing, and the ones that
// can run get the cores.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace orion::detail {

/// A count that only grows (blocks done, uses of a time part, chain steps received), which threads
/// block on until it reaches a target. Every store wakes the threads waiting on this counter (and
/// only them); wake() wakes them without a new value, so that a waiter re-checks its failure flag.
///
/// An eventcount: the value lives next to an epoch that every store and wake() bumps. A waiter
/// reads the epoch, then the value and the flag, and sleeps only while the epoch is unchanged, so
/// a store or wake() that lands between its check and its sleep is never lost.
class alignas(64) WaitCounter { // one per cache line: waiters poll their own counter only
public:
  std::int64_t load() const noexcept { return value_.load(std::memory_order_acquire); }

  /// Publishes `value` (release: what the writer did before is visible to whoever sees it) and
  /// wakes this counter's waiters.
  void store(std::int64_t value) noexcept {
    value_.store(value, std::memory_order_release);
    wake();
  }

  /// Wakes this counter's waiters; they return false if `failed` (of wait_at_least) is set.
  void wake() noexcept {
    epoch_.fetch_add(1, std::memory_order_acq_rel);
    epoch_.notify_all();
  }

  /// Blocks until load() >= target (true), or until `failed` is set and this counter is woken
  /// (false). Whoever sets `failed` must call wake() on every counter afterwards.
  bool wait_at_least(std::int64_t target, const std::atomic<bool> &failed) const noexcept {
    for (;;) {
      const std::uint32_t epoch = epoch_.load(std::memory_order_acquire);
      if (value_.load(std::memory_order_acquire) >= target)
        return true;
      if (failed.load(std::memory_order_acquire))
        return false;
      epoch_.wait(epoch, std::memory_order_acquire); // returns once the epoch has moved on
    }
  }

private:
  std::atomic<std::int64_t> value_{0};
  mutable std::atomic<std::uint32_t> epoch_{0};
};

} // namespace orion::detail

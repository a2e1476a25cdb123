// orion::Buffer: a write-back buffer in front of a DenseArray. A loop body writes `wb(i) += u`
// instead of updating the array; the updates of one worker are combined per element and handed
// to `apply(value, update)`, exactly once per combined update, at least every `max_delay`
// iterations of the worker and at the end of the loop. Buffered writes are exempt from the
// dependence analysis: this is how a loop whose workers share parameters (SLR's weights, AdaGrad
// state) opts into data parallelism.
//
// With one worker in total (the serial build, or orionc on one rank and one thread) every update
// is applied at once, which is within the contract (a delay of 0) and makes one worker compute
// exactly what the serial program computes.
#pragma once

#include <orion/dense_array.hpp>
#include <orion/detail/shared_updates.hpp>
#include <orion/detail/state.hpp>
#include <orion/detail/worker.hpp>
#include <orion/error.hpp>

#include <concepts>
#include <cstdint>
#include <functional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace orion {

/// How many iterations a worker may run before its buffered updates are applied.
struct MaxDelay {
  std::int64_t iterations = 1;
};

/// `orion::max_delay(n)`, n >= 1.
inline MaxDelay max_delay(std::int64_t iterations) {
  if (iterations < 1)
    throw Error("orion::max_delay(" + std::to_string(iterations) + "): the delay must be >= 1");
  return MaxDelay{iterations};
}

/// A write-back buffer of a DenseArray<T, N>; T may be a trivially copyable struct (the update has
/// the element's type, so optimizer state such as AdaGrad sums can live in the element).
template <class T, std::size_t N> class Buffer final : public detail::SharedUpdates {
  static_assert(std::is_trivially_copyable_v<T>, "Buffer elements must be trivially copyable");

public:
  using Apply = std::function<void(T &, const T &)>;
  using Combine = std::function<T(const T &, const T &)>;

  /// Updates of one element combine with `+`.
  Buffer(DenseArray<T, N> &target, Apply apply, MaxDelay delay)
      : Buffer(target, std::move(apply), delay, nullptr, 0) {
    static_assert(
        requires(T a, T b) { a + b; },
        "orion::Buffer: the element type has no operator+; give the Buffer a combiner "
        "as its fourth argument");
  }
  /// Updates of one element combine with `combine(a, b)`.
  Buffer(DenseArray<T, N> &target, Apply apply, MaxDelay delay, Combine combine)
      : Buffer(target, std::move(apply), delay, std::move(combine), 0) {
    if (!combine_)
      throw Error("orion::Buffer: the combiner is empty");
  }
  Buffer(const Buffer &) = delete;
  Buffer &operator=(const Buffer &) = delete;

  /// What `wb(i...)` returns: `+= update` buffers (or applies) one update of element (i...).
  class Update {
  public:
    Update(Buffer &buffer, T &element) : buffer_(buffer), element_(element) {}
    const Update &operator+=(const T &update) const {
      buffer_.add(element_, update);
      return *this;
    }

  private:
    Buffer &buffer_;
    T &element_;
  };

  template <std::integral... I> Update operator()(I... index) {
#ifdef ORION_DISTRIBUTED
    if (!detail::in_worker()) // driver code applies at once, to every rank's whole copy
      detail::DenseAccess::whole(*target_);
#endif
    // The target's storage itself, sharded or not: an update needs the element's place, not its
    // value (it is applied on the rank that owns it).
    return Update(*this, detail::DenseAccess::element(*target_, index...));
  }

  DenseArray<T, N> &target() const noexcept { return *target_; }
  std::int64_t max_delay() const override { return delay_; }

  // ---- the executor's side (detail::SharedUpdates) ----
  void open(std::int64_t slot_base, std::int64_t slots, bool direct) override {
    slots_.open(slot_base, slots, direct, target_->size());
  }
  void pack(std::int64_t slot, std::vector<unsigned char> &out) override { slots_.pack(slot, out); }
  void apply(const unsigned char *&p) override {
    T *base = detail::DenseAccess::data(*target_);
    detail::PendingSlot<T>::unpack(
        p, [&](std::int64_t off, const T &update) { apply_(base[off], update); });
  }
  void close() override { slots_.close(); }
  const detail::Shard *shard() const override {
#ifdef ORION_DISTRIBUTED
    return detail::DenseAccess::shard(*target_).get();
#else
    return nullptr;
#endif
  }
  void pack_by_owner(std::int64_t slot, std::vector<std::vector<unsigned char>> &out) override {
    slots_.pack_by_owner(slot, *shard(), out);
  }

private:
  Buffer(DenseArray<T, N> &target, Apply apply, MaxDelay delay, Combine combine, int)
      : target_(&target), apply_(std::move(apply)), combine_(std::move(combine)),
        delay_(delay.iterations) {
    if (!apply_)
      throw Error("orion::Buffer: the apply function is empty");
  }

  void add(T &element, const T &update) {
    detail::PendingSlot<T> *slot = slots_.of(detail::tl_worker.global);
    if (slot == nullptr) {
      // One worker, or driver code (replicated: every rank applies the same update).
      apply_(element, update);
      return;
    }
    bool fresh = false;
    T &pending = slot->at(&element - detail::DenseAccess::data(*target_), fresh);
    if (fresh)
      pending = update;
    else if (combine_)
      pending = combine_(pending, update);
    else if constexpr (requires(T a, T b) { a + b; })
      pending = static_cast<T>(pending + update);
  }

  DenseArray<T, N> *target_;
  Apply apply_;
  Combine combine_;
  std::int64_t delay_;
  detail::SlotSet<T> slots_;
};

} // namespace orion

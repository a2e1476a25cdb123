// orion::Accumulator: reductions out of parallel loops (losses, counts, maxima).
#pragma once

#include <orion/detail/collective_call.hpp>
#include <orion/detail/comm.hpp>
#include <orion/detail/state.hpp>
#include <orion/detail/worker.hpp>
#include <orion/error.hpp>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace orion {

namespace detail {

/// The next accumulator's number: driver code, which every rank runs alike, creates accumulators
/// in the same order on every rank, so aggregate() can check that the ranks combine the same one.
/// Accumulators created in a loop body (a worker's scratch) are not numbered (0).
inline std::int32_t next_accumulator_number() {
  static std::atomic<std::int32_t> created{0};
  return in_worker() ? 0 : ++created;
}

} // namespace detail

/// Combiner keeping the larger value (`a < b ? b : a`).
struct Max {
  template <class T> constexpr T operator()(const T &a, const T &b) const { return a < b ? b : a; }
};

/// Combiner keeping the smaller value (`b < a ? b : a`).
struct Min {
  template <class T> constexpr T operator()(const T &a, const T &b) const { return b < a ? b : a; }
};

/// A value combined with Op from many contributions. Outside a worker context, code is replicated
/// driver code (identical on every rank), so those contributions go to one replicated slot that
/// counts once; inside a worker context each worker has its own cache-line-padded slot, so workers
/// never contend. A worker slot starts empty and takes its first contribution as is. aggregate()
/// folds the replicated slot and then every non-empty worker slot in global worker order, which
/// makes the result deterministic for any Op, commutative or not.
template <class T, class Op = std::plus<>> class Accumulator {
  static_assert(std::is_trivially_copyable_v<T>,
                "Accumulator values must be trivially copyable: they are exchanged as bytes");

public:
  explicit Accumulator(T init = T{}, Op op = {})
      : init_(init), replicated_(init), op_(std::move(op)),
        slots_(static_cast<std::size_t>(detail::state().threads_per_rank)),
        number_(detail::next_accumulator_number()) {}

  /// Combines x into the calling worker's slot (or the replicated slot outside workers).
  Accumulator &operator+=(const T &x) {
    const int w = detail::tl_worker.local;
    if (w >= 0 && static_cast<std::size_t>(w) < slots_.size()) {
      Slot &slot = slots_[static_cast<std::size_t>(w)];
      slot.value = slot.used ? static_cast<T>(op_(slot.value, x)) : x;
      slot.used = true;
    } else if (w == -1) {
      replicated_ = static_cast<T>(op_(replicated_, x));
    } else if (w >= 0) {
      too_few_slots(w);
    } // else: a worker replayed on a rank that does not own it (--orion-replay-serial)
    return *this;
  }

  /// Back to the initial value; worker slots become empty. Local: call it on every rank.
  void reset() {
    replicated_ = init_;
    for (Slot &slot : slots_)
      slot.used = false;
  }

  /// The value without communication: what aggregate() returns as long as this rank sees every
  /// contribution (one rank, or only driver code added to it). After a parallel loop added to it
  /// on several ranks, part of the total sits with the other ranks' workers, and value() throws
  /// instead of returning this rank's share (the serial build would print the total): call
  /// aggregate() on every rank for the total, or local_value() for this rank's share.
  T value() const {
    if (detail::comm_size() > 1)
      for (const Slot &slot : slots_)
        if (slot.used)
          throw Error("Accumulator::value() after a parallel loop added to it on " +
                      std::to_string(detail::comm_size()) +
                      " ranks would be this rank's share only; call aggregate() (collective: on "
                      "every rank) for the total, or local_value() for this rank's share");
    return local_value();
  }

  /// This rank's share: the replicated slot folded with this rank's worker slots, in worker
  /// order. No communication.
  T local_value() const {
    T result = replicated_;
    for (const Slot &slot : slots_)
      if (slot.used)
        result = static_cast<T>(op_(result, slot.value));
    return result;
  }

  /// Collective: every rank gets the replicated slot folded with every worker slot of every rank,
  /// one slot at a time in global worker order, so the result does not depend on how the workers
  /// are spread over ranks. Call it from driver code, on every rank.
  T aggregate() const {
    if (detail::in_worker())
      throw Error("Accumulator::aggregate() is collective; call it outside parallel loops");
    // Which accumulator: ranks that combine different ones (`printf("%ld %f", a.aggregate(),
    // b.aggregate())` on the root evaluates b first) exchanged each other's slots, raw bytes of
    // another type included: wrong values with exit status 0, or a corrupted heap.
    detail::enter_collective({detail::CollectiveKind::Aggregate, number_});
    if (detail::comm_size() == 1)
      return local_value();
    const auto start = std::chrono::steady_clock::now();
    std::vector<Packed> mine(slots_.size());
    // Zeroed so that no uninitialized padding goes on the wire.
    std::memset(static_cast<void *>(mine.data()), 0, mine.size() * sizeof(Packed));
    for (std::size_t w = 0; w < slots_.size(); ++w) {
      mine[w].value = slots_[w].value;
      mine[w].used = slots_[w].used ? 1 : 0;
    }
    const auto my_bytes = static_cast<std::int64_t>(mine.size() * sizeof(Packed));
    const std::vector<std::int64_t> bytes = detail::comm_allgather(my_bytes);
    std::int64_t total = 0;
    for (std::int64_t b : bytes)
      total += b;
    std::vector<Packed> all(static_cast<std::size_t>(total) / sizeof(Packed));
    detail::comm_allgatherv_bytes(mine.data(), my_bytes, all.data(), bytes);
    T result = replicated_;
    for (const Packed &p : all)
      if (p.used)
        result = static_cast<T>(op_(result, p.value));
    detail::state().reduce_seconds +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
  }

  /// For the executor, with one worker in total: the running value that serial code (and a loop's
  /// blocks, which then run one after another in the serial order) combine into, so that the sum
  /// is the serial program's, rounding included.
  T &sole_worker_value() noexcept { return replicated_; }
  const T &initial_value() const noexcept { return init_; }
  const Op &combiner() const noexcept { return op_; }

private:
  struct alignas(detail::kCacheLine) Slot {
    T value{};
    bool used = false;
  };
  struct Packed {
    T value;
    unsigned char used;
  };
  [[noreturn, gnu::cold]] void too_few_slots(int w) const {
    throw Error("Accumulator has " + std::to_string(slots_.size()) +
                " worker slot(s) but local worker " + std::to_string(w) +
                " used it; create accumulators after the orion::Session");
  }

  T init_;
  T replicated_;
  [[no_unique_address]] Op op_;
  std::vector<Slot> slots_;
  std::int32_t number_; ///< detail::next_accumulator_number() when created
};

} // namespace orion

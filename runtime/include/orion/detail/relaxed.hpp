// relax(A) in a parallel loop: the body may only update A commutatively (`A(i) += x`, `-=`,
// `++`, `--`; orionc refuses any other write). Each worker keeps its updates as deltas in a slot
// of its own and reads A as the value at the last synchronization point plus its own deltas; the
// executor merges every worker's deltas into every rank's copy at each synchronization point, in
// global worker order. So no update is ever lost, integer counts are exact, and a merge point is
// the same in --orion-replay-serial.
#pragma once

#include <orion/dense_array.hpp>
#include <orion/detail/served.hpp>
#include <orion/detail/shared_updates.hpp>
#include <orion/detail/state.hpp>

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

namespace orion::parallel {

/// What orionc passes for a relaxed array the body writes: `relaxed(A)`.
template <class T, std::size_t N> struct Relaxed { DenseArray<T, N> &array; };
template <class T, std::size_t N> Relaxed<T, N> relaxed(DenseArray<T, N> &a) { return {a}; }

/// The deltas of one relaxed array during one loop execution.
template <class T, std::size_t N> class RelaxedDeltas final : public detail::SharedUpdates {
public:
  static_assert(
      requires(const T &a, const T &b) {
        { a + b } -> std::convertible_to<T>;
      },
      "a relaxed array's element type needs operator+ (relax keeps each worker's updates as deltas "
      "and adds them to the array): define it, or use a Buffer with a combiner");

  explicit RelaxedDeltas(DenseArray<T, N> &array) : array_(array) {}
  RelaxedDeltas(const Relaxed<T, N> &r) : array_(r.array) {}
  RelaxedDeltas(const RelaxedDeltas &) = delete;
  RelaxedDeltas &operator=(const RelaxedDeltas &) = delete;

  DenseArray<T, N> &array() const noexcept { return array_; }
  /// Slot of global worker `worker`, or nullptr when updates go straight to the array.
  detail::PendingSlot<T> *slot(std::int64_t worker) { return slots_.of(worker); }

  void open(std::int64_t slot_base, std::int64_t slots, bool direct) override {
    slots_.open(slot_base, slots, direct, array_.size());
  }
  void pack(std::int64_t slot, std::vector<unsigned char> &out) override { slots_.pack(slot, out); }
  void apply(const unsigned char *&p) override {
    T *base = detail::DenseAccess::data(array_);
    detail::PendingSlot<T>::unpack(p, [&](std::int64_t off, const T &delta) {
      base[off] = static_cast<T>(base[off] + delta);
    });
  }
  void close() override { slots_.close(); }
  std::int64_t max_delay() const override { return detail::state().options.merge_every; }
  const detail::Shard *shard() const override { return detail::DenseAccess::shard(array_).get(); }
  void pack_by_owner(std::int64_t slot, std::vector<std::vector<unsigned char>> &out) override {
    slots_.pack_by_owner(slot, *shard(), out);
  }

private:
  DenseArray<T, N> &array_;
  detail::SlotSet<T> slots_;
};

/// One element of a relaxed array as a body sees it: reads give the value at the last merge plus
/// this worker's own deltas; `+=`, `-=`, `++`, `--` add to the worker's deltas.
///
/// A copy is a snapshot: `auto before = std::min(cnt(v), cnt(w))` or a tuple of `cnt(v)` copy
/// the element in the serial program, so a copy holds the value at the time of the copy, and
/// updating it changes only the copy. (A proxy that stayed live would read later updates: 0 where
/// the serial build printed 100.) Elements are returned as prvalues, which C++17 does not copy,
/// so `cnt(v) += 1` stays live; for the same reason `auto x = cnt(v)`, a ternary of two elements
/// or a by-value deduced parameter would hold the live proxy, and orionc refuses those forms.
///
/// `Checked`: the array may be sharded across ranks, so a read first makes sure its row is here.
/// An unchecked element (the array is whole for the whole run) has no such test: its slow path is
/// a call the compiler cannot see into, which kept LDA's loop over the topics from vectorizing
/// (one worker 0.75x the serial build with it, docs/benchmarks.md).
template <class T, bool Checked = true> class RelaxedElement {
public:
  /// `shard`: the array is sharded and `row` is the element's row, fetched before it is read.
  RelaxedElement(T &element, detail::PendingSlot<T> *slot, std::int64_t off,
                 detail::Shard *shard = nullptr, std::int64_t row = 0)
      : element_(&element), slot_(slot), off_(off), shard_(shard), row_(row) {}
  RelaxedElement(const RelaxedElement &other) : value_(static_cast<T>(other)), element_(&value_) {}
  RelaxedElement(RelaxedElement &&other)
      : RelaxedElement(static_cast<const RelaxedElement &>(other)) {}
  /// Only a snapshot can be assigned to (orionc refuses a plain write of a relaxed element).
  RelaxedElement &operator=(const T &x) {
    value_ = x;
    element_ = &value_;
    slot_ = nullptr;
    shard_ = nullptr;
    return *this;
  }
  RelaxedElement &operator=(const RelaxedElement &other) { return *this = static_cast<T>(other); }

  operator T() const {
    if constexpr (Checked)
      detail_::need_row(shard_, row_);
    if (slot_ == nullptr)
      return *element_;
    const T *d = slot_->find(off_);
    return d ? static_cast<T>(*element_ + *d) : *element_;
  }
  /// `cnt(v) += x` and `-= x` update as C++ does when x has another type: `int_element -= 0.5`
  /// converts the difference (100 -> 99), where converting x first subtracted 0 (every rank printed
  /// 100 where the serial build printed 0). Such an update is applied as the change it makes to the
  /// value this worker reads. An x of the element's type, or any integer on an integer element
  /// (which wraps the same), is added as is.
  template <class U> const RelaxedElement &operator+=(const U &x) const {
    if constexpr (kAddedAsIs<U>) {
      add(static_cast<T>(x));
    } else {
      T next = static_cast<T>(*this);
      next += x;
      set(next);
    }
    return *this;
  }
  template <class U> const RelaxedElement &operator-=(const U &x) const {
    if constexpr (kAddedAsIs<U>) {
      static_assert(
          requires(const T &t) { -t; },
          "'-=' and '--' on a relaxed element need the element type's unary operator- "
          "(relax keeps updates as deltas, which it adds): define it, or use a Buffer "
          "with a combiner");
      add(static_cast<T>(-static_cast<T>(x)));
    } else {
      T next = static_cast<T>(*this);
      next -= x;
      set(next);
    }
    return *this;
  }
  const RelaxedElement &operator++() const {
    add(T(1));
    return *this;
  }
  const RelaxedElement &operator--() const {
    *this -= T(1);
    return *this;
  }
  T operator++(int) const {
    const T old = *this;
    add(T(1));
    return old;
  }
  T operator--(int) const {
    const T old = *this;
    *this -= T(1);
    return old;
  }

private:
  template <class U>
  static constexpr bool kAddedAsIs =
      std::is_same_v<std::remove_cvref_t<U>, T> || !std::is_arithmetic_v<T> ||
      !std::is_arithmetic_v<U> || (std::is_integral_v<T> && std::is_integral_v<U>);

  /// Makes the value this worker reads `next`: straight into the element without a slot, else as
  /// the delta from what it reads now.
  void set(const T &next) const {
    if (slot_ == nullptr) {
      *element_ = next;
      return;
    }
    add(static_cast<T>(next - static_cast<T>(*this)));
  }
  void add(const T &x) const {
    if (slot_ == nullptr) {
      *element_ = static_cast<T>(*element_ + x);
      return;
    }
    bool fresh = false;
    T &d = slot_->at(off_, fresh);
    d = fresh ? x : static_cast<T>(d + x);
  }

  T value_{}; ///< a snapshot's own value
  T *element_;
  detail::PendingSlot<T> *slot_ = nullptr;
  std::int64_t off_ = 0;
  detail::Shard *shard_ = nullptr;
  std::int64_t row_ = 0;
};

/// A relaxed array as the body of one block sees it (same shape interface as the array).
/// `Checked`: the array may be sharded in this run (see RelaxedElement).
template <class T, std::size_t N, bool Checked = true> class RelaxedView {
public:
  using value_type = T;
  using key_type = std::array<std::int64_t, N>;
  static constexpr std::size_t dims = N;

  RelaxedView(RelaxedDeltas<T, N> &deltas, std::int64_t worker)
      : array_(&deltas.array()), data_(detail::DenseAccess::data(*array_)),
        extents_(array_->extents()), slot_(deltas.slot(worker)),
        shard_(detail::DenseAccess::shard(*array_).get()) {}

  // Indexed through the view's own copy of the storage pointer and extents, which do not change
  // during a block (a shard's rows arrive in place), for the reason parallel.hpp's DenseView does.
  template <std::integral... I> RelaxedElement<T, Checked> operator()(I... index) const {
    static_assert(sizeof...(I) == N, "DenseArray<T, N>(...) takes exactly N indices");
    T &element = detail::RowMajor<N>::element(data_, extents_, index...);
    return RelaxedElement<T, Checked>(element, slot_, &element - data_, shard_,
                                      detail_::first_index(index...));
  }
  std::int64_t extent(std::size_t d) const { return extents_[d]; }
  const key_type &extents() const noexcept { return extents_; }
  std::int64_t size() const noexcept { return array_->size(); }

  /// Read-only access for code that reads the array as a whole: a helper taking
  /// `const DenseArray<T, N> &`, a row (`A.row(i)`, elements const). Both see the values at the
  /// last merge, without this worker's own updates since (stale reads are what relax allows; with
  /// one worker updates go straight to the array, so they see everything, as in the serial build).
  /// A sharded relaxed array is never read as a whole: the compiler keeps such an array whole.
  operator const DenseArray<T, N> &() const {
    if (shard_ != nullptr)
      throw Error("internal: relaxed array '" + shard_->name +
                  "' is sharded across ranks but read as a whole in a loop body");
    return *array_;
  }
  template <std::integral... I> std::span<const T> row(I... index) const {
    const std::span<T> r = detail::RowMajor<N>::row(data_, extents_, index...);
    if constexpr (sizeof...(I) > 0)
      detail_::need_row(shard_, detail_::first_index(index...));
    else if (shard_ != nullptr)
      return std::as_const(static_cast<const DenseArray<T, N> &>(*this)).row();
    return r;
  }

private:
  DenseArray<T, N> *array_;
  T *data_;
  key_type extents_;
  detail::PendingSlot<T> *slot_;
  detail::Shard *shard_;
};

} // namespace orion::parallel

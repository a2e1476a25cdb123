// orion::DenseArray: the dense N-d parameter arrays of a program (factor matrices, weights).
#pragma once

#include <orion/detail/check.hpp>
#include <orion/detail/comm.hpp>
#include <orion/detail/pending_fill.hpp>
#include <orion/detail/random.hpp>
#include <orion/detail/shard.hpp>
#include <orion/detail/worker.hpp>
#include <orion/detail/zeroed_storage.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <memory>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

namespace orion {

namespace detail {
struct DenseAccess;

/// Row-major element arithmetic, shared by DenseArray and the views parallel loops give a body
/// (DenseView in parallel.hpp, RelaxedView in relaxed.hpp, ServedView in served.hpp), so that all
/// of them check and index alike.
template <std::size_t N> struct RowMajor {
  // Bounds are checked on the indices themselves, which reach the failure path by value: an
  // index array whose address reached it would be memory any pointer might alias, and every
  // access would then reload the array's data pointer and extents (in the generated code, whose
  // loop body reaches the arrays through references).
  template <class... I>
  static void check([[maybe_unused]] const char *what,
                    [[maybe_unused]] const std::array<std::int64_t, N> &extents,
                    [[maybe_unused]] I... index) {
#ifndef NDEBUG
    check_at(what, extents, std::index_sequence_for<I...>{}, index...);
#endif
  }
  template <std::size_t... D, class... I>
  static void check_at(const char *what, const std::array<std::int64_t, N> &extents,
                       std::index_sequence<D...>, I... index) {
    // Unsigned: a negative index is out of range too.
    const bool out = (false | ... |
                      (static_cast<std::uint64_t>(static_cast<std::int64_t>(index)) >=
                       static_cast<std::uint64_t>(extents[D])));
    if (out) [[unlikely]]
      index_error_at(what, extents, static_cast<std::int64_t>(index)...);
  }

  static std::size_t offset(const std::array<std::int64_t, N> &extents,
                            const std::array<std::int64_t, N> &index) {
    std::int64_t off = index[0];
    for (std::size_t d = 1; d < N; ++d)
      off = off * extents[d] + index[d];
    return static_cast<std::size_t>(off);
  }

  static std::size_t row_offset(const std::array<std::int64_t, N> &extents,
                                const std::array<std::int64_t, N - 1> &index) {
    std::int64_t off = 0;
    for (std::size_t d = 0; d + 1 < N; ++d)
      off = off * extents[d] + index[d];
    return static_cast<std::size_t>(off * extents[N - 1]);
  }

  /// Element `index...` of `data` (checked unless NDEBUG).
  template <class T, class... I>
  static T &element(T *data, const std::array<std::int64_t, N> &extents, I... index) {
    check("DenseArray", extents, index...);
    return data[offset(extents, {static_cast<std::int64_t>(index)...})];
  }
  /// The last dimension at the leading indices `index...` (checked unless NDEBUG).
  template <class T, class... I>
  static std::span<T> row(T *data, const std::array<std::int64_t, N> &extents, I... index) {
    check("DenseArray row", extents, index...);
    return {data + row_offset(extents, {static_cast<std::int64_t>(index)...}),
            static_cast<std::size_t>(extents[N - 1])};
  }
};
} // namespace detail

/// What iterating a DenseArray yields: the element's coordinates (by value: they are computed) and
/// a reference to it, so `for (auto&& [key, value] : A)` works and `value` is writable.
template <class V, std::size_t N> struct DenseEntry {
  std::array<std::int64_t, N> key;
  V &value;
};

/// Dense N-d array in row-major contiguous storage. Element access is plain base + offset
/// arithmetic; bounds are checked (with a message naming index and extents) only when NDEBUG is
/// not defined. Copies are deep. Every rank holds the whole array, except while a large array that
/// parallel loops serve, or a large local array a loop wrote by rows, is sharded across ranks
/// (detail/shard.hpp): then the first access to its elements from driver code gathers it again,
/// collectively.
template <class T, std::size_t N> class DenseArray {
  static_assert(N >= 1, "DenseArray needs at least one dimension");
  static_assert(std::is_trivially_copyable_v<T>,
                "DenseArray elements must be trivially copyable: they are moved as bytes");
  static_assert(
      !std::is_same_v<std::remove_cv_t<T>, bool>,
      "DenseArray<bool> is not supported (std::vector<bool> packs bits); use std::uint8_t");

public:
  using value_type = T;
  using key_type = std::array<std::int64_t, N>;
  static constexpr std::size_t dims = N;

  /// Forward iterator in row-major order over {key, value} entries.
  template <class V> class basic_iterator {
  public:
    using value_type = DenseEntry<V, N>;
    using reference = DenseEntry<V, N>;
    using difference_type = std::ptrdiff_t;
    using iterator_category = std::input_iterator_tag;
    using iterator_concept = std::forward_iterator_tag;

    basic_iterator() = default;
    basic_iterator(V *element, const key_type &key, const key_type *extents)
        : element_(element), key_(key), extents_(extents) {}

    reference operator*() const { return {key_, *element_}; }
    basic_iterator &operator++() {
      ++element_;
      for (std::size_t d = N; d-- > 0;) { // odometer carry, usually stops at the last digit
        if (++key_[d] < (*extents_)[d] || d == 0)
          break;
        key_[d] = 0;
      }
      return *this;
    }
    basic_iterator operator++(int) {
      basic_iterator old = *this;
      ++*this;
      return old;
    }
    friend bool operator==(const basic_iterator &a, const basic_iterator &b) {
      return a.element_ == b.element_;
    }

  private:
    V *element_ = nullptr;
    key_type key_{};
    const key_type *extents_ = nullptr;
  };
  using iterator = basic_iterator<T>;
  using const_iterator = basic_iterator<const T>;

  /// Empty array (all extents 0).
  DenseArray() = default;
  /// Zero-initialized array, e.g. `DenseArray<float, 2> W({rows, cols})`; negative extents throw.
  explicit DenseArray(const key_type &extents, const T &init = T{})
      : extents_(extents),
        data_(static_cast<std::size_t>(detail::checked_volume("DenseArray", extents))) {
    if (!detail::all_zero_bytes(init)) // zeros are what the storage starts with, untouched
      std::fill(data_.begin(), data_.end(), init);
  }
  DenseArray(const DenseArray &other)
      : extents_(other.extents_), data_((other.whole(), other.data_)) {}
  DenseArray(DenseArray &&) noexcept = default;
  DenseArray &operator=(const DenseArray &other) {
    if (this != &other) {
      other.whole();
      whole(); // a sharded array being replaced: every rank drops its shard the same way
      extents_ = other.extents_;
      data_ = other.data_;
    }
    return *this;
  }
  DenseArray &operator=(DenseArray &&other) noexcept {
    extents_ = other.extents_;
    data_ = std::move(other.data_);
#ifdef ORION_DISTRIBUTED
    shard_ = std::move(other.shard_);
    pending_ = std::move(other.pending_);
    pinned_ = other.pinned_; // the storage, and the pointers driver code keeps into it, move along
    handed_out_ = other.handed_out_;
#endif
    return *this;
  }

  std::int64_t extent(std::size_t d) const { return extents_[d]; }
  const key_type &extents() const noexcept { return extents_; }
  /// Number of elements (product of the extents).
  std::int64_t size() const noexcept { return static_cast<std::int64_t>(data_.size()); }
  T *data() {
    whole();
    handed_out();
    return data_.data();
  }
  const T *data() const {
    whole();
    handed_out();
    return data_.data();
  }

  // Index-count checks are static_asserts rather than constraints: a wrong count then reports
  // what was expected instead of "no matching function".
  template <std::integral... I> T &operator()(I... index) {
    static_assert(sizeof...(I) == N, "DenseArray<T, N>(...) takes exactly N indices");
    whole();
    handed_out();
    return at(index...);
  }
  template <std::integral... I> const T &operator()(I... index) const {
    static_assert(sizeof...(I) == N, "DenseArray<T, N>(...) takes exactly N indices");
    whole();
    handed_out();
    return const_cast<DenseArray *>(this)->at(index...);
  }

  /// The last dimension at the given leading indices (a range subscript); for N == 1, everything.
  template <std::integral... I> std::span<T> row(I... index) {
    static_assert(sizeof...(I) == N - 1, "DenseArray<T, N>::row takes exactly N - 1 indices");
    whole();
    handed_out();
    return row_at(index...);
  }
  template <std::integral... I> std::span<const T> row(I... index) const {
    static_assert(sizeof...(I) == N - 1, "DenseArray<T, N>::row takes exactly N - 1 indices");
    whole();
    handed_out();
    return const_cast<DenseArray *>(this)->row_at(index...);
  }

  /// On a sharded array, each rank fills its own rows (the others are a cache nobody reads).
  /// A large array on several ranks is filled when it is first read (detail/pending_fill.hpp).
  void fill(const T &value) {
    write_fill([value](T *data, std::size_t first, std::size_t last) {
      std::fill(data + first, data + last, value);
    });
  }

  /// Normal(mean, stddev) values; element i (row-major) depends only on (seed, i), so the result
  /// is the same for any compiler, standard library, rank count or fill order.
  void fill_normal(T mean, T stddev, std::uint64_t seed) {
    static_assert(std::floating_point<T>, "fill_normal needs a floating-point element type");
    write_fill([mean, stddev, seed](T *data, std::size_t first, std::size_t last) {
      for (std::size_t i = first; i < last; ++i) {
        const double z = detail::box_muller(detail::counter_bits(seed, 2 * i),
                                            detail::counter_bits(seed, 2 * i + 1));
        data[i] = static_cast<T>(static_cast<double>(mean) + static_cast<double>(stddev) * z);
      }
    });
  }

  /// Uniform values in [lo, hi) (integers: lo, lo+1, ..., hi-1); element i depends only on
  /// (seed, i).
  void fill_uniform(T lo, T hi, std::uint64_t seed) {
    static_assert(std::floating_point<T> || std::integral<T>,
                  "fill_uniform needs an integral or floating-point element type");
    write_fill([lo, hi, seed](T *data, std::size_t first, std::size_t last) {
      for (std::size_t i = first; i < last; ++i) {
        const std::uint64_t bits = detail::counter_bits(seed, i);
        if constexpr (std::floating_point<T>) {
          const double u = detail::unit_double(bits);
          T v = static_cast<T>(static_cast<double>(lo) + (static_cast<double>(hi) - lo) * u);
          if (v >= hi && hi > lo) // rounding to a narrower T can land on hi
            v = std::nextafter(hi, lo);
          data[i] = v;
        } else {
          const auto range = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo);
          data[i] = hi > lo ? static_cast<T>(static_cast<std::uint64_t>(lo) +
                                             detail::scale_below(bits, range))
                            : lo;
        }
      }
    });
  }

  iterator begin() { return {data(), key_type{}, &extents_}; }
  iterator end() { return {data() + data_.size(), key_type{}, &extents_}; }
  const_iterator begin() const { return {data(), key_type{}, &extents_}; }
  const_iterator end() const { return {data() + data_.size(), key_type{}, &extents_}; }

private:
  friend struct detail::DenseAccess;

  /// Driver code got a pointer, reference or span into the storage, which it may still hold: a
  /// later fill is written at once, since a deferred one would land after reads and writes made
  /// through it (a pointer taken before `fill(3)` read 0, and a write through it was overwritten).
  void handed_out() const {
#ifdef ORION_DISTRIBUTED
    handed_out_ = true;
#endif
  }

  /// Makes a sharded array whole (collective) and writes a pending fill; nothing otherwise.
  void whole() const {
#ifdef ORION_DISTRIBUTED
    if (pending_ || shard_) [[unlikely]]
      detail::require_session_thread("an orion::DenseArray sharded across ranks or not yet filled");
    if (pending_) [[unlikely]]
      write_pending();
    if (shard_ && detail::gather_shards(reinterpret_cast<unsigned char *>(
                                            const_cast<DenseArray *>(this)->data_.data()),
                                        *shard_)) [[unlikely]]
      shard_.reset();
#endif
  }

  /// Runs write(data, first, last) over the elements a fill writes, or keeps it for later: on
  /// several ranks, a large array that is not sharded is filled when it is first read.
  template <class Write> void write_fill(Write write) {
    const auto [first, last] = filled_range();
#ifdef ORION_DISTRIBUTED
    if (!shard_ && !handed_out_ && detail::comm_size() > 1 &&
        data_.size() * sizeof(T) >= detail::kDeferredFillMinBytes) {
      pending_ = std::make_unique<detail::PendingFill>(
          detail::PendingFill{[write](void *data, std::size_t f, std::size_t l) {
            write(static_cast<T *>(data), f, l);
          }});
      return;
    }
    pending_.reset(); // not sharded: the fill below writes every element
#endif
    write(data_.data(), first, last);
  }

#ifdef ORION_DISTRIBUTED
  /// Writes the pending fill into every element.
  void write_pending() const {
    const std::unique_ptr<detail::PendingFill> fill = std::move(pending_);
    fill->write(const_cast<DenseArray *>(this)->data_.data(), 0, data_.size());
  }
#endif

  /// The elements a fill writes: all of them, or this rank's rows of a sharded array.
  std::pair<std::size_t, std::size_t> filled_range() const noexcept {
#ifdef ORION_DISTRIBUTED
    if (shard_)
      return {static_cast<std::size_t>(shard_->lo * shard_->row_elems),
              static_cast<std::size_t>(shard_->hi * shard_->row_elems)};
#endif
    return {0, data_.size()};
  }

  template <class... I> T &at(I... index) {
    return detail::RowMajor<N>::element(data_.data(), extents_, index...);
  }
  template <class... I> std::span<T> row_at(I... index) {
    return detail::RowMajor<N>::row(data_.data(), extents_, index...);
  }

  key_type extents_{};
  detail::ZeroedStorage<T> data_;
#ifdef ORION_DISTRIBUTED
  /// Set while the array is sharded across ranks.
  mutable std::unique_ptr<detail::Shard> shard_;
  /// Set while a fill driver code asked for is not written yet (detail/pending_fill.hpp).
  mutable std::unique_ptr<detail::PendingFill> pending_;
  /// Driver code keeps a pointer or reference into it (detail::pin): it stays whole from then on.
  mutable bool pinned_ = false;
  /// Driver code was handed a pointer or reference into the storage (handed_out).
  mutable bool handed_out_ = false;
#endif
};

namespace detail {

/// The runtime's access to a DenseArray's storage, past the gathering that driver code triggers:
/// parallel loops reach a sharded array's rows through their views (parallel/served.hpp).
struct DenseAccess {
  /// The storage, with any pending fill written (a parallel loop has written its arguments'
  /// fills when it started, so its workers never write one).
  template <class T, std::size_t N> static T *data(const DenseArray<T, N> &a) noexcept {
    write_pending(a);
    return const_cast<DenseArray<T, N> &>(a).data_.data();
  }
  /// The storage as it is, a pending fill not written: for the executor's handle, which decides
  /// which rows of it to write (pending).
  template <class T, std::size_t N> static T *storage(const DenseArray<T, N> &a) noexcept {
    return const_cast<DenseArray<T, N> &>(a).data_.data();
  }
  /// The element, bounds-checked like operator(), without making the array whole.
  template <class T, std::size_t N, class... I>
  static T &element(const DenseArray<T, N> &a, I... i) {
    write_pending(a);
    return const_cast<DenseArray<T, N> &>(a).at(i...);
  }
  template <class T, std::size_t N, class... I>
  static std::span<T> row(const DenseArray<T, N> &a, I... i) {
    write_pending(a);
    return const_cast<DenseArray<T, N> &>(a).row_at(i...);
  }
  template <class T, std::size_t N> static void write_pending(const DenseArray<T, N> &a) noexcept {
#ifdef ORION_DISTRIBUTED
    if (a.pending_) [[unlikely]]
      a.write_pending();
#else
    (void)a;
#endif
  }
#ifdef ORION_DISTRIBUTED
  template <class T, std::size_t N>
  static std::unique_ptr<Shard> &shard(const DenseArray<T, N> &a) noexcept {
    return a.shard_;
  }
  template <class T, std::size_t N> static void whole(const DenseArray<T, N> &a) { a.whole(); }
  template <class T, std::size_t N>
  static std::unique_ptr<PendingFill> &pending(const DenseArray<T, N> &a) noexcept {
    return a.pending_;
  }
  template <class T, std::size_t N> static bool &pinned(const DenseArray<T, N> &a) noexcept {
    return a.pinned_;
  }
#endif
};

/// Gathers each array that a parallel loop left sharded, and each distributed SparseArray
/// (collective, as driver code is); nothing for whole arrays. orionc calls it before driver code
/// that only some ranks run.
template <class... A> void make_whole(const A &...arrays) {
#ifdef ORION_DISTRIBUTED
  const auto one = [](const auto &array) {
    if constexpr (requires { array.whole(); })
      array.whole(); // a SparseArray
    else
      DenseAccess::whole(array);
  };
  (one(arrays), ...);
#else
  ((void)arrays, ...);
#endif
}

/// Keeps arrays whole from now on: driver code keeps a pointer, reference, span or iterator into
/// them (orionc inserts the call before the statement that does), which a shard would leave
/// pointing at stale rows. Not collective: the ranks agree when a loop decides. Nothing in the
/// serial build.
template <class... A> void pin(const A &...arrays) {
#ifdef ORION_DISTRIBUTED
  ((DenseAccess::pinned(arrays) = true), ...);
#else
  ((void)arrays, ...);
#endif
}

} // namespace detail

/// Makes arrays that a parallel loop left sharded across the ranks whole again on every rank
/// (collective: every rank must call it; nothing for arrays that are whole, and nothing in the
/// serial build). Call it before driver code that only some ranks run and that reads them
/// (`if (!orion::is_root()) return; print(w);`): gathering is collective, and reading a sharded
/// array's elements gathers it.
template <class T, std::size_t N, class... More>
void gather(const DenseArray<T, N> &array, const More &...more) {
  detail::make_whole(array, more...);
}

} // namespace orion

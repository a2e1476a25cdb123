// Served arrays in a loop body (docs/runtime.md, "Served arrays"). orionc passes an array that
// the body reads with subscripts no schedule partitions as `served(A)`; when the runtime has
// sharded it across ranks (detail/shard.hpp), every element the body reaches is in this rank's
// rows, or in its cache (fetched in bulk before the block by the prefetch slice orionc
// synthesized), or is fetched from its owner on the spot (a miss). When the array is whole, a
// view is the array itself plus one test of a null pointer.
#pragma once

#include <orion/dense_array.hpp>
#include <orion/detail/shard.hpp>
#include <orion/error.hpp>

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>
#include <vector>

namespace orion::parallel {

/// What orionc passes for an array the body only reads, with subscripts the schedule does not
/// partition (role `served`): `served(A)`. A is `DenseArray<T, N>` or `const DenseArray<T, N>`.
template <class A> struct Served { A &array; };
template <class T, std::size_t N> Served<DenseArray<T, N>> served(DenseArray<T, N> &a) {
  return {a};
}
template <class T, std::size_t N> Served<const DenseArray<T, N>> served(const DenseArray<T, N> &a) {
  return {a};
}

namespace detail_ {

/// The body may read row `row` of the array: fetches it first when it is neither this rank's nor
/// cached (a miss). `shard` is null when the array is whole.
inline void need_row(orion::detail::Shard *shard, std::int64_t row) {
  if (shard != nullptr && !shard->ready(row)) [[unlikely]]
    orion::detail::served_miss(*shard, row);
}

template <class I, class... Rest> std::int64_t first_index(I i, Rest...) noexcept {
  return static_cast<std::int64_t>(i);
}

} // namespace detail_

/// A served array as one block's body sees it: the array's interface for reading.
template <class A> class ServedView {
  using Array = std::remove_const_t<A>;

public:
  using value_type = typename Array::value_type;
  using key_type = typename Array::key_type;
  static constexpr std::size_t dims = Array::dims;

  explicit ServedView(A &array)
      : array_(&array), data_(orion::detail::DenseAccess::data(array)), extents_(array.extents()),
        shard_(orion::detail::DenseAccess::shard(array).get()) {}

  // Indexed through the view's own copy of the storage pointer and extents, which do not change
  // during a block (fetched rows land in place), for the reason parallel.hpp's DenseView does.
  template <std::integral... I> const value_type &operator()(I... index) const {
    static_assert(sizeof...(I) == dims, "DenseArray<T, N>(...) takes exactly N indices");
    const value_type &element = orion::detail::RowMajor<dims>::element(data_, extents_, index...);
    detail_::need_row(shard_, detail_::first_index(index...));
    return element;
  }
  template <std::integral... I> std::span<const value_type> row(I... index) const {
    if constexpr (sizeof...(I) == 0) {
      // A 1-D array's only row is all of it: there is no reading that from one shard.
      return std::as_const(whole_array());
    } else {
      const std::span<value_type> r = orion::detail::RowMajor<dims>::row(data_, extents_, index...);
      detail_::need_row(shard_, detail_::first_index(index...));
      return r;
    }
  }
  std::int64_t extent(std::size_t d) const { return extents_[d]; }
  const key_type &extents() const noexcept { return extents_; }
  std::int64_t size() const noexcept { return array_->size(); }

  /// Code that reads the array as a whole (a helper taking `const DenseArray &`): the compiler
  /// keeps such an array whole (it never passes it as shardable), so this is the array itself.
  operator const Array &() const { return whole_array(); }

private:
  const Array &whole_array() const {
    if (shard_ != nullptr)
      throw Error("internal: served array '" + shard_->name +
                  "' is sharded across ranks but read as a whole in a loop body");
    return *array_;
  }

  A *array_;
  value_type *data_;
  key_type extents_;
  orion::detail::Shard *shard_;
};

/// What the prefetch slice of a block sees for a served array: each element or row it names is
/// recorded as a row to fetch before the block runs. Reads nothing.
template <class A> class PrefetchView {
  using Array = std::remove_const_t<A>;

public:
  using value_type = typename Array::value_type;
  using key_type = typename Array::key_type;
  static constexpr std::size_t dims = Array::dims;

  /// `rows` null: the array is whole this run, nothing to record.
  PrefetchView(const Array &array, std::vector<std::int64_t> *rows) : array_(&array), rows_(rows) {}

  template <std::integral... I> void operator()(I... index) const {
    static_assert(sizeof...(I) == dims, "DenseArray<T, N>(...) takes exactly N indices");
    if (rows_ != nullptr)
      rows_->push_back(detail_::first_index(index...));
  }
  template <std::integral... I> void row(I... index) const {
    static_assert(sizeof...(I) + 1 == dims, "DenseArray<T, N>::row takes exactly N - 1 indices");
    if constexpr (sizeof...(I) > 0)
      if (rows_ != nullptr)
        rows_->push_back(detail_::first_index(index...));
  }
  std::int64_t extent(std::size_t d) const { return array_->extent(d); }
  const key_type &extents() const noexcept { return array_->extents(); }
  std::int64_t size() const noexcept { return array_->size(); }

private:
  const Array *array_;
  std::vector<std::int64_t> *rows_;
};

/// The prefetch slice orionc synthesized for a loop: `prefetch([&](views..., key, value) {...})`.
template <class F> struct Prefetch { F slice; };
template <class F> Prefetch<F> prefetch(F slice) { return {std::move(slice)}; }

/// A loop without one (every served read of a sharded array is then a miss).
struct NoPrefetch {};

} // namespace orion::parallel

// orion::SparseArray: coordinate-format N-d arrays, the training data of a program.
#pragma once

#include <orion/detail/check.hpp>
#include <orion/detail/sparse_layout.hpp>
#include <orion/error.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace orion {

/// What iterating a SparseArray yields: references to a stored element's coordinates and value,
/// so `for (auto&& [key, value] : A)` binds without copying and `value` is writable.
template <class V, std::size_t N> struct SparseEntry {
  const std::array<std::int64_t, N> &key;
  V &value;
};

namespace detail {
/// Tag for constructing from data a loader has already validated.
struct trusted_t {
  explicit trusted_t() = default;
};
inline constexpr trusted_t trusted{};
} // namespace detail

/// Coordinate-format N-d array: keys and values in two contiguous vectors, in insertion (for
/// loaders: file) order. Iteration walks both with two pointers. Every key is inside the extents.
template <class T, std::size_t N> class SparseArray {
  static_assert(N >= 1, "SparseArray needs at least one dimension");
  static_assert(std::is_trivially_copyable_v<T>,
                "SparseArray values must be trivially copyable: they are moved as bytes");
  static_assert(
      !std::is_same_v<std::remove_cv_t<T>, bool>,
      "SparseArray<bool> is not supported (std::vector<bool> packs bits); use std::uint8_t");

public:
  using value_type = T;
  using key_type = std::array<std::int64_t, N>;
  static constexpr std::size_t dims = N;

  template <class V> class basic_iterator {
  public:
    using value_type = SparseEntry<V, N>;
    using reference = SparseEntry<V, N>;
    using difference_type = std::ptrdiff_t;
    using iterator_category = std::input_iterator_tag;
    using iterator_concept = std::forward_iterator_tag;

    basic_iterator() = default;
    basic_iterator(const key_type *key, V *value) : key_(key), value_(value) {}

    reference operator*() const { return {*key_, *value_}; }
    basic_iterator &operator++() {
      ++key_;
      ++value_;
      return *this;
    }
    basic_iterator operator++(int) {
      basic_iterator old = *this;
      ++*this;
      return old;
    }
    friend bool operator==(const basic_iterator &a, const basic_iterator &b) {
      return a.key_ == b.key_;
    }

  private:
    const key_type *key_ = nullptr;
    V *value_ = nullptr;
  };
  using iterator = basic_iterator<T>;
  using const_iterator = basic_iterator<const T>;

  /// Empty array with all extents 0.
  SparseArray() = default;
  /// Empty array of the given shape, to be filled with push_back; negative extents throw.
  explicit SparseArray(const key_type &extents) : extents_(extents) {
    detail::checked_volume("SparseArray", extents);
  }
  /// Takes ownership of parallel key/value vectors; every key must lie inside the extents.
  SparseArray(const key_type &extents, std::vector<key_type> keys, std::vector<T> values)
      : SparseArray(extents) {
    if (keys.size() != values.size())
      throw Error("SparseArray: " + std::to_string(keys.size()) + " keys but " +
                  std::to_string(values.size()) + " values");
    for (const key_type &key : keys)
      check_key(key);
    keys_ = std::move(keys);
    values_ = std::move(values);
  }
  /// For loaders, which validated every key while parsing.
  SparseArray(detail::trusted_t, const key_type &extents, std::vector<key_type> keys,
              std::vector<T> values)
      : extents_(extents), keys_(std::move(keys)), values_(std::move(values)) {}

  std::int64_t extent(std::size_t d) const { return extents_[d]; }
  const key_type &extents() const noexcept { return extents_; }
  /// Number of stored elements.
  std::int64_t nnz() const noexcept { return static_cast<std::int64_t>(keys_.size()); }
  bool empty() const noexcept { return keys_.empty(); }

  void reserve(std::int64_t n) {
    keys_.reserve(static_cast<std::size_t>(n));
    values_.reserve(static_cast<std::size_t>(n));
  }
  /// Appends an element; throws orion::Error if the key is outside the extents.
  void push_back(const key_type &key, const T &value) {
    check_key(key);
    keys_.push_back(key);
    values_.push_back(value);
  }

  std::span<const key_type> keys() const noexcept { return keys_; }
  std::span<T> values() noexcept { return values_; }
  std::span<const T> values() const noexcept { return values_; }
  const key_type &key(std::int64_t i) const { return keys_[static_cast<std::size_t>(i)]; }
  T &value(std::int64_t i) { return values_[static_cast<std::size_t>(i)]; }
  const T &value(std::int64_t i) const { return values_[static_cast<std::size_t>(i)]; }

  iterator begin() { return {keys_.data(), values_.data()}; }
  iterator end() { return {keys_.data() + keys_.size(), values_.data() + values_.size()}; }
  const_iterator begin() const { return {keys_.data(), values_.data()}; }
  const_iterator end() const {
    return {keys_.data() + keys_.size(), values_.data() + values_.size()};
  }

  /// For the parallel-loop executor, which sorts the elements into partition blocks.
  struct Storage {
    key_type *keys;
    T *values;
    detail::SparseLayout *layout;
  };
  Storage executor_storage() noexcept { return {keys_.data(), values_.data(), &layout_}; }

private:
  void check_key(const key_type &key) const {
    for (std::size_t d = 0; d < N; ++d)
      if (key[d] < 0 || key[d] >= extents_[d])
        detail::throw_index_error("SparseArray key", key.data(), N, extents_.data(), N);
  }

  key_type extents_{};
  std::vector<key_type> keys_;
  std::vector<T> values_;
  detail::SparseLayout layout_;
};

} // namespace orion

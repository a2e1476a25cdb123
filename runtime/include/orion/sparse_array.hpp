// orion::SparseArray: coordinate-format N-d arrays, the training data of a program.
#pragma once

#include <orion/detail/check.hpp>
#include <orion/detail/collective_call.hpp>
#include <orion/detail/comm.hpp>
#include <orion/detail/sparse_layout.hpp>
#include <orion/detail/sparse_shard.hpp>
#include <orion/detail/worker.hpp>
#include <orion/error.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <iterator>
#include <memory>
#include <mutex>
#include <numeric>
#include <span>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

namespace orion {

/// What iterating a SparseArray yields: references to a stored element's coordinates and value,
/// so `for (auto&& [key, value] : A)` binds without copying and `value` is writable.
template <class V, std::size_t N> struct SparseEntry {
  const std::array<std::int64_t, N> &key;
  V &value;
};

/// What iterating a SparseArray row yields: the element's last coordinate and a read-only
/// reference to its value, so `for (auto&& [f, v] : X.row(s))` binds without copying.
template <class V> struct SparseRowEntry {
  std::int64_t index;
  const V &value;
};

namespace detail {
/// Tag for constructing from data a loader has already validated.
struct trusted_t {
  explicit trusted_t() = default;
};
inline constexpr trusted_t trusted{};
/// Tag for constructing one rank's share of a distributed array (loaders on several ranks).
struct distributed_t {
  explicit distributed_t() = default;
};
inline constexpr distributed_t distributed{};

/// The elements of a SparseArray grouped by their leading N - 1 coordinates (a "row"), each row in
/// increasing order of the last coordinate (ties in storage order). Rows are numbered by their
/// row-major position when that numbering is small enough for a table (dense), else looked up by
/// hash (sparse). When the storage is in key order already (a loader's file sorted by row, as
/// LIBSVM files are), a row is a range of storage positions and the index keeps no per-element
/// table (`in_storage_order`): on SLR's 10M features that table was 160 MB on every rank.
template <std::size_t N> struct SparseRowIndex {
  using prefix_type = std::array<std::int64_t, N - 1>;
  struct PrefixHash {
    std::size_t operator()(const prefix_type &p) const noexcept {
      std::uint64_t h = 0x9e3779b97f4a7c15ULL;
      for (const std::int64_t x : p)
        h = (h ^ static_cast<std::uint64_t>(x)) * 0xff51afd7ed558ccdULL;
      return static_cast<std::size_t>(h ^ (h >> 32));
    }
  };
  /// Rows are ranges of storage positions: `element` and `last` are empty.
  bool in_storage_order = false;
  std::vector<std::int64_t> element; ///< storage index of each element, row by row
  std::vector<std::int64_t> last;    ///< its last coordinate
  bool dense = false;
  std::vector<std::int64_t> offsets; ///< dense: row r is [offsets[r], offsets[r + 1])
  std::unordered_map<prefix_type, std::pair<std::int64_t, std::int64_t>, PrefixHash> rows;

  /// Row-major number of a row among all the rows the extents allow.
  static std::int64_t flat(const std::array<std::int64_t, N> &extents, const std::int64_t *prefix) {
    std::int64_t r = 0;
    for (std::size_t d = 0; d + 1 < N; ++d)
      r = r * extents[d] + prefix[d];
    return r;
  }

  /// O(nnz + rows) with a table (a counting sort), O(nnz log nnz) by hash; sorting a row is
  /// skipped when it is sorted already, as rows loaded from files usually are.
  template <class Key>
  SparseRowIndex(const std::array<std::int64_t, N> &extents, std::span<const Key> keys) {
    const auto n = static_cast<std::int64_t>(keys.size());
    // A table when the rows the extents allow are not many more than the elements.
    const std::int64_t table_limit = 2 * n + 4096;
    std::int64_t volume = 1;
    dense = true;
    for (std::size_t d = 0; d + 1 < N && dense; ++d) {
      if (extents[d] != 0 && volume > table_limit / extents[d])
        dense = false;
      else
        volume *= extents[d];
    }
    // Lexicographic order of the keys is row order with each row by its last coordinate, ties
    // in storage order: the index would be the identity.
    in_storage_order = std::is_sorted(keys.begin(), keys.end());
    if (in_storage_order) {
      if (dense) {
        offsets.assign(static_cast<std::size_t>(volume) + 1, 0);
        for (const Key &k : keys)
          ++offsets[static_cast<std::size_t>(flat(extents, k.data())) + 1];
        std::partial_sum(offsets.begin(), offsets.end(), offsets.begin());
      } else {
        std::int64_t begin = 0;
        for (std::int64_t i = 1; i <= n; ++i) {
          const Key &kb = keys[static_cast<std::size_t>(begin)];
          if (i < n &&
              std::equal(kb.begin(), kb.end() - 1, keys[static_cast<std::size_t>(i)].begin()))
            continue;
          prefix_type p;
          std::copy(kb.begin(), kb.end() - 1, p.begin());
          rows.emplace(p, std::make_pair(begin, i));
          begin = i;
        }
      }
      return;
    }
    element.resize(keys.size());
    last.resize(keys.size());
    if (dense) {
      offsets.assign(static_cast<std::size_t>(volume) + 1, 0);
      for (const Key &k : keys)
        ++offsets[static_cast<std::size_t>(flat(extents, k.data())) + 1];
      std::partial_sum(offsets.begin(), offsets.end(), offsets.begin());
      std::vector<std::int64_t> next(offsets.begin(), offsets.end() - 1);
      for (std::int64_t i = 0; i < n; ++i)
        element[static_cast<std::size_t>(next[static_cast<std::size_t>(
            flat(extents, keys[static_cast<std::size_t>(i)].data()))]++)] = i;
      // Ties by storage index: the order std::stable_sort would give (which clang deprecates
      // with libstdc++ 12).
      auto by_last = [&](std::int64_t a, std::int64_t b) {
        const std::int64_t la = keys[static_cast<std::size_t>(a)][N - 1];
        const std::int64_t lb = keys[static_cast<std::size_t>(b)][N - 1];
        return la != lb ? la < lb : a < b;
      };
      for (std::size_t r = 0; r + 1 < offsets.size(); ++r) {
        const auto first = element.begin() + offsets[r], end = element.begin() + offsets[r + 1];
        if (!std::is_sorted(first, end, by_last))
          std::sort(first, end, by_last);
      }
    } else {
      std::iota(element.begin(), element.end(), std::int64_t{0});
      std::sort(element.begin(), element.end(), [&](std::int64_t a, std::int64_t b) {
        const Key &ka = keys[static_cast<std::size_t>(a)], &kb = keys[static_cast<std::size_t>(b)];
        return ka != kb ? ka < kb : a < b;
      });
      std::int64_t begin = 0;
      for (std::int64_t i = 1; i <= n; ++i) {
        const Key &kb = keys[static_cast<std::size_t>(element[static_cast<std::size_t>(begin)])];
        if (i < n &&
            std::equal(
                kb.begin(), kb.end() - 1,
                keys[static_cast<std::size_t>(element[static_cast<std::size_t>(i)])].begin()))
          continue;
        prefix_type p;
        std::copy(kb.begin(), kb.end() - 1, p.begin());
        rows.emplace(p, std::make_pair(begin, i));
        begin = i;
      }
    }
    for (std::size_t i = 0; i < element.size(); ++i)
      last[i] = keys[static_cast<std::size_t>(element[i])][N - 1];
  }

  /// [begin, end) of the row, empty if it has no elements.
  std::pair<std::int64_t, std::int64_t> find(const std::array<std::int64_t, N> &extents,
                                             const prefix_type &prefix) const {
    if (dense) {
      const auto r = static_cast<std::size_t>(flat(extents, prefix.data()));
      return {offsets[r], offsets[r + 1]};
    }
    const auto it = rows.find(prefix);
    return it == rows.end() ? std::pair<std::int64_t, std::int64_t>{0, 0} : it->second;
  }
};

/// A SparseRowIndex built on first use, under a mutex, so that worker threads may ask for rows
/// concurrently; afterwards a lookup is one atomic load. Copies start without an index (they
/// build their own when asked); moves take it along, since it refers to storage positions only.
template <std::size_t N> class RowIndexSlot {
public:
  RowIndexSlot() = default;
  RowIndexSlot(const RowIndexSlot &) noexcept {}
  RowIndexSlot(RowIndexSlot &&other) noexcept { take(other); }
  RowIndexSlot &operator=(const RowIndexSlot &other) noexcept {
    if (this != &other)
      invalidate();
    return *this;
  }
  RowIndexSlot &operator=(RowIndexSlot &&other) noexcept {
    if (this != &other)
      take(other);
    return *this;
  }

  /// Not concurrent with get(): the owner calls it when its storage changes (also the storage of
  /// a const array, which a parallel loop may reorder).
  void invalidate() const noexcept {
    ready_.store(nullptr, std::memory_order_relaxed);
    owned_.reset();
  }

  template <class Build> const SparseRowIndex<N> &get(Build &&build) const {
    if (const SparseRowIndex<N> *index = ready_.load(std::memory_order_acquire))
      return *index;
    std::lock_guard<std::mutex> lock(mutex_);
    if (const SparseRowIndex<N> *index = ready_.load(std::memory_order_relaxed))
      return *index;
    owned_ = std::make_unique<const SparseRowIndex<N>>(build());
    ready_.store(owned_.get(), std::memory_order_release);
    return *owned_;
  }

private:
  void take(RowIndexSlot &other) noexcept {
    owned_ = std::move(other.owned_);
    ready_.store(owned_.get(), std::memory_order_relaxed);
    other.ready_.store(nullptr, std::memory_order_relaxed);
  }

  mutable std::mutex mutex_;
  mutable std::atomic<const SparseRowIndex<N> *> ready_{nullptr};
  mutable std::unique_ptr<const SparseRowIndex<N>> owned_;
};
} // namespace detail

/// Coordinate-format N-d array: keys and values in two contiguous vectors, in insertion (for
/// loaders: file) order. Iteration walks both with two pointers. Every key is inside the extents.
/// A loader on several ranks returns it distributed: each rank holds a share of the elements, and
/// every accessor but nnz(), empty() and the extents gathers it whole first (collective).
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
  /// For loaders on several ranks: this rank's share of the elements (validated), in file order,
  /// `global_nnz` elements on all ranks together. On one rank the array is simply whole.
  /// `rows`: the share is whole rows in key order that no other rank holds (load_libsvm).
  SparseArray(detail::distributed_t, const key_type &extents, std::vector<key_type> keys,
              std::vector<T> values, std::int64_t global_nnz, detail::RowShare rows = {})
      : extents_(extents), keys_(std::move(keys)), values_(std::move(values)) {
    if (detail::comm_size() <= 1)
      return;
    shard_.reset(new detail::SparseShard);
    shard_->global_nnz = global_nnz;
    shard_->rows_whole = rows.whole;
    shard_->rows_lo = rows.lo;
    shard_->rows_hi = rows.hi;
    shard_->fetch_rows = [](void *self, std::int64_t lo, std::int64_t hi) {
      return static_cast<SparseArray *>(self)->fetch_rows(lo, hi);
    };
    shard_->drop_rows = [](void *self) { static_cast<SparseArray *>(self)->drop_rows(); };
    shard_->gather = [](void *self) { static_cast<SparseArray *>(self)->gather_whole(); };
    shard_->resize_keys = [](void *self, std::int64_t n) -> void * {
      auto &stored = static_cast<SparseArray *>(self)->keys_;
      if (n >= 0) // else: the storage as it is
        stored.resize(static_cast<std::size_t>(n));
      return stored.data();
    };
    shard_->resize_values = [](void *self, std::int64_t n) -> void * {
      auto &stored = static_cast<SparseArray *>(self)->values_;
      if (n >= 0)
        stored.resize(static_cast<std::size_t>(n));
      return stored.data();
    };
    relink();
    detail::register_shard(shard_.get());
  }

  /// A copy is always whole: copying a distributed array gathers it first (collective).
  SparseArray(const SparseArray &other) : extents_(other.extents_) {
    other.whole();
    keys_ = other.keys_;
    values_ = other.values_;
    layout_ = other.layout_;
  }
  SparseArray(SparseArray &&other) noexcept
      : extents_(other.extents_), keys_(std::move(other.keys_)), values_(std::move(other.values_)),
        layout_(std::move(other.layout_)), rows_(std::move(other.rows_)),
        fetched_keys_(std::move(other.fetched_keys_)),
        fetched_values_(std::move(other.fetched_values_)), shard_(std::move(other.shard_)) {
    relink();
  }
  SparseArray &operator=(const SparseArray &other) {
    if (this != &other)
      *this = SparseArray(other);
    return *this;
  }
  SparseArray &operator=(SparseArray &&other) noexcept {
    if (this != &other) {
      extents_ = other.extents_;
      keys_ = std::move(other.keys_);
      values_ = std::move(other.values_);
      layout_ = std::move(other.layout_);
      rows_ = std::move(other.rows_);
      fetched_keys_ = std::move(other.fetched_keys_);
      fetched_values_ = std::move(other.fetched_values_);
      shard_ = std::move(other.shard_);
      relink();
    }
    return *this;
  }
  ~SparseArray() = default;

  std::int64_t extent(std::size_t d) const { return extents_[d]; }
  const key_type &extents() const noexcept { return extents_; }
  /// Number of stored elements (on all ranks together when the array is distributed).
  std::int64_t nnz() const noexcept {
    return shard_ ? shard_->global_nnz : static_cast<std::int64_t>(keys_.size());
  }
  bool empty() const noexcept { return nnz() == 0; }
  /// Whether this rank holds only its share of the elements (docs/runtime.md, "Distributed
  /// sparse data"). Every other accessor but nnz(), empty() and the extents first gathers the
  /// array whole on every rank: collective, like all driver code.
  bool distributed() const noexcept { return shard_ != nullptr; }
  /// Gathers a distributed array whole on every rank (collective); nothing when it is whole.
  void whole() const {
    if (shard_) {
      detail::require_session_thread("an orion::SparseArray distributed across ranks");
      gather_whole();
    }
  }

  void reserve(std::int64_t n) {
    whole();
    keys_.reserve(static_cast<std::size_t>(n));
    values_.reserve(static_cast<std::size_t>(n));
  }
  /// Appends an element; throws orion::Error if the key is outside the extents.
  void push_back(const key_type &key, const T &value) {
    whole();
    check_key(key);
    rows_.invalidate();
    keys_.push_back(key);
    values_.push_back(value);
    layout_.appended(key.data(), N, static_cast<std::int64_t>(keys_.size()) - 1);
  }

  /// This rank's share of the elements, without gathering: the whole array when it is not
  /// distributed. For loaders and checkpoints; the order is unspecified after a parallel loop.
  std::span<const key_type> local_keys() const noexcept { return keys_; }
  std::span<const T> local_values() const noexcept { return values_; }

  std::span<const key_type> keys() const {
    whole();
    return keys_;
  }
  std::span<T> values() {
    whole();
    return values_;
  }
  std::span<const T> values() const {
    whole();
    return values_;
  }
  const key_type &key(std::int64_t i) const {
    whole();
    return keys_[static_cast<std::size_t>(i)];
  }
  T &value(std::int64_t i) {
    whole();
    return values_[static_cast<std::size_t>(i)];
  }
  const T &value(std::int64_t i) const {
    whole();
    return values_[static_cast<std::size_t>(i)];
  }

  iterator begin() {
    whole();
    return {keys_.data(), values_.data()};
  }
  iterator end() {
    whole();
    return {keys_.data() + keys_.size(), values_.data() + values_.size()};
  }
  const_iterator begin() const {
    whole();
    return {keys_.data(), values_.data()};
  }
  const_iterator end() const {
    whole();
    return {keys_.data() + keys_.size(), values_.data() + values_.size()};
  }

  /// The elements of one row, in increasing order of the last coordinate: a range of
  /// SparseRowEntry<T>. Valid until the array changes (push_back, or a parallel loop over it).
  class row_view {
  public:
    /// Walks either the row index's tables (`element`, `last`) or, when the storage is in key
    /// order, the storage itself (`key`, `value`): exactly one of `element` and `key` is set.
    class iterator {
    public:
      using value_type = SparseRowEntry<T>;
      using reference = SparseRowEntry<T>;
      using difference_type = std::ptrdiff_t;
      using iterator_category = std::input_iterator_tag;
      using iterator_concept = std::forward_iterator_tag;

      iterator() = default;
      iterator(const std::int64_t *element, const std::int64_t *last, const key_type *key,
               const T *values)
          : element_(element), last_(last), key_(key), values_(values) {}
      reference operator*() const {
        return element_ ? reference{*last_, values_[*element_]}
                        : reference{(*key_)[N - 1], *values_};
      }
      iterator &operator++() {
        if (element_) {
          ++element_;
          ++last_;
        } else {
          ++key_;
          ++values_;
        }
        return *this;
      }
      iterator operator++(int) {
        iterator old = *this;
        ++*this;
        return old;
      }
      friend bool operator==(const iterator &a, const iterator &b) {
        return a.element_ == b.element_ && a.key_ == b.key_;
      }

    private:
      const std::int64_t *element_ = nullptr;
      const std::int64_t *last_ = nullptr;
      const key_type *key_ = nullptr;
      const T *values_ = nullptr; ///< the array's values, or the current one (storage order)
    };

    row_view() = default;
    row_view(const std::int64_t *element, const std::int64_t *last, std::int64_t size,
             const T *values)
        : element_(element), last_(last), size_(size), values_(values) {}
    /// A row stored as the range [begin, begin + size) of the storage.
    row_view(const key_type *keys, std::int64_t begin, std::int64_t size, const T *values)
        : keys_(keys + begin), first_(begin), size_(size), values_(values + begin) {}
    iterator begin() const {
      return element_ ? iterator{element_, last_, nullptr, values_}
                      : iterator{nullptr, nullptr, keys_, values_};
    }
    iterator end() const {
      return element_ ? iterator{element_ + size_, last_ + size_, nullptr, values_}
                      : iterator{nullptr, nullptr, keys_ + size_, values_ + size_};
    }
    std::int64_t size() const noexcept { return size_; }
    bool empty() const noexcept { return size_ == 0; }
    /// Storage index of the row's i-th element (for key(), value()).
    std::int64_t element(std::int64_t i) const { return element_ ? element_[i] : first_ + i; }

  private:
    const std::int64_t *element_ = nullptr;
    const std::int64_t *last_ = nullptr;
    const key_type *keys_ = nullptr;
    std::int64_t first_ = 0;
    std::int64_t size_ = 0;
    const T *values_ = nullptr;
  };

  /// The row of the elements whose leading N - 1 coordinates are `index` (for a matrix: row(i)
  /// yields (column, value) of row i). Throws orion::Error for an index outside the extents.
  /// Safe to call from several threads at once. The first call after the array changed builds a
  /// row index (O(nnz + rows), under a mutex: 16 bytes per element, none when the elements are
  /// stored in key order, as a loader leaves a file sorted by row); later calls are O(1) plus
  /// the row's length. push_back and a parallel loop over this array (which may reorder its
  /// storage) drop the index. Inside a parallel loop that reads a distributed array's rows where
  /// they are (docs/runtime.md, "Rows a loop reads at its own index"), a row another rank holds
  /// is a copy fetched for the loop: its view is valid until the loop ends.
  template <std::integral... I>
  requires(N >= 2 && sizeof...(I) == N - 1) row_view row(I... index)
  const {
    const std::array<std::int64_t, N - 1> prefix{static_cast<std::int64_t>(index)...};
    for (std::size_t d = 0; d + 1 < N; ++d)
      if (prefix[d] < 0 || prefix[d] >= extents_[d])
        detail::throw_index_error("SparseArray row", prefix.data(), N - 1, extents_.data(), N);
    if (shard_ && shard_->row_reads) {
      // A loop reads the rows its rank runs where they are: its own, or fetched for the loop.
      if (prefix[0] < shard_->read_lo || prefix[0] >= shard_->read_hi)
        throw Error("a parallel loop read row " + std::to_string(prefix[0]) +
                    " of a distributed SparseArray on a rank that holds rows [" +
                    std::to_string(shard_->read_lo) + ", " + std::to_string(shard_->read_hi) +
                    ") for it: orionc found the body reading only the rows of its own "
                    "iterations (internal error)");
      if (prefix[0] < shard_->rows_lo || prefix[0] >= shard_->rows_hi)
        return fetched_row(prefix);
    } else {
      whole();
    }
    const detail::SparseRowIndex<N> &rows = rows_.get(
        [&] { return detail::SparseRowIndex<N>(extents_, std::span<const key_type>(keys_)); });
    const auto [begin, end] = rows.find(extents_, prefix);
    if (rows.in_storage_order)
      return row_view(keys_.data(), begin, end - begin, values_.data());
    return row_view(rows.element.data() + begin, rows.last.data() + begin, end - begin,
                    values_.data());
  }

  /// For the parallel-loop executor, which sorts the elements into partition blocks and, when
  /// the array is distributed, moves them to the ranks that run them (through `shard`).
  struct Storage {
    key_type *keys;
    T *values;
    std::int64_t count; ///< elements on this rank
    detail::SparseLayout *layout;
    detail::SparseShard *shard; ///< null when the array is whole
  };
  /// For the executor: the shard of a distributed array (null when it is whole), without
  /// dropping the row index as executor_storage does.
  detail::SparseShard *executor_shard() const noexcept { return shard_.get(); }
  /// Drops the row index: the executor may reorder the storage it returns, and move a distributed
  /// array's elements between ranks (the storage members are mutable for that). A const array
  /// too: neither changes an element or the count (the order of the elements is unspecified after
  /// a parallel loop over the array, as documented for the class).
  Storage executor_storage() const noexcept {
    rows_.invalidate();
    return {keys_.data(), values_.data(), static_cast<std::int64_t>(keys_.size()), &layout_,
            shard_.get()};
  }

private:
  void relink() noexcept {
    if (shard_)
      shard_->array = this;
  }

  /// Collective: every rank's share in rank order (file order while nothing moved the elements,
  /// as a whole load would have them). Not from inside a loop body: the other ranks are not here.
  void gather_whole() const {
    if (detail::in_worker())
      throw Error("a distributed SparseArray (" + std::to_string(shard_->global_nnz) +
                  " elements, each rank holding its share) was read inside a parallel loop "
                  "body, where it cannot be gathered from the other ranks: orionc did not see "
                  "the body read it (through a helper function or a pointer?); read it in "
                  "the loop's own body, or call .whole() on it before the loop");
    detail::enter_collective({detail::CollectiveKind::GatherArray, 0});
    std::int64_t permuted = layout_.permuted ? 1 : 0;
    permuted = detail::comm_allreduce_max(permuted);
    keys_ = detail::allgather_vector(keys_);
    values_ = detail::allgather_vector(values_);
    // Whether the serial order was key order survives (the placement found it out on every rank,
    // or nobody did): an ordered loop restores that order from it.
    layout_ = layout_.serial_order_only(permuted != 0);
    rows_.invalidate();
    std::vector<key_type>().swap(fetched_keys_);
    std::vector<T>().swap(fetched_values_);
    const detail::RuntimeState &st = detail::state();
    if (st.options.verbose && st.rank == 0)
      std::fprintf(stderr,
                   "orion: gathered a distributed SparseArray of %zu elements whole on every rank "
                   "(%.1f MB each)\n",
                   keys_.size(),
                   static_cast<double>(keys_.size() * (sizeof(key_type) + sizeof(T))) / 1e6);
    shard_.reset();
  }

  /// Collective (driver side of a loop, every rank): receives the elements of rows [lo, hi) that
  /// other ranks hold, and lets row() read [lo, hi) where it is; returns the bytes it sent. Needs
  /// shard_->rows_whole: each rank's share is whole rows [rows_lo, rows_hi) in key order, so a row
  /// comes from one rank, in its stored order, and the ranks' shares follow each other in rank
  /// order.
  std::int64_t fetch_rows(std::int64_t lo, std::int64_t hi) const {
    const int ranks = detail::comm_size(), me = detail::comm_rank();
    const std::vector<std::int64_t> los = detail::comm_allgather(lo);
    const std::vector<std::int64_t> his = detail::comm_allgather(hi);
    const auto first_of_row = [&](std::int64_t row) {
      return static_cast<std::int64_t>(
          std::lower_bound(keys_.begin(), keys_.end(), row,
                           [](const key_type &k, std::int64_t r) { return k[0] < r; }) -
          keys_.begin());
    };
    std::vector<std::int64_t> first(static_cast<std::size_t>(ranks), 0);
    std::vector<std::int64_t> count(static_cast<std::size_t>(ranks), 0);
    std::int64_t sending = 0;
    for (int q = 0; q < ranks; ++q) {
      const auto i = static_cast<std::size_t>(q);
      const std::int64_t a = std::max(los[i], shard_->rows_lo);
      const std::int64_t b = std::min(his[i], shard_->rows_hi);
      if (q == me || a >= b)
        continue;
      first[i] = first_of_row(a);
      count[i] = first_of_row(b) - first[i];
      sending += count[i];
    }
    const std::vector<std::int64_t> incoming = detail::comm_alltoall(count);
    std::int64_t receiving = 0;
    for (std::int64_t n : incoming)
      receiving += n;
    std::vector<key_type> out_keys;
    std::vector<T> out_values;
    out_keys.reserve(static_cast<std::size_t>(sending));
    out_values.reserve(static_cast<std::size_t>(sending));
    for (std::size_t q = 0; q < first.size(); ++q) {
      out_keys.insert(out_keys.end(), keys_.begin() + first[q],
                      keys_.begin() + first[q] + count[q]);
      out_values.insert(out_values.end(), values_.begin() + first[q],
                        values_.begin() + first[q] + count[q]);
    }
    fetched_keys_.assign(static_cast<std::size_t>(receiving), key_type{});
    fetched_values_.assign(static_cast<std::size_t>(receiving), T{});
    detail::comm_alltoallv(out_keys.data(), count, fetched_keys_.data(), incoming);
    detail::comm_alltoallv(out_values.data(), count, fetched_values_.data(), incoming);
    shard_->row_reads = true;
    shard_->read_lo = lo;
    shard_->read_hi = hi;
    return sending * static_cast<std::int64_t>(sizeof(key_type) + sizeof(T));
  }
  void drop_rows() const {
    std::vector<key_type>().swap(fetched_keys_);
    std::vector<T>().swap(fetched_values_);
    shard_->row_reads = false;
  }
  /// A row another rank holds, fetched for the running loop (sorted by key, as fetch_rows left
  /// them); empty when no rank holds an element of it.
  row_view fetched_row(const std::array<std::int64_t, N - 1> &prefix) const {
    const auto less = [](const key_type &k, const std::array<std::int64_t, N - 1> &p) {
      return std::lexicographical_compare(k.begin(), k.begin() + (N - 1), p.begin(), p.end());
    };
    const auto greater = [](const std::array<std::int64_t, N - 1> &p, const key_type &k) {
      return std::lexicographical_compare(p.begin(), p.end(), k.begin(), k.begin() + (N - 1));
    };
    const auto begin = std::lower_bound(fetched_keys_.begin(), fetched_keys_.end(), prefix, less);
    const auto end = std::upper_bound(begin, fetched_keys_.end(), prefix, greater);
    return row_view(fetched_keys_.data(), begin - fetched_keys_.begin(), end - begin,
                    fetched_values_.data());
  }

  void check_key(const key_type &key) const {
    for (std::size_t d = 0; d < N; ++d)
      if (key[d] < 0 || key[d] >= extents_[d])
        detail::throw_index_error("SparseArray key", key.data(), N, extents_.data(), N);
  }

  key_type extents_{};
  // Mutable: gathering a distributed array whole changes its storage, not its value.
  mutable std::vector<key_type> keys_;
  mutable std::vector<T> values_;
  // Both follow the storage order, which a parallel loop may change on a const array.
  mutable detail::SparseLayout layout_;
  mutable detail::RowIndexSlot<N> rows_;
  // The rows other ranks hold that a running loop reads (fetch_rows), sorted by key.
  mutable std::vector<key_type> fetched_keys_;
  mutable std::vector<T> fetched_values_;
  mutable detail::ShardPtr shard_;
};

} // namespace orion

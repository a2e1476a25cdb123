// The element storage of a DenseArray: a fixed-size, deep-copying array of trivially copyable
// elements whose memory comes from calloc. A zero-initialized array touches none of its pages, so
// the kernel backs only what is written: a rank that holds a shard of a large array pays for its
// own rows and the rows it caches, not for the whole extent (detail/shard.hpp).
#pragma once

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <new>
#include <type_traits>
#include <utility>

namespace orion::detail {

/// `n` zeroed elements (all bytes 0) from calloc; copying copies every element.
template <class T> class ZeroedStorage {
  static_assert(std::is_trivially_copyable_v<T>);

public:
  ZeroedStorage() = default;
  explicit ZeroedStorage(std::size_t n) : data_(allocate(n)), size_(n) {}
  ZeroedStorage(const ZeroedStorage &o) : ZeroedStorage(o.size_) {
    if (size_ > 0)
      std::memcpy(static_cast<void *>(data_), o.data_, size_ * sizeof(T));
  }
  ZeroedStorage(ZeroedStorage &&o) noexcept
      : data_(std::exchange(o.data_, nullptr)), size_(std::exchange(o.size_, 0)) {}
  ZeroedStorage &operator=(ZeroedStorage o) noexcept {
    std::swap(data_, o.data_);
    std::swap(size_, o.size_);
    return *this;
  }
  ~ZeroedStorage() { std::free(data_); }

  T *data() noexcept { return data_; }
  const T *data() const noexcept { return data_; }
  std::size_t size() const noexcept { return size_; }
  T &operator[](std::size_t i) noexcept { return data_[i]; }
  const T &operator[](std::size_t i) const noexcept { return data_[i]; }
  T *begin() noexcept { return data_; }
  T *end() noexcept { return data_ + size_; }

private:
  static T *allocate(std::size_t n) {
    if (n == 0)
      return nullptr;
    // calloc does not write fresh pages (they come zeroed from the kernel).
    void *p = std::calloc(n, sizeof(T));
    if (p == nullptr)
      throw std::bad_alloc();
    return static_cast<T *>(p);
  }

  T *data_ = nullptr;
  std::size_t size_ = 0;
};

/// Whether every byte of `value` is zero: the value calloc already gave.
template <class T> bool all_zero_bytes(const T &value) noexcept {
  const auto *p = reinterpret_cast<const unsigned char *>(&value);
  for (std::size_t i = 0; i < sizeof(T); ++i)
    if (p[i] != 0)
      return false;
  return true;
}

} // namespace orion::detail

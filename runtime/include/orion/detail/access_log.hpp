// What one partition execution touched: the elements of every dense array it accessed, with the
// value each had before the partition first touched it. Comparing those values with the values
// after the partition gives its write set exactly, which serves two purposes: --orion-check
// (conflicts between partitions that ran concurrently) and keeping the ranks' copies of arrays
// that are written with subscripts the schedule does not partition (the writes are shipped).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

namespace orion::detail {

class AccessLog {
public:
  struct Entry {
    int arg;
    std::int64_t offset; ///< element offset in the array
    std::size_t old_at;  ///< where the element's bytes before the access start in old_bytes
  };

  void record(int arg, std::int64_t offset, const void *element, std::size_t size) {
    entries_.push_back({arg, offset, old_bytes_.size()});
    const auto *p = static_cast<const unsigned char *>(element);
    old_bytes_.insert(old_bytes_.end(), p, p + size);
  }
  /// `count` consecutive elements starting at `offset`.
  void record_range(int arg, std::int64_t offset, std::int64_t count, const void *first,
                    std::size_t size) {
    const auto *p = static_cast<const unsigned char *>(first);
    for (std::int64_t i = 0; i < count; ++i)
      record(arg, offset + i, p + static_cast<std::size_t>(i) * size, size);
  }
  void clear() {
    entries_.clear();
    old_bytes_.clear();
  }
  const std::vector<Entry> &entries() const noexcept { return entries_; }
  const unsigned char *old_value(const Entry &e) const { return old_bytes_.data() + e.old_at; }

private:
  std::vector<Entry> entries_;
  std::vector<unsigned char> old_bytes_;
};

} // namespace orion::detail

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

  /// Only an element's first access in the block is logged: it holds the value from before the
  /// block, and a bit per element makes every later access a test. A stencil reads each element
  /// ~10 times; logging every access made the log (and sorting it) cost ~100x the loop.
  void record(int arg, std::int64_t offset, const void *element, std::size_t size) {
    const auto a = static_cast<std::size_t>(arg);
    if (a >= seen_.size())
      seen_.resize(a + 1);
    std::vector<std::uint64_t> &bits = seen_[a];
    const auto word = static_cast<std::size_t>(offset) >> 6;
    const std::uint64_t mask = std::uint64_t{1} << (static_cast<std::uint64_t>(offset) & 63);
    if (word >= bits.size())
      bits.resize(word + 1, 0);
    if (bits[word] & mask)
      return;
    bits[word] |= mask;
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
    for (const Entry &e : entries_)
      seen_[static_cast<std::size_t>(e.arg)][static_cast<std::size_t>(e.offset) >> 6] = 0;
    entries_.clear();
    old_bytes_.clear();
  }
  /// One entry per element accessed, in order of first access.
  const std::vector<Entry> &entries() const noexcept { return entries_; }
  const unsigned char *old_value(const Entry &e) const { return old_bytes_.data() + e.old_at; }

private:
  std::vector<Entry> entries_;
  std::vector<unsigned char> old_bytes_;
  std::vector<std::vector<std::uint64_t>> seen_; ///< per array, a bit per element offset
};

} // namespace orion::detail

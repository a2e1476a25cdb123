// Whole-file I/O on POSIX descriptors and the checksum of what is written, shared by the binary
// cache of loads and by checkpoints: short reads and writes and EINTR are handled once, here.
#pragma once

#include <cerrno>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include <sys/types.h>
#include <unistd.h>

namespace orion::detail {

/// Nanoseconds since the epoch.
inline std::int64_t wall_clock_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

/// A fast streaming 64-bit hash: four independent multiply-xorshift lanes over 32-byte blocks keep
/// it far above disk speed. It detects corruption; it is not meant to resist forgery. The value
/// depends only on the bytes fed, not on how they were split into update() calls.
class Checksum {
public:
  void update(const void *data, std::size_t size) noexcept {
    if (size == 0) // an empty vector's data() may be null, which memcpy must not see
      return;
    const auto *p = static_cast<const unsigned char *>(data);
    total_ += size;
    if (pending_ > 0) {
      const std::size_t take = size < kBlock - pending_ ? size : kBlock - pending_;
      std::memcpy(block_ + pending_, p, take);
      pending_ += take;
      p += take;
      size -= take;
      if (pending_ < kBlock)
        return;
      absorb(block_);
      pending_ = 0;
    }
    for (; size >= kBlock; size -= kBlock, p += kBlock)
      absorb(p);
    std::memcpy(block_, p, size);
    pending_ = size;
  }

  std::uint64_t value() const noexcept {
    std::uint64_t lane[4] = {lane_[0], lane_[1], lane_[2], lane_[3]};
    for (std::size_t at = 0; at < pending_; at += 8) {
      std::uint64_t w = 0;
      std::memcpy(&w, block_ + at, pending_ - at < 8 ? pending_ - at : 8);
      lane[0] = mix(lane[0], w);
    }
    std::uint64_t h = mix(0, total_);
    for (std::uint64_t l : lane)
      h = mix(h, l);
    return h;
  }

private:
  static constexpr std::size_t kBlock = 32;

  static std::uint64_t mix(std::uint64_t h, std::uint64_t w) noexcept {
    h = (h ^ w) * 0x9E3779B97F4A7C15ULL;
    return h ^ (h >> 29);
  }
  void absorb(const unsigned char *p) noexcept {
    for (int i = 0; i < 4; ++i) {
      std::uint64_t w;
      std::memcpy(&w, p + 8 * i, 8);
      lane_[i] = mix(lane_[i], w);
    }
  }

  std::uint64_t lane_[4] = {0x243F6A8885A308D3ULL, 0x13198A2E03707344ULL, 0xA4093822299F31D0ULL,
                            0x082EFA98EC4E6C89ULL};
  std::uint64_t total_ = 0;
  unsigned char block_[kBlock] = {};
  std::size_t pending_ = 0;
};

/// Closes a POSIX file descriptor at scope exit.
class FdCloser {
public:
  explicit FdCloser(int fd) noexcept : fd_(fd) {}
  ~FdCloser() {
    if (fd_ >= 0)
      ::close(fd_);
  }
  FdCloser(const FdCloser &) = delete;
  FdCloser &operator=(const FdCloser &) = delete;
  /// Closes now, reporting what close() reports (network file systems report write errors here).
  int close() noexcept {
    const int rc = ::close(fd_);
    fd_ = -1;
    return rc == 0 ? 0 : errno;
  }

private:
  int fd_;
};

/// Moves all `size` bytes with io = ::read or ::write, which may move fewer at a time or be
/// interrupted by a signal: 0 on success, an errno value, or -1 when nothing more moves (the end of
/// the file, for a read).
template <class Io, class Byte> int transfer_fully(Io io, int fd, Byte *p, std::size_t size) {
  while (size > 0) {
    const ssize_t moved = io(fd, p, size);
    if (moved < 0 && errno == EINTR)
      continue;
    if (moved < 0)
      return errno;
    if (moved == 0)
      return -1;
    p += moved;
    size -= static_cast<std::size_t>(moved);
  }
  return 0;
}

/// Reads exactly `size` bytes: 0 on success, an errno value, or -1 at a premature end of file.
inline int read_fully(int fd, void *data, std::size_t size) noexcept {
  return transfer_fully(::read, fd, static_cast<char *>(data), size);
}

/// Writes all `size` bytes: 0 on success or an errno value.
inline int write_fully(int fd, const void *data, std::size_t size) noexcept {
  const int err = transfer_fully(::write, fd, static_cast<const char *>(data), size);
  return err < 0 ? EIO : err;
}

} // namespace orion::detail

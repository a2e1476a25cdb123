// Reads the lines of one part of a text file. Part r of P covers the bytes
// [size*r/P, size*(r+1)/P) and owns exactly the lines that *start* in that range, so the parts
// partition the file's lines whatever the line lengths, and a rank reads little beyond its range.
// Shared by both backends: the serial backend is part 0 of 1.
//
// Only regular files are read: each part needs to read its own byte range, which a pipe, a FIFO or
// a device cannot give, and opening a FIFO would wait for a writer. The path is examined with
// stat() before it is opened, and opened non-blocking in case it became something else meanwhile.
// The stamp of the open file (<orion/detail/file_identity.hpp>) is recorded at the open; reads
// stop at the size it records, a read that ends before it means the file shrank (an error), and
// check_unchanged() compares the stamps at the end.
#pragma once

#include <orion/detail/file_identity.hpp>
#include <orion/error.hpp>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

namespace orion::detail {

class FileRange {
public:
  /// Throws LoadError naming the path: it cannot be opened (and why), or it is not a regular file.
  FileRange(const std::string &path, int part, int parts) : path_(path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0)
      fail("cannot open");
    if (!S_ISREG(st.st_mode))
      not_regular(st.st_mode);
    do
      fd_.fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    while (fd_.fd < 0 && errno == EINTR);
    if (fd_.fd < 0)
      fail("cannot open");
    if (::fstat(fd_.fd, &st) != 0)
      fail("cannot read");
    if (!S_ISREG(st.st_mode))
      not_regular(st.st_mode);
    stamp_ = stamp_from(st);
    size_ = stamp_.size;
    // size * k / parts, exactly, without overflowing for any file size.
    auto bound = [&](std::int64_t k) { return size_ / parts * k + size_ % parts * k / parts; };
    lo_ = bound(part);
    hi_ = bound(part + 1);
  }
  FileRange(const FileRange &) = delete;
  FileRange &operator=(const FileRange &) = delete;

  /// The stamp of the file when it was opened.
  const SourceStamp &stamp() const noexcept { return stamp_; }
  std::int64_t file_size() const noexcept { return size_; }
  /// Bytes of the file this part is responsible for (its lines may end a little beyond).
  std::int64_t range_size() const noexcept { return hi_ - lo_; }
  std::int64_t bytes_read() const noexcept { return bytes_read_; }

  /// Calls f(std::string_view line) for each owned line in file order, without its '\n';
  /// f returns false to stop early. A last line without a trailing newline is still a line.
  /// Throws LoadError if a read fails or finds the file shorter than it was when opened.
  template <class F> void for_each_line(F &&f) {
    if (lo_ >= hi_)
      return;
    buffer_.resize(kBlock);
    std::int64_t base = lo_ > 0 ? lo_ - 1 : 0; // file offset of buffer_[0]
    std::size_t have = 0;
    bool eof = false;
    auto fill = [&] {
      if (have == buffer_.size())
        buffer_.resize(buffer_.size() * 2); // a line longer than the buffer
      const std::size_t n = read_at(base + static_cast<std::int64_t>(have), buffer_.data() + have,
                                    buffer_.size() - have);
      eof = n == 0;
      have += n;
    };

    if (lo_ > 0) {
      // The line through byte lo-1 belongs to a lower part unless byte lo-1 ends it; skip
      // through the first '\n' at or after lo-1.
      for (;;) {
        fill();
        if (const void *nl = std::memchr(buffer_.data(), '\n', have)) {
          const std::size_t skip = static_cast<const char *>(nl) - buffer_.data() + 1;
          std::memmove(buffer_.data(), buffer_.data() + skip, have - skip);
          have -= skip;
          base += static_cast<std::int64_t>(skip);
          break;
        }
        if (eof)
          return;
        base += static_cast<std::int64_t>(have);
        have = 0;
      }
    }

    std::size_t pos = 0;
    for (;;) {
      for (;;) {
        if (base + static_cast<std::int64_t>(pos) >= hi_)
          return; // this line starts in the next part
        const void *nl = std::memchr(buffer_.data() + pos, '\n', have - pos);
        if (nl == nullptr)
          break;
        const std::size_t end = static_cast<const char *>(nl) - buffer_.data();
        if (!f(std::string_view(buffer_.data() + pos, end - pos)))
          return;
        pos = end + 1;
      }
      if (eof) {
        if (pos < have)
          f(std::string_view(buffer_.data() + pos, have - pos));
        return;
      }
      std::memmove(buffer_.data(), buffer_.data() + pos, have - pos);
      base += static_cast<std::int64_t>(pos);
      have -= pos;
      pos = 0;
      fill();
    }
  }

  /// Throws LoadError if the file changed since it was opened (see change_during_load).
  void check_unchanged() const {
    struct stat st {};
    std::optional<SourceStamp> open_after, path_after;
    if (::fstat(fd_.fd, &st) == 0)
      open_after = stamp_from(st);
    path_after = stamp_of(path_);
    if (auto why = change_during_load(path_, stamp_, open_after, path_after))
      throw LoadError(*why);
  }

private:
  static constexpr std::size_t kBlock = std::size_t{1} << 20;

  /// Reads up to n bytes at `offset`, but nothing at or beyond the size the file had when it was
  /// opened: bytes appended since belong to no version of the file the load can return. Returns
  /// 0 only at that size.
  std::size_t read_at(std::int64_t offset, char *dst, std::size_t n) {
    const std::int64_t left = size_ - offset;
    if (left <= 0)
      return 0;
    if (static_cast<std::uint64_t>(left) < n)
      n = static_cast<std::size_t>(left);
    std::size_t got = 0;
    while (got < n) {
      const ssize_t r =
          ::pread(fd_.fd, dst + got, n - got, static_cast<off_t>(offset) + static_cast<off_t>(got));
      if (r < 0 && errno == EINTR)
        continue;
      if (r < 0)
        fail("cannot read");
      if (r == 0)
        throw LoadError(changed_while_loading(
            path_, "it ended at byte " + std::to_string(offset + static_cast<std::int64_t>(got)) +
                       ", but had " + std::to_string(size_) + " bytes when the load began"));
      got += static_cast<std::size_t>(r);
    }
    bytes_read_ += static_cast<std::int64_t>(got);
    return got;
  }

  [[noreturn]] void fail(const char *what) const {
    const int err = errno;
    throw LoadError(std::string(what) + " '" + path_ + "': " + std::strerror(err));
  }

  [[noreturn]] void not_regular(mode_t mode) const {
    throw LoadError("cannot load '" + path_ + "': it is " + file_kind(mode) +
                    "; only regular files can be loaded");
  }

  /// Closed by its destructor, also when the constructor throws.
  struct Fd {
    int fd = -1;
    Fd() = default;
    Fd(const Fd &) = delete;
    Fd &operator=(const Fd &) = delete;
    ~Fd() {
      if (fd >= 0)
        ::close(fd);
    }
  };

  std::string path_;
  Fd fd_;
  SourceStamp stamp_;
  std::int64_t size_ = 0, lo_ = 0, hi_ = 0, bytes_read_ = 0;
  std::vector<char> buffer_;
};

} // namespace orion::detail

// Reads the lines of one part of a text file. Part r of P covers the bytes
// [size*r/P, size*(r+1)/P) and owns exactly the lines that *start* in that range, so the parts
// partition the file's lines whatever the line lengths, and a rank reads little beyond its range.
// Shared by both backends: the serial backend is part 0 of 1.
#pragma once

#include <orion/error.hpp>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace orion::detail {

class FileRange {
public:
  /// Throws LoadError naming the path and the OS reason if the file cannot be opened.
  FileRange(const std::string &path, int part, int parts) : path_(path) {
    file_.reset(std::fopen(path.c_str(), "rb"));
    if (!file_)
      fail("cannot open");
    // Unbuffered: we read big blocks, and stdio's extra copy would be waste.
    std::setvbuf(file_.get(), nullptr, _IONBF, 0);
    // Probe one byte: a directory opens fine but fails to read (EISDIR), and its reported size
    // could make it look like an empty file.
    if (std::fgetc(file_.get()) == EOF && std::ferror(file_.get()))
      fail("cannot read");
    if (fseeko(file_.get(), 0, SEEK_END) != 0 || (size_ = ftello(file_.get())) < 0)
      fail("cannot determine the size of");
    // size * k / parts, exactly, without overflowing for any file size.
    auto bound = [&](std::int64_t k) { return size_ / parts * k + size_ % parts * k / parts; };
    lo_ = bound(part);
    hi_ = bound(part + 1);
  }
  FileRange(const FileRange &) = delete;
  FileRange &operator=(const FileRange &) = delete;

  std::int64_t file_size() const noexcept { return size_; }
  /// Bytes of the file this part is responsible for (its lines may end a little beyond).
  std::int64_t range_size() const noexcept { return hi_ - lo_; }
  std::int64_t bytes_read() const noexcept { return bytes_read_; }

  /// Calls f(std::string_view line) for each owned line in file order, without its '\n';
  /// f returns false to stop early. A last line without a trailing newline is still a line.
  template <class F> void for_each_line(F &&f) {
    if (lo_ >= hi_)
      return;
    buffer_.resize(kBlock);
    std::int64_t base = lo_ > 0 ? lo_ - 1 : 0; // file offset of buffer_[0]
    if (fseeko(file_.get(), base, SEEK_SET) != 0)
      fail("cannot seek in");
    std::size_t have = 0;
    bool eof = false;
    auto fill = [&] {
      if (have == buffer_.size())
        buffer_.resize(buffer_.size() * 2); // a line longer than the buffer
      const std::size_t n = read(buffer_.data() + have, buffer_.size() - have);
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

private:
  static constexpr std::size_t kBlock = std::size_t{1} << 20;

  std::size_t read(char *dst, std::size_t n) {
    const std::size_t got = std::fread(dst, 1, n, file_.get());
    if (got < n && std::ferror(file_.get()))
      fail("cannot read");
    bytes_read_ += static_cast<std::int64_t>(got);
    return got;
  }

  [[noreturn]] void fail(const char *what) {
    const int err = errno;
    throw LoadError(std::string(what) + " '" + path_ + "': " + std::strerror(err));
  }

  struct Closer {
    void operator()(std::FILE *f) const noexcept { std::fclose(f); }
  };

  std::string path_;
  std::unique_ptr<std::FILE, Closer> file_;
  std::int64_t size_ = 0, lo_ = 0, hi_ = 0, bytes_read_ = 0;
  std::vector<char> buffer_;
};

} // namespace orion::detail

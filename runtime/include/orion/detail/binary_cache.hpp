// The binary cache of text loads: `<path>.orion-cache`, next to the text file it was loaded from.
//
// Parsing text runs at a few hundred MB/s per rank; reading the same elements back as raw arrays
// runs at the speed of the page cache. The text file stays the source of truth: a cache is used
// only if it was written from a file with the same size, timestamps and inode (and the file did not
// change while the cache was read), holds the element type the load asks for, passes every size,
// bound and checksum check below, and holds no index the text load would refuse (negative, or too
// large: <orion/detail/extent_limit.hpp>; checked by load_cached in <orion/loaders.hpp>). Anything
// else is ignored and rebuilt from the text, which reports the line a refused index is on. A cache
// is written only for a text file whose modification time is 2 s old and whose change time is
// 50 ms old (cache_write_blocker), so that a later change of the file always changes its stamp. A
// writer writes a temporary file in the cache's directory and renames it over the cache, so a
// reader sees the old cache or the new one, never half of one; a torn file left by a power failure
// (nothing is fsync'ed) fails the size or checksum check.
//
// Layout, in the byte order of the machine that wrote it (recorded in the header):
//
//   CacheHeader                 96 bytes
//   bounds  int64_t[N]          largest index + 1 in each dimension (0 when empty)
//   keys    int64_t[nnz][N]     in file order
//   values  T[nnz]              in file order, as raw bytes
//
// The bounds are the extents a load without explicit extents returns. A load with explicit extents
// returns the same elements with its own extents whenever every bound fits within them; when one
// does not, the text load runs so that the out-of-range line is reported as usual.
#pragma once

#include <orion/detail/file_identity.hpp>
#include <orion/detail/file_io.hpp>
#include <orion/detail/placement_headroom.hpp>

#include <algorithm>
#include <array>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace orion::detail {

inline std::string cache_path_for(const std::string &path) { return path + ".orion-cache"; }

/// A file modified less than this long before a load is not cached. Timestamps have a granularity
/// (a clock tick on Linux file systems, 2 s on FAT), and a same-size rewrite within the tick of the
/// stamp we recorded would go unnoticed.
inline constexpr std::int64_t kSettledNanoseconds = 2'000'000'000;

/// Nor is a file whose inode change time (ctime) is less than this old. Tools set the modification
/// time back at will (touch -d, cp -p, rsync -t, tar), but not the change time, which every write
/// and every such setting moves to the present: once it is a few clock ticks old, any later change
/// of the file gives it another value, so the recorded stamp cannot match a changed file.
inline constexpr std::int64_t kSettledChangeNanoseconds = 50'000'000;

/// Why the text just loaded must not be cached, or nothing if it may be. `before` is the stamp
/// the text load saw, `after` the file's stamp once it was done, `load_started_ns` the wall-clock
/// time (ns since the epoch) at which the load began.
inline std::optional<std::string> cache_write_blocker(const std::string &path,
                                                      const std::optional<SourceStamp> &before,
                                                      const std::optional<SourceStamp> &after,
                                                      std::int64_t load_started_ns) {
  if (!before || !after || *before != *after)
    return "'" + path + "' changed after it was loaded";
  if (load_started_ns - before->mtime_ns() < kSettledNanoseconds)
    return "'" + path + "' was modified less than " +
           std::to_string(kSettledNanoseconds / 1'000'000'000) + " s before the load";
  if (load_started_ns - before->ctime_ns() < kSettledChangeNanoseconds)
    return "'" + path + "' was changed less than " +
           std::to_string(kSettledChangeNanoseconds / 1'000'000) +
           " ms before the load (its inode change time)";
  return std::nullopt;
}

/// Kinds of element values, so that a cache of floats is never read as int32 of the same size.
enum class ValueKind : std::uint32_t { signed_integer = 1, unsigned_integer = 2, floating = 3 };

template <class T> constexpr ValueKind value_kind_of() noexcept {
  if constexpr (std::is_floating_point_v<T>)
    return ValueKind::floating;
  else if constexpr (std::is_signed_v<T>)
    return ValueKind::signed_integer;
  else
    return ValueKind::unsigned_integer;
}

/// "float32 values in 2 dimension(s)": what a cache holds, for messages.
inline std::string describe_elements(std::uint32_t kind, std::uint32_t size, std::uint32_t dims) {
  const char *name = kind == static_cast<std::uint32_t>(ValueKind::signed_integer)     ? "int"
                     : kind == static_cast<std::uint32_t>(ValueKind::unsigned_integer) ? "uint"
                     : kind == static_cast<std::uint32_t>(ValueKind::floating)         ? "float"
                                                                                       : "unknown";
  return name + std::to_string(std::uint64_t{size} * 8) + " values in " + std::to_string(dims) +
         " dimension(s)";
}

inline constexpr char kCacheMagic[8] = {'O', 'R', 'I', 'O', 'N', 'C', 'A', 'C'};
/// Bumped whenever the layout or the meaning of a field changes; other versions are ignored.
inline constexpr std::uint32_t kCacheVersion = 1;
/// Reads back as 0x04030201 on a machine of the other byte order.
inline constexpr std::uint32_t kByteOrderMark = 0x01020304;

/// The fixed-size start of a cache file; see the layout at the top of this file.
struct CacheHeader {
  char magic[8];
  std::uint32_t version;
  std::uint32_t byte_order;
  std::uint32_t value_kind; ///< a ValueKind
  std::uint32_t value_size; ///< sizeof(T)
  std::uint32_t dims;       ///< N
  std::uint32_t padding;    ///< zero; keeps the stamp 8-byte aligned
  SourceStamp source;       ///< of the text file the elements were loaded from
  std::int64_t nnz;
  /// Checksum of this header (with this field zero), the bounds, the keys and the values.
  std::uint64_t checksum;
};
static_assert(sizeof(CacheHeader) == 96 && std::is_trivially_copyable_v<CacheHeader>,
              "the cache header is written as raw bytes");

/// The checksum a header records: of the header (checksum field zero), then of what follows it.
inline Checksum header_checksum(CacheHeader header) noexcept {
  header.checksum = 0;
  Checksum sum;
  sum.update(&header, sizeof header);
  return sum;
}

/// Reads `count` elements in chunks, feeding each chunk to `sum` and then to
/// on_chunk(const E *, std::size_t n). Returns what read_fully() returns.
template <class E, class OnChunk>
int read_checksummed(int fd, E *data, std::size_t count, Checksum &sum, OnChunk &&on_chunk) {
  constexpr std::size_t kChunkBytes = std::size_t{1} << 20;
  constexpr std::size_t kChunk = sizeof(E) >= kChunkBytes ? 1 : kChunkBytes / sizeof(E);
  for (std::size_t at = 0; at < count; at += kChunk) {
    const std::size_t n = count - at < kChunk ? count - at : kChunk;
    if (const int err = read_fully(fd, data + at, n * sizeof(E)); err != 0)
      return err;
    sum.update(data + at, n * sizeof(E));
    on_chunk(data + at, n);
  }
  return 0;
}

/// read_checksummed of `count` elements of which only [first, last) are kept, at `out`: the rest
/// pass through a chunk-sized scratch buffer, so a rank reading its share of a cache holds no more.
template <class E, class OnChunk>
int read_checksummed_part(int fd, E *out, std::size_t count, std::size_t first, std::size_t last,
                          Checksum &sum, OnChunk &&on_chunk) {
  constexpr std::size_t kChunkBytes = std::size_t{1} << 20;
  constexpr std::size_t kChunk = sizeof(E) >= kChunkBytes ? 1 : kChunkBytes / sizeof(E);
  std::vector<E> scratch(count < kChunk ? count : kChunk);
  for (std::size_t at = 0; at < count; at += kChunk) {
    const std::size_t n = count - at < kChunk ? count - at : kChunk;
    if (const int err = read_fully(fd, scratch.data(), n * sizeof(E)); err != 0)
      return err;
    sum.update(scratch.data(), n * sizeof(E));
    on_chunk(scratch.data(), n);
    const std::size_t lo = at > first ? at : first, hi = at + n < last ? at + n : last;
    if (lo < hi)
      std::copy(scratch.data() + (lo - at), scratch.data() + (hi - at), out + (lo - first));
  }
  return 0;
}

/// What a read_fully() failure means for a cache.
inline std::string read_problem(int err) {
  return err < 0 ? "it is truncated" : std::string("cannot read it: ") + std::strerror(err);
}

/// The elements a cache holds: those of the text load without explicit extents.
template <class T, std::size_t N> struct CacheContents {
  std::array<std::int64_t, N> bounds{};
  std::vector<std::array<std::int64_t, N>> keys;
  std::vector<T> values;
  std::int64_t nnz = 0;        ///< elements in the file (keys holds a share of them when read so)
  std::int64_t file_bytes = 0; ///< size of the cache file, for --orion-stats
};

/// The outcome of reading a cache: its contents, no cache at all, or why it was not usable.
template <class T, std::size_t N> struct CacheRead {
  enum class Status { loaded, absent, rejected };
  Status status = Status::absent;
  CacheContents<T, N> contents; ///< when loaded
  std::string why;              ///< when rejected: "it is truncated ..."

  static CacheRead rejected(std::string why) {
    CacheRead r;
    r.status = Status::rejected;
    r.why = std::move(why);
    return r;
  }
};

/// Reads the cache at cache_path written for a source file with stamp `source`; with parts > 1,
/// keeps only share `part` of the elements (consecutive, in file order), while checking them all.
/// Every field is
/// checked before it is used, and the file size against nnz before anything is allocated. Never
/// throws for a bad cache, only for running out of memory.
template <class T, std::size_t N>
CacheRead<T, N> read_cache(const std::string &cache_path, const std::string &source_path,
                           const SourceStamp &source, int part = 0, int parts = 1) {
  using Read = CacheRead<T, N>;
  using key_type = std::array<std::int64_t, N>;
  static_assert(sizeof(key_type) == N * sizeof(std::int64_t), "keys are read as raw int64 arrays");
  // Non-blocking: a FIFO put where the cache belongs must not make the load wait for a writer.
  const int fd = ::open(cache_path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT)
      return Read();
    return Read::rejected(std::string("cannot read it: ") + std::strerror(errno));
  }
  FdCloser closer(fd);
  struct stat st {};
  if (::fstat(fd, &st) != 0)
    return Read::rejected(std::string("cannot read it: ") + std::strerror(errno));
  if (!S_ISREG(st.st_mode))
    return Read::rejected("it is not a regular file");
  const auto file_bytes = static_cast<std::int64_t>(st.st_size);
  auto bytes_text = [](std::int64_t n) { return std::to_string(n) + " byte(s)"; };
  if (file_bytes < static_cast<std::int64_t>(sizeof(CacheHeader)))
    return Read::rejected("it is truncated: " + bytes_text(file_bytes) + ", less than the " +
                          std::to_string(sizeof(CacheHeader)) + "-byte header");

  CacheHeader h{};
  if (const int err = read_fully(fd, &h, sizeof h); err != 0)
    return Read::rejected(read_problem(err));
  if (std::memcmp(h.magic, kCacheMagic, sizeof h.magic) != 0)
    return Read::rejected("it is not an orion cache file");
  if (h.byte_order != kByteOrderMark)
    return Read::rejected("it was written on a machine of the other byte order");
  if (h.version != kCacheVersion)
    return Read::rejected("it has format version " + std::to_string(h.version) +
                          "; this runtime reads version " + std::to_string(kCacheVersion));
  constexpr auto kind = static_cast<std::uint32_t>(value_kind_of<T>());
  if (h.value_kind != kind || h.value_size != sizeof(T) || h.dims != N)
    return Read::rejected("it holds " + describe_elements(h.value_kind, h.value_size, h.dims) +
                          "; this load reads " + describe_elements(kind, sizeof(T), N));
  if (h.source != source)
    return Read::rejected("'" + source_path + "' changed since the cache was written");

  // The size the header implies, without overflow: a huge nnz must not reach the allocator.
  constexpr auto fixed = static_cast<std::int64_t>(sizeof(CacheHeader) + sizeof(key_type));
  constexpr auto per_element = static_cast<std::int64_t>(sizeof(key_type) + sizeof(T));
  if (h.nnz < 0 || h.nnz > (file_bytes - fixed) / per_element ||
      fixed + h.nnz * per_element != file_bytes)
    return Read::rejected("it is truncated or corrupt: " + bytes_text(file_bytes) +
                          ", but its header describes " + std::to_string(h.nnz) + " element(s)");

  Read r;
  CacheContents<T, N> &c = r.contents;
  c.file_bytes = file_bytes;
  c.nnz = h.nnz;
  const auto share = [&](int p) { // nnz * p / parts, without overflow
    return static_cast<std::size_t>(h.nnz / parts * p + h.nnz % parts * p / parts);
  };
  const std::size_t first = share(part), last = share(part + 1);
  const auto total = static_cast<std::size_t>(h.nnz);
  if (parts > 1) {
    c.keys.reserve(capacity_for_placement(last - first));
    c.values.reserve(capacity_for_placement(last - first));
  }
  c.keys.resize(last - first);
  c.values.resize(last - first);
  Checksum sum = header_checksum(h);
  // Checksummed and scanned a chunk at a time, while the chunk is still in the CPU cache.
  key_type lo, hi;
  lo.fill(INT64_MAX);
  hi.fill(-1);
  int err = read_checksummed(fd, c.bounds.data(), N, sum, [](const std::int64_t *, std::size_t) {});
  const auto scan = [&](const key_type *keys, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t d = 0; d < N; ++d) {
        lo[d] = keys[i][d] < lo[d] ? keys[i][d] : lo[d];
        hi[d] = keys[i][d] > hi[d] ? keys[i][d] : hi[d];
      }
  };
  const auto no_scan = [](const T *, std::size_t) {};
  if (err == 0)
    err = parts == 1 ? read_checksummed(fd, c.keys.data(), total, sum, scan)
                     : read_checksummed_part(fd, c.keys.data(), total, first, last, sum, scan);
  if (err == 0)
    err = parts == 1 ? read_checksummed(fd, c.values.data(), total, sum, no_scan)
                     : read_checksummed_part(fd, c.values.data(), total, first, last, sum, no_scan);
  if (err != 0) // the file shrank after fstat
    return Read::rejected(read_problem(err));
  if (sum.value() != h.checksum)
    return Read::rejected("it is corrupt (checksum mismatch)");
  // The checksum catches damage; this catches a cache that was never right, which would otherwise
  // put out-of-range keys into an array whose users trust them.
  // (bounds - 1, not hi + 1: a key of INT64_MAX must not overflow.)
  bool in_bounds = true;
  for (std::size_t d = 0; d < N; ++d)
    in_bounds &= c.bounds[d] >= 0 && hi[d] == c.bounds[d] - 1 && (total == 0 || lo[d] >= 0);
  if (!in_bounds)
    return Read::rejected("it is corrupt (its keys do not match the bounds it records)");
  r.status = Read::Status::loaded;
  return r;
}

/// Writes the cache of elements loaded from a source file with stamp `source`: into a new
/// temporary file in the same directory, then renamed over cache_path. Returns why it failed, in
/// which case the temporary file has been removed.
template <class T, std::size_t N>
std::optional<std::string> write_cache(const std::string &cache_path, const SourceStamp &source,
                                       const std::array<std::int64_t, N> &bounds,
                                       std::span<const std::array<std::int64_t, N>> keys,
                                       std::span<const T> values) {
  CacheHeader h{};
  std::memcpy(h.magic, kCacheMagic, sizeof h.magic);
  h.version = kCacheVersion;
  h.byte_order = kByteOrderMark;
  h.value_kind = static_cast<std::uint32_t>(value_kind_of<T>());
  h.value_size = sizeof(T);
  h.dims = N;
  h.source = source;
  h.nnz = static_cast<std::int64_t>(keys.size());
  Checksum sum = header_checksum(h);
  sum.update(bounds.data(), sizeof bounds);
  sum.update(keys.data(), keys.size_bytes());
  sum.update(values.data(), values.size_bytes());
  h.checksum = sum.value();

  // Unique among concurrent writers: another process, or another job on another node of a shared
  // file system (pid and clock together), may be writing the same cache.
  std::string temp;
  int fd = -1;
  for (int attempt = 0; fd < 0 && attempt < 8; ++attempt) {
    temp = cache_path + ".tmp." + std::to_string(::getpid()) + "." +
           std::to_string(wall_clock_ns() + attempt);
    fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0 && errno != EEXIST)
      break;
  }
  if (fd < 0)
    return std::string("cannot create a temporary file in its directory: ") + std::strerror(errno);
  FdCloser closer(fd);
  int err = write_fully(fd, &h, sizeof h);
  if (err == 0)
    err = write_fully(fd, bounds.data(), sizeof bounds);
  if (err == 0)
    err = write_fully(fd, keys.data(), keys.size_bytes());
  if (err == 0)
    err = write_fully(fd, values.data(), values.size_bytes());
  if (const int close_err = closer.close(); err == 0)
    err = close_err;
  if (err != 0) {
    ::unlink(temp.c_str());
    return std::string("cannot write it: ") + std::strerror(err);
  }
  if (::rename(temp.c_str(), cache_path.c_str()) != 0) {
    err = errno;
    ::unlink(temp.c_str());
    return std::string("cannot replace it: ") + std::strerror(err);
  }
  return std::nullopt;
}

} // namespace orion::detail

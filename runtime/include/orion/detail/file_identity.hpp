// What a text file "is" while it is loaded: its size, timestamps and inode (a SourceStamp), and
// the rules that turn two stamps of it into "it changed while it was being loaded".
//
// A load fails, naming the file, when
//   - the stamp of the open file at the end of the load differs from the one at its start (it was
//     written to, truncated or extended in place),
//   - the path names another file, or none, at the end of the load (it was replaced or removed),
//   - a read finds the end of the file before the size the file had at the start (it shrank),
//   - (distributed) the ranks saw different sizes, or saw different files one of which was
//     modified after the earliest rank had begun the load (it was rewritten between the ranks'
//     opens),
//   - (distributed) the ranks saw different files, all older than the load, of different sizes
//     or (line_scan.hpp compares checksums of the whole files then) different contents: copies
//     on each node's disk that are not the same.
// Ranks that see different files of one content, all older than the load, are accepted: that is
// one file copied to each node's local disk.
//
// Limits: a file system updates timestamps once per clock tick (a few ms), so a rewrite that keeps
// the size and lands within the tick of the previous change can go unseen. Remote file systems
// stamp changes with the server's clock; a rewrite within the clock skew between nodes before the
// load is taken for one during it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <sys/stat.h>

namespace orion::detail {

/// A file's size, timestamps and inode as stat() reports them. Equal stamps mean "the same bytes"
/// as far as the file system can tell: writing changes the size or the timestamps, and replacing
/// the file (rename, copy) changes its inode and change time. The device number is left out: it
/// differs between the nodes that mount one network file system.
struct SourceStamp {
  std::int64_t size = 0;
  std::int64_t mtime_sec = 0, mtime_nsec = 0;
  std::int64_t ctime_sec = 0, ctime_nsec = 0;
  std::int64_t inode = 0;

  bool operator==(const SourceStamp &) const = default;
  std::int64_t mtime_ns() const noexcept { return mtime_sec * 1'000'000'000 + mtime_nsec; }
  std::int64_t ctime_ns() const noexcept { return ctime_sec * 1'000'000'000 + ctime_nsec; }
};

inline SourceStamp stamp_from(const struct stat &st) noexcept {
  SourceStamp s;
  s.size = static_cast<std::int64_t>(st.st_size);
  s.mtime_sec = static_cast<std::int64_t>(st.st_mtim.tv_sec);
  s.mtime_nsec = static_cast<std::int64_t>(st.st_mtim.tv_nsec);
  s.ctime_sec = static_cast<std::int64_t>(st.st_ctim.tv_sec);
  s.ctime_nsec = static_cast<std::int64_t>(st.st_ctim.tv_nsec);
  s.inode = static_cast<std::int64_t>(st.st_ino);
  return s;
}

/// The stamp of a regular file; nothing for anything else (missing, a directory, a pipe), which is
/// never cached. Never opens the file.
inline std::optional<SourceStamp> stamp_of(const std::string &path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode))
    return std::nullopt;
  return stamp_from(st);
}

/// "a directory", "a FIFO (named pipe)", ...: what a file that is not a regular file is.
inline const char *file_kind(mode_t mode) noexcept {
  if (S_ISDIR(mode))
    return "a directory";
  if (S_ISFIFO(mode))
    return "a FIFO (named pipe)";
  if (S_ISCHR(mode))
    return "a character device";
  if (S_ISBLK(mode))
    return "a block device";
  if (S_ISSOCK(mode))
    return "a socket";
  return "not a regular file";
}

/// The message of a load that read a file while it changed.
inline std::string changed_while_loading(const std::string &path, const std::string &how) {
  return "'" + path + "' changed while it was being loaded (" + how +
         "); nothing was loaded from it";
}

/// Why the file opened with stamp `before` must be taken to have changed during the load, given
/// the stamp of the open file at the end (`open_after`, nothing if fstat failed) and that of the
/// path at the end (`path_after`, nothing if it no longer names a regular file). Nothing if it
/// did not change.
inline std::optional<std::string> change_during_load(const std::string &path,
                                                     const SourceStamp &before,
                                                     const std::optional<SourceStamp> &open_after,
                                                     const std::optional<SourceStamp> &path_after) {
  if (!open_after)
    return changed_while_loading(path, "it could no longer be examined");
  if (open_after->size != before.size)
    return changed_while_loading(path, "its size went from " + std::to_string(before.size) +
                                           " to " + std::to_string(open_after->size) + " bytes");
  // Before comparing the rest of the open file's stamp: unlinking a file changes its ctime.
  if (!path_after)
    return changed_while_loading(path, "it was removed or renamed");
  if (path_after->inode != before.inode)
    return changed_while_loading(path, "another file was put in its place");
  if (*open_after != before || *path_after != before)
    return changed_while_loading(path, "it was written to");
  return std::nullopt;
}

/// The message of a load whose ranks opened different files of one name, none changing.
inline std::string different_copies(const std::string &path, const std::string &how) {
  return "the ranks loaded different files named '" + path + "' (" + how +
         "); every rank must load the same data: make every node's copy identical, or put the "
         "file where every rank opens the same one; nothing was loaded from it";
}

/// The stamps the ranks opened, field by field: lowest and highest over the ranks that opened the
/// file, and the wall-clock time (ns since the epoch) at which the earliest of them began.
struct StampSpread {
  SourceStamp lo, hi;
  std::int64_t first_open_ns = 0;
};

/// Why the ranks of one load cannot have read one version of the file, or nothing.
inline std::optional<std::string> ranks_disagree(const std::string &path,
                                                 const StampSpread &spread) {
  if (spread.lo == spread.hi)
    return std::nullopt;
  if (spread.lo.size != spread.hi.size) {
    const std::string sizes = "the ranks found sizes of " + std::to_string(spread.lo.size) +
                              " and " + std::to_string(spread.hi.size) + " bytes";
    if (spread.hi.ctime_ns() < spread.first_open_ns)
      return different_copies(path, sizes + ", none changed during the load");
    return changed_while_loading(path, sizes);
  }
  if (spread.hi.ctime_ns() >= spread.first_open_ns)
    return changed_while_loading(path, "it was modified after the first rank had begun reading it");
  return std::nullopt; // copies on each node's own disk: same_copies compares their contents
}

} // namespace orion::detail

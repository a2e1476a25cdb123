// Helpers for the binary cache tests, shared by the serial and the distributed test programs (the
// collectives are the serial backend's no-ops in the serial one).
#pragma once

#include <orion/detail/comm.hpp>
#include <orion/detail/state.hpp>
#include <orion/loaders.hpp>
#include <orion/options.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace orion_test {

/// A fresh directory under the temp directory, removed with everything in it at the end, so that a
/// test sees exactly the files the loader leaves behind. Rank 0 creates and removes it;
/// constructor and destructor are collective.
class TempDir {
public:
  TempDir() {
    std::string made;
    if (orion::detail::comm_rank() == 0) {
      std::string pattern =
          (std::filesystem::temp_directory_path() / "orion_cache_XXXXXX").string();
      if (::mkdtemp(pattern.data()) == nullptr)
        throw std::runtime_error("mkdtemp failed for " + pattern);
      made = pattern;
    }
    path_ = orion::detail::comm_bcast_string(made, 0);
  }
  ~TempDir() {
    orion::detail::comm_barrier();
    if (orion::detail::comm_rank() == 0) {
      std::error_code ignored;
      std::filesystem::permissions(path_, std::filesystem::perms::owner_all,
                                   std::filesystem::perm_options::add, ignored);
      std::filesystem::remove_all(path_, ignored);
    }
  }
  TempDir(const TempDir &) = delete;
  TempDir &operator=(const TempDir &) = delete;

  const std::string &path() const { return path_; }
  std::string operator/(const std::string &name) const { return path_ + "/" + name; }

  /// The names in the directory, sorted.
  std::vector<std::string> list() const {
    std::vector<std::string> names;
    for (const auto &entry : std::filesystem::directory_iterator(path_))
      names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
  }

private:
  std::string path_;
};

/// Sets a file's modification time to `seconds_ago` before now, plus `nsec` nanoseconds, and
/// nothing else: its change time (ctime) becomes the present.
inline void set_mtime_only(const std::string &path, long seconds_ago, long nsec = 0) {
  timespec times[2];
  times[0].tv_sec = 0;
  times[0].tv_nsec = UTIME_OMIT;
  times[1].tv_sec = std::time(nullptr) - seconds_ago;
  times[1].tv_nsec = nsec;
  if (::utimensat(AT_FDCWD, path.c_str(), times, 0) != 0)
    throw std::runtime_error("utimensat failed for " + path);
}

/// Waits until the change time of `path` is older than the loader's kSettledChangeNanoseconds
/// (no clock can set it back).
inline void wait_for_settled_ctime(const std::string &path) {
  struct stat st{};
  if (::stat(path.c_str(), &st) != 0)
    throw std::runtime_error("stat failed for " + path);
  const auto changed = std::chrono::system_clock::time_point(
      std::chrono::duration_cast<std::chrono::system_clock::duration>(
          std::chrono::seconds(st.st_ctim.tv_sec) + std::chrono::nanoseconds(st.st_ctim.tv_nsec)));
  std::this_thread::sleep_until(changed +
                                std::chrono::nanoseconds(orion::detail::kSettledChangeNanoseconds) +
                                std::chrono::milliseconds(10));
}

/// Dates a file's modification time back as set_mtime_only does and waits until its change time
/// has settled too: a cache is only written for a file modified at least two seconds, and changed
/// at least kSettledChangeNanoseconds, before the load.
inline void set_mtime(const std::string &path, long seconds_ago, long nsec = 0) {
  set_mtime_only(path, seconds_ago, nsec);
  wait_for_settled_ctime(path);
}

/// Writes `content` to path (rank 0 only) and dates it an hour back, so that a load may cache it.
inline void write_settled(const std::string &path, const std::string &content, long nsec = 0) {
  if (orion::detail::comm_rank() == 0) {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << content;
    set_mtime(path, 3600, nsec);
  }
  orion::detail::comm_barrier();
}

/// A settled text file in a directory of its own. Collective.
struct Dataset {
  Dataset(const std::string &name, const std::string &content, long mtime_nsec = 0)
      : path(dir / name), cache(path + ".orion-cache") {
    write_settled(path, content, mtime_nsec);
  }

  TempDir dir;
  std::string path;
  std::string cache; ///< where the loader keeps its cache
};

inline std::string read_file(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

inline void write_file(const std::string &path, const std::string &bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

/// Rewrites `path` with `bytes` and puts its modification time back (as `cp -p`, `rsync -t` or
/// `tar` do), then waits until its change time has settled: only the ctime tells the rewrite apart.
inline void rewrite_keeping_mtime(const std::string &path, const std::string &bytes) {
  const auto stamp = orion::detail::stamp_of(path);
  if (!stamp)
    throw std::runtime_error("stat failed for " + path);
  write_file(path, bytes);
  timespec times[2];
  times[0].tv_sec = 0;
  times[0].tv_nsec = UTIME_OMIT;
  times[1].tv_sec = static_cast<time_t>(stamp->mtime_sec);
  times[1].tv_nsec = static_cast<long>(stamp->mtime_nsec);
  if (::utimensat(AT_FDCWD, path.c_str(), times, 0) != 0)
    throw std::runtime_error("utimensat failed for " + path);
  wait_for_settled_ctime(path);
}

/// What f() wrote to stderr (file descriptor 2).
template <class F> std::string capture_stderr(F &&f) {
  std::fflush(stderr);
  std::FILE *sink = std::tmpfile();
  const int saved = ::dup(2);
  ::dup2(::fileno(sink), 2);
  auto restore = [&] {
    std::fflush(stderr);
    ::dup2(saved, 2);
    ::close(saved);
  };
  try {
    f();
  } catch (...) {
    restore();
    std::fclose(sink);
    throw;
  }
  restore();
  std::string text;
  std::rewind(sink);
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, sink)) > 0;)
    text.append(buffer, n);
  std::fclose(sink);
  return text;
}

/// Kills the test program (SIGALRM) if the enclosing scope takes longer than `seconds`: a loader
/// that blocks must fail the test, not hang it until the ctest timeout.
class Watchdog {
public:
  explicit Watchdog(unsigned seconds) { ::alarm(seconds); }
  ~Watchdog() { ::alarm(0); }
  Watchdog(const Watchdog &) = delete;
  Watchdog &operator=(const Watchdog &) = delete;
};

/// Runs the enclosing test with other runtime options; restores the previous ones at scope exit.
class OptionsGuard {
public:
  explicit OptionsGuard(orion::CacheMode cache, bool verbose = true, bool stats = false)
      : saved_(orion::detail::state().options) {
    orion::Options &o = orion::detail::state().options;
    o.cache = cache;
    o.verbose = verbose;
    o.stats = stats;
  }
  ~OptionsGuard() { orion::detail::state().options = saved_; }
  OptionsGuard(const OptionsGuard &) = delete;
  OptionsGuard &operator=(const OptionsGuard &) = delete;

private:
  orion::Options saved_;
};

/// The text load, with the cache off: what every cached load must reproduce.
template <class T, class... Extents>
orion::SparseArray<T, 2> load_off(const std::string &path, const Extents &...extents) {
  OptionsGuard off(orion::CacheMode::off, false);
  return orion::load_triplets<T>(path, extents...);
}

} // namespace orion_test

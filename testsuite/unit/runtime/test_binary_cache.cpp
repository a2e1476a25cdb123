// The binary cache of load_triplets (<orion/detail/binary_cache.hpp>), serial backend. Every test
// works in its own temporary directory, so that it sees exactly the files the loader leaves.
#include "cache_support.hpp"
#include "test_support.hpp"

#include <orion/loaders.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <csignal>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <regex>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

using orion::CacheMode;
using orion_test::capture_stderr;
using orion_test::Dataset;
using orion_test::load_error_of;
using orion_test::load_off;
using orion_test::OptionsGuard;
using orion_test::read_file;
using orion_test::TempDir;
using orion_test::write_file;
using orion_test::write_settled;

namespace {

using Names = std::vector<std::string>;
using Key = std::array<std::int64_t, 2>;

// Blank and comment lines, CRLF, a duplicate key, signs, exponents; -0 and nan check that values
// come back bit for bit.
const std::string kFloatText = "# ratings\n"
                               "0 0 1.5\n"
                               "2 1 -2.25\n"
                               "\n"
                               "  1   3\t4e2  \r\n"
                               "+1 0 +3\n"
                               "2 1 7\n"
                               "4 0 -0\n"
                               "3 2 nan\n";
constexpr int kFloatElements = 7;
const std::string kIntText = "# counts\n0 1 3\n\n1 1 4\r\n5 0 9\n1 1 4\n2 3 0\n";

template <class T> const std::string &text_for() {
  return std::is_floating_point_v<T> ? kFloatText : kIntText;
}

template <class T>
void check_identical(const orion::SparseArray<T, 2> &got, const orion::SparseArray<T, 2> &want) {
  CHECK(got.extents() == want.extents());
  REQUIRE(got.nnz() == want.nnz());
  CHECK(std::equal(got.keys().begin(), got.keys().end(), want.keys().begin()));
  if (got.nnz() > 0) // (an empty vector's data() may be null, which memcmp must not see)
    CHECK(std::memcmp(got.values().data(), want.values().data(),
                      static_cast<std::size_t>(got.nnz()) * sizeof(T)) == 0);
}

std::string re_escape(const std::string &text) {
  static const std::regex special(R"([.^$|()\[\]{}*+?\\])");
  return std::regex_replace(text, special, R"(\$&)");
}

// The line of a load served by the cache, with any timing.
std::string from_cache_line(const std::string &path, int elements) {
  return "orion: loaded '" + re_escape(path) + "' from cache '" + re_escape(path) +
         "\\.orion-cache': " + std::to_string(elements) + " elements, \\d+\\.\\d MB in " +
         "\\d+\\.\\d{3} s\n";
}

// The --orion-verbose line of a text load (unchanged by the cache).
std::string text_line(const std::string &path, int elements) {
  return "orion: loaded '" + re_escape(path) + "': " + std::to_string(elements) +
         " elements; rank 0 parsed \\d+\\.\\d MB in \\d+\\.\\d{3} s, \\d+\\.\\d{3} s in all\n";
}

// The lines of a text load that then writes the cache, under --orion-verbose.
std::string text_and_write_lines(const std::string &path, int elements) {
  return text_line(path, elements) + "orion: wrote cache '" + re_escape(path) +
         "\\.orion-cache': \\d+\\.\\d MB in \\d+\\.\\d{3} s\n";
}

/// Checks that load() is served by the cache of `path` and returns `want`.
template <class T, class Load>
void check_from_cache(const std::string &path, const orion::SparseArray<T, 2> &want, Load &&load) {
  orion::SparseArray<T, 2> got;
  CHECK_THAT(capture_stderr([&] { got = load(); }),
             Catch::Matches(from_cache_line(path, static_cast<int>(want.nnz()))));
  check_identical(got, want);
}

/// Runs f with its stderr discarded: loads whose lines other checks cover.
template <class F> void quietly(F &&f) { capture_stderr(std::forward<F>(f)); }

ino_t inode_of(const std::string &path) {
  struct stat st{};
  REQUIRE(::stat(path.c_str(), &st) == 0);
  return st.st_ino;
}

} // namespace

TEMPLATE_TEST_CASE("a reload from the cache equals the text load", "[cache]", float, double, int,
                   std::int64_t, std::uint16_t) {
  const Dataset d("data.txt", text_for<TestType>());
  const std::string &path = d.path;
  const auto text = load_off<TestType>(path);
  const Key wide{10, 20};
  const auto text_wide = load_off<TestType>(path, wide);
  CHECK(d.dir.list() == Names{"data.txt"}); // off writes nothing
  const int n = static_cast<int>(text.nnz());

  OptionsGuard on(CacheMode::on);
  orion::SparseArray<TestType, 2> got;
  // Written by a load with explicit extents; the cache records the bounds, so it serves both forms.
  CHECK_THAT(capture_stderr([&] { got = orion::load_triplets<TestType>(path, wide); }),
             Catch::Matches(text_and_write_lines(path, n)));
  check_identical(got, text_wide);
  CHECK(d.dir.list() == Names{"data.txt", "data.txt.orion-cache"});
  CHECK(read_file(d.cache).size() ==
        96 + 16 + static_cast<std::size_t>(n) * (16 + sizeof(TestType)));

  check_from_cache(path, text, [&] { return orion::load_triplets<TestType>(path); });
  check_from_cache(path, text_wide, [&] { return orion::load_triplets<TestType>(path, wide); });
  check_from_cache(path, text,
                   [&] { return orion::load_triplets<TestType>(path, text.extents()); });
  CHECK(d.dir.list() == Names{"data.txt", "data.txt.orion-cache"});
}

TEST_CASE("an empty text file has a cache too", "[cache]") {
  const Dataset d("empty.txt", "# nothing\n\n");
  OptionsGuard on(CacheMode::on);
  CHECK_THAT(capture_stderr([&] { orion::load_triplets<float>(d.path); }),
             Catch::Matches(text_and_write_lines(d.path, 0)));
  check_from_cache(d.path, orion::SparseArray<float, 2>(Key{0, 0}),
                   [&] { return orion::load_triplets<float>(d.path); });
}

TEST_CASE("the cache is replaced by a rename and no temporary file is left", "[cache]") {
  const Dataset d("data.txt", kFloatText);
  const std::string &path = d.path, &cache = d.cache;
  OptionsGuard on(CacheMode::on);
  quietly([&] { orion::load_triplets<float>(path); });
  CHECK(d.dir.list() == Names{"data.txt", "data.txt.orion-cache"});
  const std::string first = read_file(cache);
  const ino_t first_inode = inode_of(cache);
  // A reader that opened the old cache keeps reading all of it while the new one replaces it.
  const int reader = ::open(cache.c_str(), O_RDONLY);
  REQUIRE(reader >= 0);
  {
    OptionsGuard refresh(CacheMode::refresh);
    CHECK_THAT(capture_stderr([&] { orion::load_triplets<float>(path); }),
               Catch::Matches(text_and_write_lines(path, kFloatElements)));
  }
  CHECK(inode_of(cache) != first_inode);
  std::string old(first.size() + 1, '\0');
  CHECK(::pread(reader, old.data(), old.size(), 0) == static_cast<ssize_t>(first.size()));
  ::close(reader);
  old.resize(first.size());
  CHECK(old == first);
  CHECK(read_file(cache) == first); // same text, same stamp: the same bytes
  CHECK(d.dir.list() == Names{"data.txt", "data.txt.orion-cache"});
}

TEST_CASE("a changed text file invalidates its cache", "[cache]") {
  const Dataset d("data.txt", "0 0 1\n1 1 2\n", 1000);
  const std::string &path = d.path, &cache = d.cache;
  OptionsGuard on(CacheMode::on);
  quietly([&] { orion::load_triplets<int>(path); });
  const std::string changed = "orion: not using cache '" + re_escape(cache) + "': '" +
                              re_escape(path) + "' changed since the cache was written\n";
  auto reload = [&](int elements) {
    const auto text = load_off<int>(path);
    orion::SparseArray<int, 2> got;
    CHECK_THAT(capture_stderr([&] { got = orion::load_triplets<int>(path); }),
               Catch::Matches(changed + text_and_write_lines(path, elements)));
    check_identical(got, text);
    check_from_cache(path, text, [&] { return orion::load_triplets<int>(path); });
  };

  SECTION("same size, new contents and time") {
    write_settled(path, "0 0 7\n1 1 8\n", 2000);
    reload(2);
  }
  SECTION("the same bytes with a new modification time") {
    orion_test::set_mtime(path, 1800);
    reload(2);
  }
  SECTION("another size") {
    write_settled(path, "0 0 1\n1 1 2\n2 2 3\n", 1000);
    reload(3);
  }
  SECTION("the text file is the source of truth: without it there is no load") {
    std::remove(path.c_str());
    CHECK(load_error_of([&] { orion::load_triplets<int>(path); }) ==
          "cannot open '" + path + "': No such file or directory");
  }
}

TEST_CASE("a damaged, foreign or wrong-type cache is ignored and rebuilt", "[cache]") {
  const Dataset d("data.txt", kFloatText);
  const std::string &path = d.path, &cache = d.cache;
  const auto text = load_off<float>(path);
  OptionsGuard on(CacheMode::on);
  quietly([&] { orion::load_triplets<float>(path); });
  const std::string good = read_file(cache);
  REQUIRE(good.size() == 96 + 16 + kFloatElements * 20);

  // Loads over a cache holding `bytes`, expecting it to be rejected for `why`, then rebuilt.
  auto rejected = [&](const std::string &bytes, const std::string &why) {
    write_file(cache, bytes);
    orion::SparseArray<float, 2> got;
    const std::string err = capture_stderr([&] { got = orion::load_triplets<float>(path); });
    CHECK(err.substr(0, err.find('\n') + 1) ==
          "orion: not using cache '" + cache + "': " + why + "\n");
    CHECK_THAT(err.substr(err.find('\n') + 1),
               Catch::Matches(text_and_write_lines(path, kFloatElements)));
    check_identical(got, text);
    CHECK(read_file(cache) == good);
    CHECK(d.dir.list() == Names{"data.txt", "data.txt.orion-cache"});
  };
  auto with = [&](std::size_t offset, const auto &field) {
    std::string bytes = good;
    std::memcpy(bytes.data() + offset, &field, sizeof field);
    return bytes;
  };
  using orion::detail::CacheHeader;
  const std::string size = std::to_string(good.size());

  rejected("", "it is truncated: 0 byte(s), less than the 96-byte header");
  rejected(good.substr(0, 50), "it is truncated: 50 byte(s), less than the 96-byte header");
  rejected(good.substr(0, good.size() - 1),
           "it is truncated or corrupt: " + std::to_string(good.size() - 1) +
               " byte(s), but its header describes 7 element(s)");
  rejected(good + "x", "it is truncated or corrupt: " + std::to_string(good.size() + 1) +
                           " byte(s), but its header describes 7 element(s)");
  rejected(std::string(4096, 'z'), "it is not an orion cache file");
  rejected(with(0, 'X'), "it is not an orion cache file");
  rejected(with(offsetof(CacheHeader, version), std::uint32_t{2}),
           "it has format version 2; this runtime reads version 1");
  rejected(with(offsetof(CacheHeader, byte_order), std::uint32_t{0x04030201}),
           "it was written on a machine of the other byte order");
  rejected(with(offsetof(CacheHeader, dims), std::uint32_t{3}),
           "it holds float32 values in 3 dimension(s); this load reads float32 values in 2 "
           "dimension(s)");
  rejected(with(offsetof(CacheHeader, value_kind), std::uint32_t{9}),
           "it holds unknown32 values in 2 dimension(s); this load reads float32 values in 2 "
           "dimension(s)");
  // A huge element count is rejected by the size check, before anything is allocated.
  rejected(with(offsetof(CacheHeader, nnz), std::int64_t{INT64_MAX / 2}),
           "it is truncated or corrupt: " + size +
               " byte(s), but its header describes 4611686018427387903 element(s)");
  rejected(with(offsetof(CacheHeader, nnz), std::int64_t{-1}),
           "it is truncated or corrupt: " + size +
               " byte(s), but its header describes -1 "
               "element(s)");
  rejected(with(good.size() - 1, char(good.back() ^ 0x10)), "it is corrupt (checksum mismatch)");
  rejected(with(96 + 16 + 3, char(good[96 + 16 + 3] ^ 0x01)), "it is corrupt (checksum mismatch)");
  rejected(with(96, std::int64_t{6}), "it is corrupt (checksum mismatch)");

  // Consistent checksums over inconsistent contents: a cache that was never right.
  const auto stamp = orion::detail::stamp_of(path);
  REQUIRE(stamp);
  const std::vector<Key> keys{{0, 0}, {3, 2}};
  const std::vector<float> values{1, 2};
  for (const Key &bounds : {Key{1, 1}, Key{9, 9}, Key{4, 3}}) {
    REQUIRE_FALSE(orion::detail::write_cache<float, 2>(cache, *stamp, bounds, keys, values));
    if (bounds == Key{4, 3}) { // a consistent planted cache is used as it is
      orion::SparseArray<float, 2> planted;
      quietly([&] { planted = orion::load_triplets<float>(path); });
      CHECK(planted.nnz() == 2);
      continue;
    }
    rejected(read_file(cache), "it is corrupt (its keys do not match the bounds it records)");
  }
  const std::vector<Key> negative{{0, -1}};
  REQUIRE_FALSE(orion::detail::write_cache<float, 2>(cache, *stamp, Key{1, 0}, negative,
                                                     std::vector<float>{1}));
  rejected(read_file(cache), "it is corrupt (its keys do not match the bounds it records)");

  SECTION("a cache of another value type") {
    orion::SparseArray<int, 2> ints;
    const std::string int_text = "0 0 1\n3 2 5\n";
    write_settled(path, int_text);
    quietly([&] { orion::load_triplets<int>(path); }); // the text changed; writes an int cache
    const std::string err = capture_stderr([&] { orion::load_triplets<double>(path); });
    CHECK(err.substr(0, err.find('\n') + 1) ==
          "orion: not using cache '" + cache +
              "': it holds int32 values in 2 dimension(s); this load reads float64 values in 2 "
              "dimension(s)\n");
    CHECK_THAT(capture_stderr([&] { ints = orion::load_triplets<int>(path); }),
               Catch::StartsWith("orion: not using cache '" + cache +
                                 "': it holds float64 values in 2 dimension(s); this load reads "
                                 "int32 values in 2 dimension(s)\n"));
    check_identical(ints, load_off<int>(path));
    CHECK_THAT(capture_stderr([&] { orion::load_triplets<unsigned>(path); }),
               Catch::StartsWith("orion: not using cache '" + cache +
                                 "': it holds int32 values in 2 dimension(s); this load reads "
                                 "uint32 values in 2 dimension(s)\n"));
  }
  SECTION("a cache path that is a loop of symbolic links") {
    std::remove(cache.c_str());
    REQUIRE(::symlink(cache.c_str(), cache.c_str()) == 0);
    const std::string err = capture_stderr([&] { orion::load_triplets<float>(path); });
    CHECK(err.substr(0, err.find('\n') + 1) == "orion: not using cache '" + cache +
                                                   "': cannot read it: Too many levels of symbolic "
                                                   "links\n");
    CHECK(read_file(cache) == good); // the rename replaced the link
  }
}

TEST_CASE("a cache that cannot be written gives one warning and a correct load", "[cache]") {
  const Dataset d("data.txt", kFloatText);
  const std::string &path = d.path, &cache = d.cache;
  const auto text = load_off<float>(path);
  auto warning = [&](const std::string &why) {
    return "orion: warning: cannot write cache '" + cache + "': " + why + " (loaded '" + path +
           "' from its text; --orion-cache=off skips caching)\n";
  };
  OptionsGuard on(CacheMode::on, false);
  orion::SparseArray<float, 2> got;

  SECTION("the cache path is a directory") {
    REQUIRE(::mkdir(cache.c_str(), 0755) == 0);
    write_file(cache + "/keep", "x");
    CHECK(capture_stderr([&] { got = orion::load_triplets<float>(path); }) ==
          warning("cannot replace it: Is a directory"));
    check_identical(got, text);
    CHECK(d.dir.list() == Names{"data.txt", "data.txt.orion-cache"}); // no temporary file
    // Once per file, not once per load.
    CHECK(capture_stderr([&] { got = orion::load_triplets<float>(path); }).empty());
    check_identical(got, text);
    OptionsGuard verbose(CacheMode::on, true);
    CHECK_THAT(capture_stderr([&] { got = orion::load_triplets<float>(path); }),
               Catch::Matches("orion: not using cache '" + re_escape(cache) +
                              "': it is not a regular file\n" + text_line(path, kFloatElements)));
  }
  SECTION("the disk is full (a file size limit)") {
    const std::string big_path = d.dir / "big.txt";
    std::string big;
    for (int i = 0; i < 400; ++i)
      big += std::to_string(i) + " " + std::to_string(i % 7) + " 0.5\n";
    write_settled(big_path, big);
    const auto big_text = load_off<float>(big_path);
    rlimit saved{};
    REQUIRE(::getrlimit(RLIMIT_FSIZE, &saved) == 0);
    const auto previous = std::signal(SIGXFSZ, SIG_IGN); // write() then fails with EFBIG
    rlimit small = saved;
    small.rlim_cur = 4096; // the cache needs 8112 bytes
    REQUIRE(::setrlimit(RLIMIT_FSIZE, &small) == 0);
    std::string err;
    try {
      err = capture_stderr([&] { got = orion::load_triplets<float>(big_path); });
    } catch (...) {
      ::setrlimit(RLIMIT_FSIZE, &saved);
      throw;
    }
    ::setrlimit(RLIMIT_FSIZE, &saved);
    std::signal(SIGXFSZ, previous);
    CHECK(err == "orion: warning: cannot write cache '" + big_path +
                     ".orion-cache': cannot write it: File too large (loaded '" + big_path +
                     "' from its text; --orion-cache=off skips caching)\n");
    check_identical(got, big_text);
    CHECK(d.dir.list() == Names{"big.txt", "data.txt"}); // the partial temporary file is gone
  }
  SECTION("the directory is read-only") {
    REQUIRE(::chmod(d.dir.path().c_str(), 0555) == 0);
    const std::string probe = d.dir / "probe";
    if (std::FILE *f = std::fopen(probe.c_str(), "w")) { // root ignores the permission bits
      std::fclose(f);
      std::remove(probe.c_str());
      WARN("running as root: the read-only directory case is not testable here");
    } else {
      CHECK(capture_stderr([&] { got = orion::load_triplets<float>(path); }) ==
            warning("cannot create a temporary file in its directory: Permission denied"));
      check_identical(got, text);
      CHECK(d.dir.list() == Names{"data.txt"});
    }
    ::chmod(d.dir.path().c_str(), 0755);
  }
}

TEST_CASE("cache mode off neither reads nor writes; refresh ignores and rewrites", "[cache]") {
  const Dataset d("data.txt", kFloatText);
  const std::string &path = d.path, &cache = d.cache;
  const auto text = load_off<float>(path);
  CHECK(d.dir.list() == Names{"data.txt"});
  // A cache with the text's stamp but other elements tells which loads read it.
  const auto stamp = orion::detail::stamp_of(path);
  REQUIRE(stamp);
  REQUIRE_FALSE(orion::detail::write_cache<float, 2>(
      cache, *stamp, Key{1, 1}, std::vector<Key>{{0, 0}}, std::vector<float>{42}));
  const std::string planted = read_file(cache);
  orion::SparseArray<float, 2> got;
  {
    OptionsGuard on(CacheMode::on);
    quietly([&] { got = orion::load_triplets<float>(path); });
    CHECK(got.nnz() == 1);
    CHECK(got.value(0) == 42);
  }
  {
    OptionsGuard off(CacheMode::off);
    CHECK_THAT(capture_stderr([&] { got = orion::load_triplets<float>(path); }),
               Catch::Matches(text_line(path, kFloatElements)));
    check_identical(got, text);
    CHECK(read_file(cache) == planted);
  }
  {
    OptionsGuard refresh(CacheMode::refresh);
    CHECK_THAT(capture_stderr([&] { got = orion::load_triplets<float>(path); }),
               Catch::Matches(text_and_write_lines(path, kFloatElements)));
    check_identical(got, text);
    CHECK(read_file(cache) != planted);
  }
  OptionsGuard on(CacheMode::on);
  check_from_cache(path, text, [&] { return orion::load_triplets<float>(path); });
  CHECK(d.dir.list() == Names{"data.txt", "data.txt.orion-cache"});
}

TEST_CASE("the stats option names a load served by the cache", "[cache]") {
  const Dataset d("data.txt", kFloatText);
  const std::string &path = d.path;
  OptionsGuard stats(CacheMode::on, false, true);
  CHECK(capture_stderr([&] { orion::load_triplets<float>(path); }).empty());
  CHECK_THAT(capture_stderr([&] { orion::load_triplets<float>(path); }),
             Catch::Matches(from_cache_line(path, kFloatElements)));
}

TEST_CASE("a text file modified just before the load is not cached", "[cache]") {
  TempDir dir;
  const std::string path = dir / "fresh.txt";
  write_file(path, kFloatText);
  OptionsGuard on(CacheMode::on);
  CHECK_THAT(capture_stderr([&] { orion::load_triplets<float>(path); }),
             Catch::Matches(text_line(path, kFloatElements) + "orion: not writing cache '" +
                            re_escape(path) + "\\.orion-cache': '" + re_escape(path) +
                            "' was modified less than 2 s before the load\n"));
  CHECK(dir.list() == Names{"fresh.txt"});
}

TEST_CASE("cache_write_blocker refuses a text file that changed or may still change", "[cache]") {
  using orion::detail::cache_write_blocker;
  orion::detail::SourceStamp before;
  before.size = 10;
  before.mtime_sec = 1000;
  const std::int64_t later = 1010 * std::int64_t{1'000'000'000};
  CHECK(cache_write_blocker("d.txt", before, before, later) == std::nullopt);
  orion::detail::SourceStamp after = before;
  after.mtime_nsec = 1;
  CHECK(cache_write_blocker("d.txt", before, after, later) ==
        "'d.txt' changed after it was loaded");
  CHECK(cache_write_blocker("d.txt", before, std::nullopt, later) ==
        "'d.txt' changed after it was loaded");
  CHECK(cache_write_blocker("d.txt", before, before, 1001 * std::int64_t{1'000'000'000}) ==
        "'d.txt' was modified less than 2 s before the load");
  // The change time, which no tool sets back, must have settled too.
  before.ctime_sec = 1009;
  before.ctime_nsec = 960'000'000;
  CHECK(cache_write_blocker("d.txt", before, before, later) ==
        "'d.txt' was changed less than 50 ms before the load (its inode change time)");
  before.ctime_nsec = 950'000'000;
  CHECK(cache_write_blocker("d.txt", before, before, later) == std::nullopt);
}

TEST_CASE("the line for a cache another rank could not use names that rank", "[cache]") {
  CHECK(orion::detail::cache_not_used_line("d.orion-cache", 0, "it is not a regular file") ==
        "orion: not using cache 'd.orion-cache': it is not a regular file\n");
  CHECK(orion::detail::cache_not_used_line("d.orion-cache", 3, "there is no cache file") ==
        "orion: not using cache 'd.orion-cache': rank 3: there is no cache file\n");
}

TEST_CASE("explicit extents the cached elements do not fit give the text load's error", "[cache]") {
  const Dataset d("data.txt", "0 0 1\n\n3 1 2\n");
  const std::string &path = d.path, &cache = d.cache;
  OptionsGuard on(CacheMode::on);
  quietly([&] { orion::load_triplets<float>(path); });
  const std::string cached = read_file(cache);
  const std::string expected =
      path + ":3: index 3 is outside the extent 2 in dimension 0: \"3 1 2\"";
  std::string message;
  CHECK(capture_stderr([&] {
          message = load_error_of([&] { orion::load_triplets<float>(path, Key{2, 10}); });
        }) ==
        "orion: not using cache '" + cache + "': its elements do not fit the extents (2, 10)\n");
  CHECK(message == expected);
  {
    OptionsGuard off(CacheMode::off, false);
    CHECK(load_error_of([&] { orion::load_triplets<float>(path, Key{2, 10}); }) == expected);
  }
  CHECK(read_file(cache) == cached);
  // Negative extents are refused before the cache is looked at, as before.
  CHECK(load_error_of([&] { orion::load_triplets<float>(path, Key{-1, 10}); }) ==
        "loading '" + path + "': the extents (-1, 10) must not be negative");
}

TEST_CASE("load_text with a user parser is never cached", "[cache]") {
  const Dataset d("words.txt", "w1\nw2\n");
  const std::string &path = d.path;
  OptionsGuard on(CacheMode::on, false);
  auto S = orion::load_text<int, 1>(path, [](std::string_view line, auto &key, int &value) {
    key[0] = line[1] - '0';
    value = 1;
    return true;
  });
  CHECK(S.nnz() == 2);
  CHECK(d.dir.list() == Names{"words.txt"});
}

TEST_CASE("a file changed just before the load is not cached, whatever its modification time",
          "[cache]") {
  // cp -p, rsync -t and tar leave files with an old modification time and a fresh change time. A
  // cache written with such a stamp would be served for a same-size rewrite that puts the
  // modification time back within one tick of the file system's clock.
  TempDir dir;
  const std::string path = dir / "data.txt";
  write_file(path, "0 0 1\n1 1 2\n");
  orion_test::set_mtime_only(path, 3600);
  OptionsGuard on(CacheMode::on);
  CHECK_THAT(capture_stderr([&] { orion::load_triplets<int>(path); }),
             Catch::Matches(text_line(path, 2) + "orion: not writing cache '" + re_escape(path) +
                            "\\.orion-cache': '" + re_escape(path) +
                            "' was changed less than 50 ms before the load \\(its inode change "
                            "time\\)\n"));
  CHECK(dir.list() == Names{"data.txt"});

  // The rewrite: same size, the modification time put back exactly.
  orion_test::rewrite_keeping_mtime(path, "0 0 7\n1 1 8\n");
  orion::SparseArray<int, 2> got;
  CHECK_THAT(capture_stderr([&] { got = orion::load_triplets<int>(path); }),
             Catch::Matches(text_and_write_lines(path, 2)));
  CHECK(std::vector<int>(got.values().begin(), got.values().end()) == std::vector<int>{7, 8});
  check_from_cache(path, got, [&] { return orion::load_triplets<int>(path); });
}

TEST_CASE("a text file rewritten with its size and modification time is not served from the "
          "cache",
          "[cache]") {
  const Dataset d("data.txt", "0 0 1\n1 1 2\n", 1000);
  const std::string &path = d.path, &cache = d.cache;
  OptionsGuard on(CacheMode::on);
  quietly([&] { orion::load_triplets<int>(path); });
  REQUIRE(d.dir.list() == Names{"data.txt", "data.txt.orion-cache"});
  const auto stamp = orion::detail::stamp_of(path);
  REQUIRE(stamp);
  orion_test::rewrite_keeping_mtime(path, "0 0 7\n1 1 8\n");
  REQUIRE(orion::detail::stamp_of(path)->mtime_ns() == stamp->mtime_ns());
  orion::SparseArray<int, 2> got;
  CHECK_THAT(capture_stderr([&] { got = orion::load_triplets<int>(path); }),
             Catch::Matches("orion: not using cache '" + re_escape(cache) + "': '" +
                            re_escape(path) + "' changed since the cache was written\n" +
                            text_and_write_lines(path, 2)));
  CHECK(std::vector<int>(got.values().begin(), got.values().end()) == std::vector<int>{7, 8});
}

TEST_CASE("the cache obeys the loader's index rules", "[cache]") {
  const Dataset d("data.txt", "0 0 1\n");
  const std::string &path = d.path, &cache = d.cache;
  const auto stamp = orion::detail::stamp_of(path);
  REQUIRE(stamp);
  OptionsGuard on(CacheMode::on);
  using orion::detail::write_cache;

  // Bounds that overflowed when they were computed (INT64_MAX + 1): refused, and no overflow in
  // the check.
  REQUIRE_FALSE(write_cache<float, 2>(cache, *stamp, Key{INT64_MIN, 1},
                                      std::vector<Key>{{INT64_MAX, 0}}, std::vector<float>{1}));
  orion::SparseArray<float, 2> got;
  std::string err = capture_stderr([&] { got = orion::load_triplets<float>(path); });
  CHECK(err.substr(0, err.find('\n') + 1) ==
        "orion: not using cache '" + cache +
            "': it is corrupt (its keys do not match the bounds it records)\n");
  CHECK(got.nnz() == 1);
  CHECK(got.extents() == Key{1, 1});

  // Consistent, but too large for the memory here (a cache written by an older runtime, or on a
  // bigger machine): refused, and the text load reports the line, as without a cache.
  const std::string text = "0 0 1\n9223372036854775806 0 2\n";
  write_settled(path, text);
  const auto stamp2 = orion::detail::stamp_of(path);
  REQUIRE(stamp2);
  REQUIRE_FALSE(write_cache<float, 2>(cache, *stamp2, Key{INT64_MAX, 1},
                                      std::vector<Key>{{0, 0}, {INT64_MAX - 1, 0}},
                                      std::vector<float>{1, 2}));
  std::string message;
  err =
      capture_stderr([&] { message = load_error_of([&] { orion::load_triplets<float>(path); }); });
  CHECK(err ==
        "orion: not using cache '" + cache +
            "': its elements need the extents (9223372036854775807, 1), more than the " +
            orion::detail::gigabytes(static_cast<double>(orion::detail::memory_limit_bytes())) +
            " of memory available allow\n");
  CHECK_THAT(message, Catch::StartsWith(path + ":2: index 9223372036854775806 in dimension 0 is "
                                               "too large"));
  // With explicit extents that hold it, the same cache serves the load.
  orion::SparseArray<float, 2> wide;
  CHECK_THAT(capture_stderr([&] { wide = orion::load_triplets<float>(path, Key{INT64_MAX, 5}); }),
             Catch::Matches(from_cache_line(path, 2)));
  CHECK(wide.extents() == Key{INT64_MAX, 5});
}

TEST_CASE("a FIFO where the cache belongs is not waited on", "[cache]") {
  const Dataset d("data.txt", kFloatText);
  const std::string &path = d.path, &cache = d.cache;
  const auto text = load_off<float>(path);
  REQUIRE(::mkfifo(cache.c_str(), 0600) == 0);
  orion_test::Watchdog watchdog(20); // no writer ever comes
  OptionsGuard on(CacheMode::on);
  orion::SparseArray<float, 2> got;
  CHECK_THAT(capture_stderr([&] { got = orion::load_triplets<float>(path); }),
             Catch::Matches("orion: not using cache '" + re_escape(cache) +
                            "': it is not a regular file\n" +
                            text_and_write_lines(path, kFloatElements)));
  check_identical(got, text);
  check_from_cache(path, text, [&] { return orion::load_triplets<float>(path); });
}

// The binary cache of load_triplets under MPI: every rank reads the cache itself, the ranks agree
// on whether to use it, and only rank 0 writes it. Every test case is collective.
#include "cache_support.hpp"

#include <orion/detail/comm.hpp>
#include <orion/loaders.hpp>
#include <orion/session.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <sys/stat.h>

using orion::CacheMode;
using orion_test::capture_stderr;
using orion_test::Dataset;
using orion_test::OptionsGuard;
using orion_test::read_file;

namespace {

using Key = std::array<std::int64_t, 2>;

// Many lines, so that every rank parses a part, with comments and blank lines between them.
std::string make_text(int lines) {
  std::string out = "# generated\n";
  std::uint64_t x = 88172645463325252ULL;
  for (int l = 0; l < lines; ++l) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    out += std::to_string(x % 997) + " " + std::to_string((x >> 20) % 61) + " " +
           std::to_string(static_cast<double>(x % 100000) / 64.0) + (l % 5 == 0 ? "\r\n" : "\n");
    if (l % 97 == 0)
      out += "\n# block\n";
  }
  return out;
}

// The array as one string, to compare it across ranks.
std::string fingerprint(const orion::SparseArray<double, 2> &S) {
  std::string out(reinterpret_cast<const char *>(S.extents().data()), sizeof(Key));
  out.append(reinterpret_cast<const char *>(S.keys().data()), S.keys().size_bytes());
  out.append(reinterpret_cast<const char *>(S.values().data()), S.values().size_bytes());
  return out;
}

void check_same_everywhere(const orion::SparseArray<double, 2> &got,
                           const orion::SparseArray<double, 2> &want) {
  const std::string mine = fingerprint(got);
  CHECK(mine == fingerprint(want));
  CHECK(orion::detail::comm_bcast_string(mine, 0) == mine);
}

} // namespace

TEST_CASE("every rank gets the same array from the cache", "[mpi][cache]") {
  const Dataset d("ratings.txt", make_text(5000));
  const std::string &path = d.path, &cache = d.cache;
  const auto text = orion_test::load_off<double>(path);
  OptionsGuard on(CacheMode::on);
  orion::SparseArray<double, 2> got;

  std::string err = capture_stderr([&] { got = orion::load_triplets<double>(path); });
  check_same_everywhere(got, text);
  if (orion::is_root())
    CHECK_THAT(err, Catch::Contains("orion: wrote cache '" + cache + "': "));
  else
    CHECK(err.empty());
  orion::detail::comm_barrier(); // rank 0 has renamed the cache into place
  CHECK(std::filesystem::exists(cache));

  err = capture_stderr([&] { got = orion::load_triplets<double>(path); });
  check_same_everywhere(got, text);
  if (orion::is_root())
    CHECK_THAT(err, Catch::StartsWith("orion: loaded '" + path + "' from cache '" + cache +
                                      "': 5000 elements, "));
  else
    CHECK(err.empty());

  const Key wide{2000, 100};
  const auto text_wide = orion_test::load_off<double>(path, wide);
  err = capture_stderr([&] { got = orion::load_triplets<double>(path, wide); });
  check_same_everywhere(got, text_wide);
  if (orion::is_root())
    CHECK_THAT(err, Catch::Contains("from cache"));
}

TEST_CASE("every rank reads the cache itself", "[mpi][cache]") {
  const Dataset d("ratings.txt", make_text(300));
  const std::string &path = d.path;
  // A cache with the text's stamp but other elements: only a rank that read it returns them.
  if (orion::is_root()) {
    const auto stamp = orion::detail::stamp_of(path);
    REQUIRE(stamp);
    REQUIRE_FALSE(orion::detail::write_cache<double, 2>(d.cache, *stamp, Key{2, 3},
                                                        std::vector<Key>{{1, 2}, {0, 0}},
                                                        std::vector<double>{7.5, -1}));
  }
  orion::detail::comm_barrier();
  OptionsGuard on(CacheMode::on, false);
  const auto got = orion::load_triplets<double>(path);
  REQUIRE(got.nnz() == 2);
  CHECK(got.extents() == Key{2, 3});
  CHECK(got.key(0) == Key{1, 2});
  CHECK(got.value(0) == 7.5);
  CHECK(got.value(1) == -1);
}

TEST_CASE("a damaged cache is ignored on every rank and rebuilt", "[mpi][cache]") {
  const Dataset d("ratings.txt", make_text(2000));
  const std::string &path = d.path, &cache = d.cache;
  const auto text = orion_test::load_off<double>(path);
  OptionsGuard on(CacheMode::on);
  capture_stderr([&] { orion::load_triplets<double>(path); });
  orion::detail::comm_barrier();
  const std::string good = read_file(cache);
  orion::detail::comm_barrier(); // everyone has read it before rank 0 truncates it
  if (orion::is_root())
    orion_test::write_file(cache, good.substr(0, good.size() / 2));
  orion::detail::comm_barrier();

  orion::SparseArray<double, 2> got;
  const std::string err = capture_stderr([&] { got = orion::load_triplets<double>(path); });
  check_same_everywhere(got, text);
  if (orion::is_root())
    CHECK_THAT(
        err, Catch::StartsWith("orion: not using cache '" + cache +
                               "': it is truncated or corrupt: " + std::to_string(good.size() / 2) +
                               " byte(s), but its header "
                               "describes 2000 "
                               "element(s)\n"));
  orion::detail::comm_barrier();
  CHECK(read_file(cache) == good);
}

TEST_CASE("a cache that cannot be written warns once, on rank 0", "[mpi][cache]") {
  const Dataset d("ratings.txt", make_text(500));
  const std::string &path = d.path, &cache = d.cache;
  const auto text = orion_test::load_off<double>(path);
  if (orion::is_root())
    REQUIRE(::mkdir(cache.c_str(), 0755) == 0);
  orion::detail::comm_barrier();
  OptionsGuard on(CacheMode::on, false);
  orion::SparseArray<double, 2> got;
  std::string err = capture_stderr([&] { got = orion::load_triplets<double>(path); });
  check_same_everywhere(got, text);
  CHECK(err == (orion::is_root() ? "orion: warning: cannot write cache '" + cache +
                                       "': cannot replace it: Is a directory (loaded '" + path +
                                       "' from its text; --orion-cache=off skips caching)\n"
                                 : std::string()));
  err = capture_stderr([&] { got = orion::load_triplets<double>(path); });
  check_same_everywhere(got, text);
  CHECK(err.empty());
}

TEST_CASE("explicit extents the cache does not fit give the same error on every rank",
          "[mpi][cache]") {
  const Dataset d("ratings.txt", "0 0 1\n5 1 2\n");
  const std::string &path = d.path;
  OptionsGuard on(CacheMode::on, false);
  orion::load_triplets<double>(path);
  orion::detail::comm_barrier();
  std::string message = "(no error)";
  try {
    orion::load_triplets<double>(path, Key{3, 3});
  } catch (const orion::LoadError &e) {
    CHECK(e.collective());
    message = e.what();
  }
  CHECK(message == path + ":2: index 5 is outside the extent 3 in dimension 0: \"5 1 2\"");
}

TEST_CASE("a cache the index rules refuse gives the text load's error on every rank",
          "[mpi][cache]") {
  // Consistent, but with an index no array here could be allocated for.
  const Dataset d("ratings.txt", "0 0 1\n9223372036854775806 0 2\n");
  const std::string &path = d.path;
  if (orion::is_root()) {
    const auto stamp = orion::detail::stamp_of(path);
    REQUIRE(stamp);
    REQUIRE_FALSE(orion::detail::write_cache<double, 2>(
        d.cache, *stamp, Key{INT64_MAX, 1}, std::vector<Key>{{0, 0}, {INT64_MAX - 1, 0}},
        std::vector<double>{1, 2}));
  }
  orion::detail::comm_barrier();
  OptionsGuard on(CacheMode::on, false);
  std::string message = "(no error)";
  try {
    orion::load_triplets<double>(path);
  } catch (const orion::LoadError &e) {
    CHECK(e.collective());
    message = e.what();
  }
  CHECK_THAT(message, Catch::StartsWith(path + ":2: index 9223372036854775806 in dimension 0 is "
                                               "too large"));
  CHECK(orion::detail::comm_bcast_string(message, 0) == message);
}

TEST_CASE("a text file rewritten with its size and modification time is reloaded on every rank",
          "[mpi][cache]") {
  const Dataset d("ratings.txt", make_text(400));
  const std::string &path = d.path;
  OptionsGuard on(CacheMode::on, false);
  orion::load_triplets<double>(path); // writes the cache
  orion::detail::comm_barrier();
  if (orion::is_root()) {
    std::string text = read_file(path);
    std::replace(text.begin(), text.end(), '1', '2'); // same size, other values
    orion_test::rewrite_keeping_mtime(path, text);
  }
  orion::detail::comm_barrier();
  const auto text = orion_test::load_off<double>(path);
  const auto got = orion::load_triplets<double>(path);
  check_same_everywhere(got, text);
  orion::detail::comm_barrier();
  check_same_everywhere(orion::load_triplets<double>(path), text); // from the new cache
}

// What the loaders refuse, under MPI: every rank throws the same collective LoadError, whichever
// rank found the problem, and no rank waits for another. Every test case is collective.
#include "cache_support.hpp"
#include "mpi_support.hpp"

#include <orion/detail/comm.hpp>
#include <orion/loaders.hpp>
#include <orion/session.hpp>

#include <catch2/catch.hpp>

#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

using orion_test::SharedFile;

namespace {

using Key = std::array<std::int64_t, 2>;

/// The collective LoadError of load(), checked to be the same on every rank.
template <class F> std::string agreed_error(F &&load) {
  std::string message = "(no error)";
  try {
    load();
  } catch (const orion::LoadError &e) {
    CHECK(e.collective());
    message = e.what();
  }
  CHECK(orion::detail::comm_bcast_string(message, 0) == message);
  return message;
}

/// `lines` lines of `good`, with line `bad_line` (1-based) replaced by `bad`; all lines have the
/// same length.
std::string lines_with(const std::string &good, const std::string &bad, int lines, int bad_line) {
  std::string content;
  for (int l = 1; l <= lines; ++l)
    content += l == bad_line ? bad : good;
  return content;
}

/// The 1-based number of the first line starting in the last rank's byte range.
int first_line_of_last_rank(std::size_t line_length, int lines) {
  const int ranks = orion::num_ranks();
  const auto size = static_cast<std::int64_t>(line_length) * lines;
  const std::int64_t lo = size / ranks * (ranks - 1) + size % ranks * (ranks - 1) / ranks;
  return static_cast<int>((lo + static_cast<std::int64_t>(line_length) - 1) /
                          static_cast<std::int64_t>(line_length)) +
         1;
}

} // namespace

TEST_CASE("a FIFO is refused on every rank, without waiting", "[mpi][loaders][checks]") {
  orion_test::TempDir dir;
  const std::string fifo = dir / "ratings.fifo";
  if (orion::is_root())
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  orion::detail::comm_barrier();
  orion_test::Watchdog watchdog(20);
  CHECK(agreed_error([&] { orion::load_triplets<float>(fifo); }) ==
        "cannot load '" + fifo + "': it is a FIFO (named pipe); only regular files can be loaded");
}

TEST_CASE("a too large index in the last rank's range is the same file:line error everywhere",
          "[mpi][loaders][checks]") {
  const std::string good = "0000000000000000010 20 1.5\n";
  const std::string bad = "9223372036854775807 20 1.5\n";
  REQUIRE(good.size() == bad.size());
  const int lines = 40;
  const int bad_line = first_line_of_last_rank(good.size(), lines);
  SharedFile f(lines_with(good, bad, lines, bad_line));
  // The smallest memory over the ranks is this machine's: they all run here.
  CHECK(agreed_error([&] { orion::load_triplets<double>(f.path()); }) ==
        f.path() + ":" + std::to_string(bad_line) + ": " +
            orion::detail::index_too_large(INT64_MAX, 0, orion::detail::memory_limit_bytes()) +
            ": \"9223372036854775807 20 1.5\"");
  CHECK(orion::detail::agreed_max_extent() == orion::detail::memory_limit_bytes());
}

TEST_CASE("values that do not fit T and stray carriage returns are agreed errors",
          "[mpi][loaders][checks]") {
  const int lines = 40;
  {
    const std::string good = "10 20 15\n", bad = "10 20 2.5\n"; // the last line
    SharedFile f(lines_with(good, good, lines, 0) + bad);
    CHECK(agreed_error([&] { orion::load_triplets<std::int32_t>(f.path()); }) ==
          f.path() + ":" + std::to_string(lines + 1) +
              ": value \"2.5\" is not an integer (the values are int32_t): \"10 20 2.5\"");
  }
  {
    const std::string good = "10 20 1.5\n", bad = "10 20\r1.5\n";
    const int bad_line = first_line_of_last_rank(good.size(), lines);
    SharedFile f(lines_with(good, bad, lines, bad_line));
    CHECK(agreed_error([&] { orion::load_triplets<float>(f.path()); }) ==
          f.path() + ":" + std::to_string(bad_line) +
              ": a carriage return ('\\r') inside the line (only \"\\r\\n\" line ends are "
              "accepted): \"10 20\\r1.5\"");
  }
  {
    SharedFile f("0 0 1\n0 1 1e50\n");
    CHECK(agreed_error([&] { orion::load_triplets<float>(f.path()); }) ==
          f.path() + ":2: value \"1e50\" does not fit in float (magnitudes up to 3.40282e+38): "
                     "\"0 1 1e50\"");
  }
}

TEST_CASE("CRLF lines and underflowing values load as in a serial load", "[mpi][loaders][checks]") {
  std::string content;
  for (int i = 0; i < 500; ++i)
    content += std::to_string(i % 13) + " " + std::to_string(i % 7) + " " +
               (i % 3 == 0 ? "1e-50" : std::to_string(i) + ".5") + "\r\n";
  SharedFile f(content);
  orion_test::OptionsGuard off(orion::CacheMode::off, false);
  const auto S = orion::load_triplets<float>(f.path());
  REQUIRE(S.nnz() == 500);
  CHECK(S.extents() == Key{13, 7});
  for (int i = 0; i < 500; ++i) {
    REQUIRE(S.key(i) == Key{i % 13, i % 7});
    REQUIRE(S.value(i) == (i % 3 == 0 ? 0.0f : static_cast<float>(i) + 0.5f));
  }
}

TEST_CASE("a file truncated during the load fails on every rank", "[mpi][loaders][checks]") {
  // Rank 0 truncates the file when its parser sees its first line. Rank 0's part is larger than
  // the 1 MiB read block, so rank 0 always meets the new end; another rank either meets it too,
  // finds the file changed at the end of its load, or opened it after the truncation and saw
  // another size than rank 0. Whichever happens, every rank fails with rank 0's message.
  const int ranks = orion::num_ranks();
  std::string content;
  const std::string line = "123 45 6.5\n";
  while (content.size() < static_cast<std::size_t>(ranks) * (std::size_t{3} << 20) / 2)
    content += line;
  SharedFile f(content);
  const std::string &path = f.path();
  bool done = false;
  const std::string message = agreed_error([&] {
    orion::load_text<float, 2>(
        path, [&](std::string_view text, std::array<std::int64_t, 2> &key, float &value) {
          if (!done && orion::is_root()) {
            done = true;
            CHECK(::truncate(path.c_str(), 0) == 0);
          }
          return orion::detail::parse_triplet(text, key, value);
        });
  });
  CHECK(message == "'" + path +
                       "' changed while it was being loaded (it ended at byte 1048576, but had " +
                       std::to_string(content.size()) +
                       " bytes when the load began); nothing was loaded from it");
}

TEST_CASE("ranks that opened files of different sizes fail together", "[mpi][loaders][checks]") {
  // The agreement itself, with stamps that differ between the ranks as if they had opened
  // different versions of the file.
  orion::detail::SourceStamp mine;
  mine.size = 100 + orion::rank();
  mine.ctime_sec = 1000;
  mine.inode = 5;
  const auto spread = orion::detail::spread_of_stamps(mine, 2000'000'000'000 + orion::rank());
  CHECK(spread.lo.size == 100);
  CHECK(spread.hi.size == 100 + orion::num_ranks() - 1);
  CHECK(spread.first_open_ns == 2000'000'000'000);
  if (orion::num_ranks() > 1) {
    CHECK(orion::detail::ranks_disagree("d.txt", spread) ==
          "the ranks loaded different files named 'd.txt' (the ranks found sizes of 100 and " +
              std::to_string(100 + orion::num_ranks() - 1) +
              " bytes, none changed during the load); every rank must load the same data: make "
              "every node's copy identical, or put the file where every rank opens the same one; "
              "nothing was loaded from it");
    auto changing = spread; // one of them changed after the first rank opened its file
    changing.hi.ctime_sec = 2000;
    CHECK(orion::detail::ranks_disagree("d.txt", changing) ==
          "'d.txt' changed while it was being loaded (the ranks found sizes of 100 and " +
              std::to_string(100 + orion::num_ranks() - 1) + " bytes); nothing was loaded from it");
  } else
    CHECK(orion::detail::ranks_disagree("d.txt", spread) == std::nullopt);
  // A rank that could not open the file does not count.
  const auto partial = orion::detail::spread_of_stamps(
      orion::rank() == 0 ? std::optional<orion::detail::SourceStamp>(mine) : std::nullopt, 7);
  CHECK(partial.lo == partial.hi);
  CHECK(partial.first_open_ns == 7);
}

TEST_CASE("ranks that opened copies of a file load it only when the copies are the same",
          "[mpi][loaders][checks]") {
  // Each rank its own file, as with a copy on each node's disk: one name in a directory per rank.
  const SharedFile base("");
  const std::string dir = base.path() + ".copies" + std::to_string(orion::rank());
  ::mkdir(dir.c_str(), 0700);
  const std::string path = dir + "/d.txt";
  const auto write = [&](const std::string &content) {
    orion::detail::comm_barrier();
    std::remove((path + ".orion-cache").c_str());
    std::ofstream(path, std::ios::binary | std::ios::trunc) << content;
    orion::detail::comm_barrier();
  };
  const std::string same = "0 0 1\n1 1 2\n2 2 3\n3 0 4\n";
  for (const orion::CacheMode mode : {orion::CacheMode::off, orion::CacheMode::on}) {
    orion_test::OptionsGuard options(mode, false);
    write(same);
    // Twice: the second load reads the cache (each rank's own) when it is on.
    for (int load = 0; load < 2; ++load) {
      const auto a = orion::load_triplets<int>(path);
      CHECK(a.nnz() == 4);
    }
    if (orion::num_ranks() == 1)
      continue;
    // Rank 1's copy has other values in the same number of bytes: each rank would parse its
    // byte range of its own copy, a mixture of both.
    write(orion::rank() == 1 ? "0 0 5\n4 4 6\n2 2 7\n3 0 8\n" : same);
    const std::string message = agreed_error([&] { (void)orion::load_triplets<int>(path); });
    CHECK(message.starts_with("the ranks loaded different files named '"));
    const std::string first = orion::num_ranks() > 2 ? "ranks 0, 2" : "rank 0";
    CHECK(message.find("(each rank its own copy of 24 bytes, and their contents differ: " +
                       first) != std::string::npos);
    CHECK(message.find(" read one, rank 1 another); every rank must load the same data") !=
          std::string::npos);
  }
  orion::detail::comm_barrier();
  std::remove((path + ".orion-cache").c_str());
  std::remove(path.c_str());
  ::rmdir(dir.c_str());
}

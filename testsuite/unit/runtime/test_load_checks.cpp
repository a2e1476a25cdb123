// What the loaders refuse (serial backend): files that are not regular files or that change while
// they are loaded, indices too large for the arrays built from them, values that do not fit the
// value type, stray carriage returns; and what they accept that they used to refuse (CRLF files,
// floating-point values too small for the type).
#include "cache_support.hpp"
#include "test_support.hpp"

#include <orion/loaders.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using orion_test::load_error_of;
using orion_test::TempDir;
using orion_test::TempFile;
using orion_test::Watchdog;
using orion_test::write_file;

namespace {

using Key = std::array<std::int64_t, 2>;

template <class T> orion::SparseArray<T, 2> load_uncached(const std::string &path) {
  orion_test::OptionsGuard off(orion::CacheMode::off, false);
  return orion::load_triplets<T>(path);
}

template <class T> std::string error_of(const std::string &content) {
  TempFile f(content);
  const std::string message = load_error_of([&] { load_uncached<T>(f.path()); });
  const std::string prefix = f.path() + ":";
  return message.compare(0, prefix.size(), prefix) == 0 ? message.substr(prefix.size())
                                                        : "(no path) " + message;
}

} // namespace

// --- indices --------------------------------------------------------------------------------

TEST_CASE("an index whose extent would overflow is a file:line error", "[loaders][checks]") {
  const std::string limit =
      orion::detail::gigabytes(static_cast<double>(orion::detail::memory_limit_bytes()));
  CHECK(error_of<float>("0 0 1\n9223372036854775807 0 1\n") ==
        "2: index 9223372036854775807 in dimension 0 is too large: arrays indexed by it would "
        "need at least 9223372036.9 GB, more than the " +
            limit +
            " of memory here (number the ids densely from 0, or pass explicit extents): "
            "\"9223372036854775807 0 1\"");
  CHECK_THAT(error_of<float>("0 9223372036854775807 1\n"),
             Catch::StartsWith("1: index 9223372036854775807 in dimension 1 is too large: "));
  CHECK(error_of<float>("99999999999999999999 0 1\n") ==
        "1: index \"99999999999999999999\" in dimension 0 does not fit in int64_t: "
        "\"99999999999999999999 0 1\"");
  CHECK(error_of<float>("0 -99999999999999999999 1\n") ==
        "1: index \"-99999999999999999999\" in dimension 1 does not fit in int64_t: "
        "\"0 -99999999999999999999 1\"");

  // With explicit extents the program chose the extents: any index inside them is fine.
  TempFile f("9223372036854775806 3 1\n");
  orion_test::OptionsGuard off(orion::CacheMode::off, false);
  const auto S = orion::load_triplets<float>(f.path(), Key{INT64_MAX, 4});
  CHECK(S.extents() == Key{INT64_MAX, 4});
  CHECK(S.key(0) == Key{9223372036854775806, 3});
  TempFile g("9223372036854775807 3 1\n");
  CHECK(load_error_of([&] {
          orion::load_triplets<float>(g.path(), Key{INT64_MAX, 4});
        }) == g.path() +
                  ":1: index 9223372036854775807 is outside the extent 9223372036854775807 in "
                  "dimension 0: \"9223372036854775807 3 1\"");
}

TEST_CASE("an index too large for any array on this machine is a file:line error, not "
          "bad_alloc",
          "[loaders][checks]") {
  const std::int64_t memory = orion::detail::memory_limit_bytes();
  std::int64_t id = 100000000000; // 1e11: 100 GB even at one byte per element
  if (memory >= id) {
    WARN("this machine has " << memory << " bytes of memory; testing with 4x that");
    id = memory > INT64_MAX / 4 ? INT64_MAX : memory * 4;
  }
  const std::string line = "5 " + std::to_string(id) + " 2.5";
  const std::string message = error_of<float>("0 0 1\n\n" + line + "\n");
  CHECK(message == "3: " + orion::detail::index_too_large(id, 1, memory) + ": \"" + line + "\"");
  CHECK_THAT(message, Catch::Contains("is too large") && Catch::Contains("of memory here"));

  // The first index that is too large is the memory in bytes; the one before it loads.
  CHECK(orion::detail::index_too_large(7, 0, 8) ==
        "index 7 in dimension 0 is too large: arrays indexed by it would need at least 0.0 GB, "
        "more than the 0.0 GB of memory here (number the ids densely from 0, or pass explicit "
        "extents)");
  CHECK(orion::detail::agreed_max_extent() == memory); // one rank: its own

  // load_text's keys obey the same rule.
  TempFile t("a\n");
  auto huge = [&](std::string_view, std::array<std::int64_t, 1> &key, int &value) {
    key[0] = id;
    value = 1;
    return true;
  };
  CHECK_THAT(load_error_of([&] { orion::load_text<int, 1>(t.path(), huge); }),
             Catch::StartsWith(t.path() + ":1: index " + std::to_string(id) +
                               " in dimension 0 is too large"));
  CHECK(orion::load_text<int, 1>(t.path(), huge, std::array<std::int64_t, 1>{id + 1}).nnz() == 1);
}

TEST_CASE("an index that is not an integer says so", "[loaders][checks]") {
  CHECK(error_of<float>("1.5 2 3\n") ==
        "1: index \"1.5\" in dimension 0 is not an integer: \"1.5 2 3\"");
  CHECK(error_of<float>("1 2e3 3\n") ==
        "1: index \"2e3\" in dimension 1 is not an integer: \"1 2e3 3\"");
}

// --- values ---------------------------------------------------------------------------------

TEST_CASE("a value that is not an integer, for an integer type, says so", "[loaders][checks]") {
  CHECK(error_of<std::int32_t>("0 1 2.5\n") ==
        "1: value \"2.5\" is not an integer (the values are int32_t): \"0 1 2.5\"");
  CHECK(error_of<std::int32_t>("0 0 1\n0 1 2.0\n") ==
        "2: value \"2.0\" is not an integer (the values are int32_t): \"0 1 2.0\"");
  CHECK(error_of<std::int64_t>("0 1 1e3\n") ==
        "1: value \"1e3\" is not an integer (the values are int64_t): \"0 1 1e3\"");
  CHECK(error_of<std::uint16_t>("0 1 nan\n") ==
        "1: value \"nan\" is not an integer (the values are uint16_t): \"0 1 nan\"");
  // Not a number at all: the format message, as before.
  CHECK(error_of<std::int32_t>("0 1 x\n") ==
        "1: expected \"row col value\" (three whitespace-separated numbers), got \"0 1 x\"");
  CHECK(error_of<std::int32_t>("0 1 2.5.1\n") ==
        "1: expected \"row col value\" (three whitespace-separated numbers), got \"0 1 2.5.1\"");
}

TEST_CASE("an integer value outside the type's range names the range", "[loaders][checks]") {
  CHECK(error_of<std::int32_t>("0 1 3000000000\n") ==
        "1: value \"3000000000\" does not fit in int32_t (-2147483648 to 2147483647): "
        "\"0 1 3000000000\"");
  CHECK(error_of<std::int8_t>("0 1 -129\n") ==
        "1: value \"-129\" does not fit in int8_t (-128 to 127): \"0 1 -129\"");
  CHECK(error_of<std::uint32_t>("0 1 -1\n") ==
        "1: value \"-1\" does not fit in uint32_t (0 to 4294967295): \"0 1 -1\"");
  CHECK(error_of<std::int64_t>("0 1 9223372036854775808\n") ==
        "1: value \"9223372036854775808\" does not fit in int64_t (-9223372036854775808 to "
        "9223372036854775807): \"0 1 9223372036854775808\"");
  TempFile edges("0 0 2147483647\n0 1 -2147483648\n0 2 +5\n");
  const auto S = load_uncached<std::int32_t>(edges.path());
  CHECK(std::vector<std::int32_t>(S.values().begin(), S.values().end()) ==
        std::vector<std::int32_t>{2147483647, -2147483648, 5});
}

TEST_CASE("a floating-point value too large for the type is a file:line error",
          "[loaders][checks]") {
  CHECK(error_of<float>("0 0 1\n0 1 1e50\n") ==
        "2: value \"1e50\" does not fit in float (magnitudes up to 3.40282e+38): \"0 1 1e50\"");
  CHECK(error_of<float>("0 1 -3.5e38\n") ==
        "1: value \"-3.5e38\" does not fit in float (magnitudes up to 3.40282e+38): "
        "\"0 1 -3.5e38\"");
  CHECK(error_of<double>("0 1 1e400\n") ==
        "1: value \"1e400\" does not fit in double (magnitudes up to 1.79769e+308): "
        "\"0 1 1e400\"");
  // The largest finite values, and explicit infinities, are values.
  TempFile f("0 0 3.4028234e38\n0 1 inf\n0 2 -inf\n");
  const auto S = load_uncached<float>(f.path());
  CHECK(S.value(0) == std::numeric_limits<float>::max());
  CHECK(S.value(1) == std::numeric_limits<float>::infinity());
  CHECK(S.value(2) == -std::numeric_limits<float>::infinity());
}

TEST_CASE("a floating-point value too small for the type becomes 0 or a denormal",
          "[loaders][checks]") {
  // As in C++ source code and strtof: the nearest value of the type, not an error.
  const std::string tiny = "0." + std::string(100, '0') + "1"; // 1e-101, longer than 64 chars
  TempFile f("0 0 1e-50\n0 1 -1e-50\n0 2 1e-40\n0 3 1e-45\n0 4 +1e-46\n0 5 " + tiny + "\n");
  const auto S = load_uncached<float>(f.path());
  REQUIRE(S.nnz() == 6);
  CHECK(S.value(0) == 0.0f);
  CHECK_FALSE(std::signbit(S.value(0)));
  CHECK(S.value(1) == 0.0f);
  CHECK(std::signbit(S.value(1))); // -0
  CHECK(std::fpclassify(S.value(2)) == FP_SUBNORMAL);
  CHECK(S.value(2) == 1e-40f);
  CHECK(S.value(3) == std::numeric_limits<float>::denorm_min());
  CHECK(S.value(4) == 0.0f); // below half the smallest denormal
  CHECK(S.value(5) == 0.0f);

  TempFile g("0 0 1e-320\n0 1 1e-400\n");
  const auto D = load_uncached<double>(g.path());
  CHECK(std::fpclassify(D.value(0)) == FP_SUBNORMAL);
  CHECK(D.value(0) == 1e-320);
  CHECK(D.value(1) == 0.0);
}

// --- carriage returns -----------------------------------------------------------------------

TEST_CASE("CRLF files load as LF files", "[loaders][checks]") {
  const std::string lf = "# ratings\n0 0 1.5\n\n  \n1 2 -3\n# done\n2 1 4e2\n5 5 7";
  std::string crlf;
  for (const char c : lf)
    crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  TempFile a(lf), b(crlf), c(crlf + "\r\n");
  const auto A = load_uncached<float>(a.path());
  const auto B = load_uncached<float>(b.path());
  const auto C = load_uncached<float>(c.path());
  REQUIRE(A.nnz() == 4);
  for (const auto *X : {&B, &C}) {
    CHECK(X->extents() == A.extents());
    CHECK(std::equal(X->keys().begin(), X->keys().end(), A.keys().begin(), A.keys().end()));
    CHECK(std::equal(X->values().begin(), X->values().end(), A.values().begin(), A.values().end()));
  }
}

TEST_CASE("a carriage return inside a line is a file:line error", "[loaders][checks]") {
  const std::string what =
      "a carriage return ('\\r') inside the line (only \"\\r\\n\" line ends are accepted): ";
  CHECK(error_of<float>("1\r2 3\n") == "1: " + what + "\"1\\r2 3\"");
  CHECK(error_of<float>("0 0 1\n1 2\r3\n") == "2: " + what + "\"1 2\\r3\"");
  CHECK(error_of<float>("0 0 1\r\n1 2 3\r\r\n") == "2: " + what + "\"1 2 3\\r\"");
  // Old Mac line ends: the whole file is one line.
  CHECK(error_of<float>("0 0 1\r1 1 2\r") == "1: " + what + "\"0 0 1\\r1 1 2\"");
  // The same line read with fields around the '\r' does not load as "1 2 3".
  CHECK(error_of<int>("1 \r2 3\n") == "1: " + what + "\"1 \\r2 3\"");
}

TEST_CASE("quoted lines escape control characters", "[loaders][checks]") {
  using orion::detail::quote_line;
  CHECK(quote_line("a\tb") == "\"a\tb\"");
  CHECK(quote_line(std::string_view("a\rb\0c\x7f", 6)) == "\"a\\rb\\x00c\\x7f\"");
  CHECK(quote_line(std::string(100, 'z')) == "\"" + std::string(80, 'z') + "...\"");
}

TEST_CASE("why_not tells the kinds of bad fields apart", "[loaders][checks]") {
  using orion::detail::FieldProblem;
  using orion::detail::why_not;
  CHECK(why_not<std::int64_t>("12") == FieldProblem::none);
  CHECK(why_not<std::int64_t>("") == FieldProblem::missing);
  CHECK(why_not<std::int64_t>("1.5") == FieldProblem::not_integer);
  CHECK(why_not<std::int64_t>("+1e400") == FieldProblem::not_integer);
  CHECK(why_not<std::int64_t>("-9223372036854775809") == FieldProblem::out_of_range);
  CHECK(why_not<std::int64_t>("12abc") == FieldProblem::malformed);
  CHECK(why_not<std::int64_t>("+-1") == FieldProblem::malformed);
  CHECK(why_not<std::uint8_t>("256") == FieldProblem::out_of_range);
  CHECK(why_not<std::uint8_t>("+255") == FieldProblem::none);
  CHECK(why_not<float>("1e-50") == FieldProblem::none);
  CHECK(why_not<float>("1e50") == FieldProblem::out_of_range);
  CHECK(why_not<float>("-1e50") == FieldProblem::out_of_range);
  CHECK(why_not<float>("1e5x") == FieldProblem::malformed);
  CHECK(why_not<double>("nan") == FieldProblem::none);
  CHECK(why_not<long double>("1e5000") == FieldProblem::out_of_range);
  CHECK(why_not<long double>("1e-5000") == FieldProblem::none);
}

// --- files that are not regular files -------------------------------------------------------

TEST_CASE("a FIFO is refused at once, not waited on", "[loaders][checks]") {
  TempDir dir;
  const std::string fifo = dir / "ratings.fifo";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  const std::string expected =
      "cannot load '" + fifo + "': it is a FIFO (named pipe); only regular files can be loaded";
  Watchdog watchdog(20); // no writer ever comes: a blocking open would hang here
  for (const orion::CacheMode mode :
       {orion::CacheMode::on, orion::CacheMode::off, orion::CacheMode::refresh}) {
    orion_test::OptionsGuard guard(mode, false);
    CHECK(load_error_of([&] { orion::load_triplets<float>(fifo); }) == expected);
  }
  CHECK(load_error_of([&] {
          orion::load_text<int, 1>(fifo, [](std::string_view, auto &, int &) { return true; });
        }) == expected);
  CHECK(dir.list() == std::vector<std::string>{"ratings.fifo"}); // no cache written for it
}

TEST_CASE("devices, directories and sockets are refused with what they are", "[loaders][checks]") {
  CHECK(load_error_of([&] { load_uncached<float>("/dev/null"); }) ==
        "cannot load '/dev/null': it is a character device; only regular files can be loaded");
  CHECK(load_error_of([&] { load_uncached<float>("/tmp"); }) ==
        "cannot load '/tmp': it is a directory; only regular files can be loaded");
  // A symbolic link to a regular file is that file.
  TempDir dir;
  const std::string target = dir / "data.txt", link = dir / "link.txt";
  write_file(target, "1 1 1\n");
  REQUIRE(::symlink(target.c_str(), link.c_str()) == 0);
  CHECK(load_uncached<float>(link).nnz() == 1);
}

// --- files that change while they are loaded ------------------------------------------------

namespace {

/// A file of `lines` triplet lines, 3 MiB or more with the default, so that the loader reads it
/// in several blocks.
std::string big_text(int lines = 300000) {
  std::string text;
  for (int i = 0; i < lines; ++i)
    text += std::to_string(i % 1000) + " " + std::to_string(i % 37) + " 0.25\n";
  return text;
}

/// Loads `path` with load_text, running `during()` when the parser sees the first line: the
/// parser is code that runs in the middle of the load, so this changes the file mid-load,
/// deterministically.
std::string load_changing(const std::string &path, const std::function<void()> &during) {
  bool done = false;
  return load_error_of([&] {
    orion::load_text<float, 2>(
        path, [&](std::string_view line, std::array<std::int64_t, 2> &key, float &value) {
          if (!done) {
            done = true;
            during();
          }
          return orion::detail::parse_triplet(line, key, value);
        });
  });
}

std::string changed(const std::string &path, const std::string &how) {
  return "'" + path + "' changed while it was being loaded (" + how +
         "); nothing was loaded from it";
}

} // namespace

TEST_CASE("a file truncated while it is loaded is an error naming it", "[loaders][checks]") {
  TempDir dir;
  const std::string path = dir / "data.txt";
  const std::string text = big_text();
  REQUIRE(text.size() > (std::size_t{2} << 20));
  write_file(path, text);
  CHECK(load_changing(path, [&] { REQUIRE(::truncate(path.c_str(), 100) == 0); }) ==
        changed(path, "it ended at byte 1048576, but had " + std::to_string(text.size()) +
                          " bytes when the load began"));
  // Truncated to nothing.
  write_file(path, text);
  CHECK(load_changing(path, [&] { REQUIRE(::truncate(path.c_str(), 0) == 0); }) ==
        changed(path, "it ended at byte 1048576, but had " + std::to_string(text.size()) +
                          " bytes when the load began"));
}

TEST_CASE("a file that grows while it is loaded is an error naming it", "[loaders][checks]") {
  TempDir dir;
  const std::string path = dir / "data.txt";
  write_file(path, "0 0 1\n1 1 2\n");
  CHECK(load_changing(path, [&] {
          std::FILE *f = std::fopen(path.c_str(), "ab");
          REQUIRE(f != nullptr);
          std::fputs("2 2 3\n", f);
          std::fclose(f);
        }) == changed(path, "its size went from 12 to 18 bytes"));
}

TEST_CASE("a file rewritten in place with the same size while it is loaded is an error",
          "[loaders][checks]") {
  TempDir dir;
  const std::string path = dir / "data.txt";
  write_file(path, "0 0 1\n1 1 2\n");
  orion_test::set_mtime_only(path, 3600); // so that the rewrite moves the modification time
  CHECK(load_changing(path, [&] {
          const int fd = ::open(path.c_str(), O_WRONLY);
          REQUIRE(fd >= 0);
          REQUIRE(::pwrite(fd, "7", 1, 0) == 1);
          ::close(fd);
        }) == changed(path, "it was written to"));
}

TEST_CASE("a file replaced or removed while it is loaded is an error", "[loaders][checks]") {
  TempDir dir;
  const std::string path = dir / "data.txt", other = dir / "other.txt";
  write_file(path, "0 0 1\n1 1 2\n");
  write_file(other, "0 0 9\n1 1 9\n");
  CHECK(load_changing(path, [&] { REQUIRE(::rename(other.c_str(), path.c_str()) == 0); }) ==
        changed(path, "another file was put in its place"));
  CHECK(load_changing(path, [&] { REQUIRE(::unlink(path.c_str()) == 0); }) ==
        changed(path, "it was removed or renamed"));
}

TEST_CASE("FileRange records the stamp of the file it opened", "[loaders][checks]") {
  TempFile f("0 0 1\n");
  orion::detail::FileRange range(f.path(), 0, 1);
  const auto stamp = orion::detail::stamp_of(f.path());
  REQUIRE(stamp);
  CHECK(range.stamp() == *stamp);
  CHECK(range.file_size() == 6);
  CHECK_NOTHROW(range.check_unchanged());
  write_file(f.path(), "0 0 1\n1 1 1\n");
  CHECK_THROWS_WITH(range.check_unchanged(), changed(f.path(), "its size went from 6 to 12 bytes"));
}

TEST_CASE("change_during_load compares the stamps before and after", "[loaders][checks]") {
  using orion::detail::change_during_load;
  using orion::detail::SourceStamp;
  SourceStamp before;
  before.size = 100;
  before.mtime_sec = 1000;
  before.ctime_sec = 1000;
  before.inode = 42;
  CHECK(change_during_load("d.txt", before, before, before) == std::nullopt);
  SourceStamp after = before;
  after.size = 50;
  CHECK(change_during_load("d.txt", before, after, after) ==
        changed("d.txt", "its size went from 100 to 50 bytes"));
  after = before;
  after.mtime_nsec = 1;
  CHECK(change_during_load("d.txt", before, after, after) == changed("d.txt", "it was written to"));
  after = before;
  after.ctime_nsec = 1; // a write that restored the modification time
  CHECK(change_during_load("d.txt", before, after, after) == changed("d.txt", "it was written to"));
  after = before;
  after.inode = 43;
  CHECK(change_during_load("d.txt", before, before, after) ==
        changed("d.txt", "another file was put in its place"));
  CHECK(change_during_load("d.txt", before, before, std::nullopt) ==
        changed("d.txt", "it was removed or renamed"));
  CHECK(change_during_load("d.txt", before, std::nullopt, before) ==
        changed("d.txt", "it could no longer be examined"));
}

TEST_CASE("ranks_disagree tells a file rewritten between the ranks' opens from copies of one "
          "file",
          "[loaders][checks]") {
  using orion::detail::ranks_disagree;
  using orion::detail::StampSpread;
  StampSpread s;
  s.lo.size = s.hi.size = 100;
  s.lo.ctime_sec = s.hi.ctime_sec = 1000;
  s.lo.inode = s.hi.inode = 7;
  s.first_open_ns = std::int64_t{2000} * 1'000'000'000;
  CHECK(ranks_disagree("d.txt", s) == std::nullopt); // one file
  StampSpread sizes = s; // two files of different sizes, both older than the load
  sizes.hi.size = 120;
  CHECK(ranks_disagree("d.txt", sizes) ==
        orion::detail::different_copies(
            "d.txt", "the ranks found sizes of 100 and 120 bytes, none changed during the load"));
  sizes.hi.ctime_sec = 2000; // one changed as the load began
  CHECK(ranks_disagree("d.txt", sizes) ==
        changed("d.txt", "the ranks found sizes of 100 and 120 bytes"));
  StampSpread copies = s; // one file copied to each node's disk before the run
  copies.hi.inode = 99;
  copies.hi.ctime_sec = 1500;
  CHECK(ranks_disagree("d.txt", copies) == std::nullopt);
  StampSpread rewritten = copies; // a rank opened a version made after the load began
  rewritten.hi.ctime_sec = 2000;
  CHECK(ranks_disagree("d.txt", rewritten) ==
        changed("d.txt", "it was modified after the first rank had begun reading it"));
}

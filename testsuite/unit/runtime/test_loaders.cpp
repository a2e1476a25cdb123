#include "test_support.hpp"

#include <orion/loaders.hpp>

#include <catch2/catch.hpp>

#include <array>
#include <charconv>
#include <cstdint>
#include <string>
#include <vector>

using orion_test::load_error_of;
using orion_test::TempFile;

TEST_CASE("load_triplets reads row col value lines", "[loaders]") {
  TempFile f("0 0 1.5\n"
             "2 1 -2.25\n"
             "\n"
             "# a comment\n"
             "   \t \n"
             "  1   3\t4e2  \r\n"
             "+1 0 +3\n"
             "2 1 7"); // no trailing newline
  auto S = orion::load_triplets<float>(f.path());
  CHECK(S.extent(0) == 3);
  CHECK(S.extent(1) == 4);
  REQUIRE(S.nnz() == 5);
  std::vector<std::array<int64_t, 2>> keys(S.keys().begin(), S.keys().end());
  CHECK(keys == std::vector<std::array<int64_t, 2>>{{0, 0}, {2, 1}, {1, 3}, {1, 0}, {2, 1}});
  std::vector<float> values(S.values().begin(), S.values().end());
  CHECK(values == std::vector<float>{1.5f, -2.25f, 400.0f, 3.0f, 7.0f});
}

TEST_CASE("load_triplets with integer values and explicit extents", "[loaders]") {
  TempFile f("0 1 3\n1 1 4\n");
  auto S = orion::load_triplets<int>(f.path(), {5, 6});
  CHECK(S.extent(0) == 5);
  CHECK(S.extent(1) == 6);
  CHECK(S.nnz() == 2);
  CHECK(S.value(1) == 4);
  CHECK(load_error_of([&] { orion::load_triplets<int>(f.path(), {5, 1}); }) ==
        f.path() + ":1: index 1 is outside the extent 1 in dimension 1: \"0 1 3\"");
  CHECK_THROWS_WITH(orion::load_triplets<int>(f.path(), {-1, 1}),
                    Catch::Contains("must not be negative"));
}

TEST_CASE("load_triplets of an empty file is an empty array", "[loaders]") {
  TempFile empty("");
  auto S = orion::load_triplets<double>(empty.path());
  CHECK(S.nnz() == 0);
  CHECK(S.extent(0) == 0);
  CHECK(S.extent(1) == 0);
  TempFile comments("# nothing here\n\n");
  CHECK(orion::load_triplets<double>(comments.path()).nnz() == 0);
}

TEST_CASE("load_triplets names file:line of a malformed line", "[loaders]") {
  TempFile f("0 0 1\n1 1 2\n1 2 x\n3 3 3\n");
  const std::string msg = load_error_of([&] { orion::load_triplets<float>(f.path()); });
  CHECK(msg == f.path() +
                   ":3: expected \"row col value\" (three whitespace-separated numbers), got \"1 2 "
                   "x\"");
  CHECK_THAT(msg, Catch::Contains(":3:") && Catch::Contains("expected \"row col value\""));

  // (An index or value that is a number, but not one of the right type, has messages of its own:
  // test_load_checks.cpp.)
  for (const char *bad : {"1 2\n", "1 2 3 4\n", "a b c\n", "1 2 3x\n", "1 2 +-3\n", "1 2 3e\n"}) {
    TempFile g(std::string("# header\n") + bad);
    CHECK_THAT(load_error_of([&] { orion::load_triplets<float>(g.path()); }),
               Catch::StartsWith(g.path() + ":2: expected"));
  }
}

TEST_CASE("load_triplets truncates long lines in messages", "[loaders]") {
  const std::string longline = "1 2 " + std::string(300, 'z');
  TempFile f("0 0 0\n" + longline + "\n");
  const std::string msg = load_error_of([&] { orion::load_triplets<float>(f.path()); });
  CHECK_THAT(msg, Catch::Contains(":2:") && Catch::EndsWith("...\""));
  CHECK(msg.size() < 250);
}

TEST_CASE("load_triplets rejects negative indices", "[loaders]") {
  TempFile f("0 0 1\n\n0 -4 1\n");
  CHECK(load_error_of([&] { orion::load_triplets<float>(f.path()); }) ==
        f.path() + ":3: negative index -4 in dimension 1: \"0 -4 1\"");
}

TEST_CASE("load_triplets of a missing file names the path and the reason", "[loaders]") {
  const std::string missing = "/nonexistent/orion/ratings.txt";
  CHECK(load_error_of([&] { orion::load_triplets<float>(missing); }) ==
        "cannot open '" + missing + "': No such file or directory");
  CHECK_THAT(load_error_of([&] { orion::load_triplets<float>("/tmp"); }),
             Catch::Contains("'/tmp'") && Catch::Contains("directory"));
}

TEST_CASE("load_triplets handles lines longer than the read block", "[loaders]") {
  std::string content;
  for (int i = 0; i < 3000; ++i)
    content += std::to_string(i) + " " + std::to_string(i % 7) + " " + std::to_string(i) + ".25\n";
  content += "5 5" + std::string(3 << 20, ' ') + "2.5\n"; // a 3 MiB line
  content += "1 1 1\n";
  TempFile f(content);
  auto S = orion::load_triplets<double>(f.path());
  REQUIRE(S.nnz() == 3002);
  CHECK(S.value(2999) == 2999.25);
  CHECK(S.value(3000) == 2.5);
  CHECK(S.key(3001) == std::array<int64_t, 2>{1, 1});
}

namespace {
// "doc word count" as a 2-d array of counts, with a doc-id prefix "d".
bool parse_doc_word(std::string_view line, std::array<int64_t, 2> &key, int &value) {
  if (line.size() < 2 || line[0] != 'd')
    return false;
  const char *p = line.data() + 1, *end = line.data() + line.size();
  auto field = [&](auto &out) {
    while (p != end && *p == ' ')
      ++p;
    auto [next, ec] = std::from_chars(p, end, out);
    p = next;
    return ec == std::errc();
  };
  return field(key[0]) && field(key[1]) && field(value);
}
} // namespace

TEST_CASE("load_text uses the user parser", "[loaders]") {
  TempFile f("d0 3 2\n# comment\nd1 0 5\n\nd4 1 1\n");
  auto S = orion::load_text<int, 2>(f.path(), parse_doc_word);
  CHECK(S.extent(0) == 5);
  CHECK(S.extent(1) == 4);
  REQUIRE(S.nnz() == 3);
  CHECK(S.value(1) == 5);

  TempFile bad("d0 3 2\nd1 0 5\nx2 0 1\n");
  CHECK(load_error_of([&] { orion::load_text<int, 2>(bad.path(), parse_doc_word); }) ==
        bad.path() + ":3: the parser rejected this line: \"x2 0 1\"");

  TempFile negative("d0 3 2\nd-1 0 5\n");
  CHECK_THAT(load_error_of([&] { orion::load_text<int, 2>(negative.path(), parse_doc_word); }),
             Catch::StartsWith(negative.path() + ":2: negative index -1 in dimension 0"));

  auto throwing = [](std::string_view line, std::array<int64_t, 1> &key, float &value) {
    if (line == "boom")
      throw std::runtime_error("kaput");
    key[0] = static_cast<int64_t>(line.size());
    value = 1;
    return true;
  };
  TempFile t("a\nbb\nboom\n");
  CHECK(load_error_of([&] { orion::load_text<float, 1>(t.path(), throwing); }) ==
        t.path() + ":3: the parser threw \"kaput\" on \"boom\"");
  auto ok = orion::load_text<float, 1>(
      t.path(),
      [](std::string_view line, auto &key, auto &v) {
        key[0] = static_cast<int64_t>(line.size());
        v = 2;
        return true;
      },
      std::array<int64_t, 1>{10});
  CHECK(ok.extent(0) == 10);
  CHECK(ok.nnz() == 3);
}

TEST_CASE("FileRange parts partition the lines for any split", "[loaders]") {
  const std::string content = "a\n\nbbb\ncc\n\n\ndddd\ne";
  TempFile f(content);
  std::vector<std::string> whole;
  orion::detail::FileRange(f.path(), 0, 1).for_each_line([&](std::string_view l) {
    whole.emplace_back(l);
    return true;
  });
  CHECK(whole == std::vector<std::string>{"a", "", "bbb", "cc", "", "", "dddd", "e"});
  for (int parts = 1; parts <= 25; ++parts) {
    std::vector<std::string> joined;
    for (int part = 0; part < parts; ++part)
      orion::detail::FileRange(f.path(), part, parts).for_each_line([&](std::string_view l) {
        joined.emplace_back(l);
        return true;
      });
    CHECK(joined == whole);
  }
}

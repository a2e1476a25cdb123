#include "test_support.hpp"

#include <orion/loaders.hpp>

#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

using orion_test::load_error_of;
using orion_test::TempFile;

namespace {

using Key = std::array<int64_t, 3>;

std::string docword_error(const std::string &content) {
  TempFile f(content, "docword");
  const std::string message = load_error_of([&] { orion::load_bag_of_words(f.path()); });
  return message.rfind(f.path(), 0) == 0 ? message.substr(f.path().size()) : message;
}

} // namespace

TEST_CASE("load_bag_of_words expands counts into occurrences", "[loaders][bag_of_words]") {
  TempFile f("3\r\n"
             "4\n"
             "\n"
             "3\n"
             "1 2 3\n"
             "# a comment\n"
             "3 4 1\r\n"
             "1 1 2");
  const orion::SparseArray<int32_t, 3> B = orion::load_bag_of_words(f.path());
  CHECK(B.extents() == Key{3, 4, 3});
  CHECK(std::vector<Key>(B.keys().begin(), B.keys().end()) ==
        std::vector<Key>{{0, 1, 0}, {0, 1, 1}, {0, 1, 2}, {2, 3, 0}, {0, 0, 0}, {0, 0, 1}});
  CHECK(std::vector<int32_t>(B.values().begin(), B.values().end()) == std::vector<int32_t>(6, 0));
  std::vector<int64_t> occurrences;
  for (auto &&[k, v] : B.row(0, 1)) {
    occurrences.push_back(k);
    CHECK(v == 0);
  }
  CHECK(occurrences == std::vector<int64_t>{0, 1, 2});
  CHECK(B.row(1, 0).empty());
}

TEST_CASE("load_bag_of_words: a header without lines", "[loaders][bag_of_words]") {
  TempFile f("5\n7\n0\n");
  CHECK(orion::load_bag_of_words(f.path()).extents() == Key{5, 7, 0});
}

TEST_CASE("load_bag_of_words names the line that disagrees with the header",
          "[loaders][bag_of_words]") {
  CHECK(docword_error("2\n3\n2\n1 1 1\n") ==
        ":3: the header announces NNZ = 2 \"doc word count\" lines, but the file has 1");
  CHECK(docword_error("2\n3\n1\n1 1 1\n\n1 2 1\n") ==
        ":6: more \"doc word count\" lines than the NNZ = 1 the header announces");
  CHECK(docword_error("2\n3\n1\n3 1 1\n") == ":4: document id 3 is outside 1..2 (D = 2)");
  CHECK(docword_error("2\n3\n1\n0 1 1\n") == ":4: document id 0 is outside 1..2 (D = 2)");
  CHECK(docword_error("2\n3\n1\n1 4 1\n") == ":4: word id 4 is outside 1..3 (W = 3)");
  CHECK(docword_error("2\n3\n1\n1 1 0\n") == ":4: count 0 is not positive");
  CHECK(docword_error("2\n3\n1\n1 1\n") ==
        ":4: expected \"doc word count\" (three integers), but this line has 2 fields");
  CHECK(docword_error("2\n3\n1\n1 1 x\n") ==
        ":4: expected \"doc word count\" (three integers), got \"1 1 x\"");
  CHECK(docword_error("2 3\n3\n1\n") ==
        ":1: header line 1 of 3 must be D (the number of documents), one integer, but this "
        "line has 2");
  CHECK(docword_error("2\n-3\n1\n") ==
        ":2: header line 2 of 3 must be W (the number of words), not negative: -3");
  CHECK(docword_error("2\n3\nx\n") ==
        ":3: expected header line 3 of 3, NNZ (the number of \"doc word count\" lines), as one "
        "integer, got \"x\"");
  CHECK_THAT(docword_error("2\n3\n"),
             Catch::EndsWith("': expected three header lines (D, W and NNZ) before the \"doc "
                             "word count\" lines, but the file has 2 lines"));
  // The first problem in file order wins over a later one.
  CHECK(docword_error("2\n3\n2\n1 9 1\n1 1 x\n") == ":4: word id 9 is outside 1..3 (W = 3)");
  // Lines are not kept, only what can still be wrong once the header is known: a problem that
  // needs the header still wins over a later one that does not, whichever comes first.
  CHECK(docword_error("2\n3\n3\n1 1 1\n2 9 1\n0 1 1\n") == ":5: word id 9 is outside 1..3 (W = 3)");
  CHECK(docword_error("2\n3\n3\n1 1 1\n0 1 1\n2 9 1\n") ==
        ":5: document id 0 is outside 1..2 (D = 2)");
  CHECK(docword_error("3\n3\n4\n2 1 1\n1 3 1\n3 1 1\n4 2 1\n") ==
        ":7: document id 4 is outside 1..3 (D = 3)");
  CHECK(docword_error("3\n2\n4\n1 2 1\n3 1 1\n1 3 1\n2 1 1\n") ==
        ":6: word id 3 is outside 1..2 (W = 2)");
  CHECK(docword_error("2\n3\n2\n1 1 1\n7\n") ==
        ":5: expected \"doc word count\" (three integers), but this line has 1 field");
  CHECK(docword_error("2\n3\n2\n1 1 1\n1 2 -1\n") == ":5: count -1 is not positive");
  // An NNZ as large as an int64_t gets (the line past it must not be computed by overflowing).
  CHECK(docword_error("1\n1\n9223372036854775807\n1 1 1\n") ==
        ":3: the header announces NNZ = 9223372036854775807 \"doc word count\" lines, but the "
        "file has 1");
  // The line past NNZ, after blank and comment lines.
  CHECK(docword_error("2\n3\n1\n# a comment\n1 1 1\n\n\n1 2 1\n1 3 1\n") ==
        ":8: more \"doc word count\" lines than the NNZ = 1 the header announces");
  CHECK(docword_error("2\n\n3\n1\n1 1 1\n1 2 1\n1 2\n") ==
        ":6: more \"doc word count\" lines than the NNZ = 1 the header announces");
}

TEST_CASE("load_bag_of_words on a missing file names it", "[loaders][bag_of_words]") {
  CHECK_THAT(load_error_of([] { orion::load_bag_of_words("/nonexistent/docword.txt"); }),
             Catch::StartsWith("cannot open '/nonexistent/docword.txt'"));
}

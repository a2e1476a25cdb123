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

using Key = std::array<int64_t, 2>;

template <class T> std::vector<Key> keys_of(const orion::SparseArray<T, 2> &X) {
  return {X.keys().begin(), X.keys().end()};
}

template <class T> std::vector<T> values_of(const orion::SparseArray<T, 2> &X) {
  return {X.values().begin(), X.values().end()};
}

std::string libsvm_error(const std::string &content) {
  TempFile f(content, "libsvm");
  const std::string message = load_error_of([&] { orion::load_libsvm<float>(f.path()); });
  // The path is a temp name; tests compare what follows it.
  return message.rfind(f.path(), 0) == 0 ? message.substr(f.path().size()) : message;
}

} // namespace

TEST_CASE("load_libsvm reads labels and 1-based features", "[loaders][libsvm]") {
  TempFile f("+1 1:0.5 3:2\r\n"
             "-1\n"
             "\n"
             "# a comment line\n"
             "   \t \n"
             "0 2:1e3   10:-1 # SVMlight info\n"
             "2.5\t4:+7"); // no trailing newline
  auto [X, y] = orion::load_libsvm<float>(f.path());
  CHECK(X.extent(0) == 4);
  CHECK(X.extent(1) == 10);
  CHECK(keys_of(X) == std::vector<Key>{{0, 0}, {0, 2}, {2, 1}, {2, 9}, {3, 3}});
  CHECK(values_of(X) == std::vector<float>{0.5f, 2.0f, 1000.0f, -1.0f, 7.0f});
  REQUIRE(y.extent(0) == 4);
  CHECK(y(0) == 1.0f);
  CHECK(y(1) == -1.0f);
  CHECK(y(2) == 0.0f);
  CHECK(y(3) == 2.5f);
  CHECK(X.row(1).empty());
  std::vector<std::pair<int64_t, float>> row0;
  for (auto &&[f, v] : X.row(0))
    row0.emplace_back(f, v);
  CHECK(row0 == std::vector<std::pair<int64_t, float>>{{0, 0.5f}, {2, 2.0f}});
}

TEST_CASE("load_libsvm: one sample, feature 1 is column 0, integer values", "[loaders][libsvm]") {
  TempFile f("-1 1:3\n");
  auto data = orion::load_libsvm<int32_t>(f.path());
  CHECK(data.X.extents() == Key{1, 1});
  CHECK(keys_of(data.X) == std::vector<Key>{{0, 0}});
  CHECK(values_of(data.X) == std::vector<int32_t>{3});
  CHECK(data.y(0) == -1);
}

TEST_CASE("load_libsvm: files without samples or without features", "[loaders][libsvm]") {
  {
    TempFile f("# nothing\n\n");
    auto [X, y] = orion::load_libsvm<double>(f.path());
    CHECK(X.extents() == Key{0, 0});
    CHECK(y.extent(0) == 0);
  }
  {
    TempFile f("1\n-1\n");
    auto [X, y] = orion::load_libsvm<double>(f.path());
    CHECK(X.extents() == Key{2, 0});
    CHECK(X.nnz() == 0);
    CHECK(y(1) == -1.0);
  }
}

TEST_CASE("load_libsvm names the bad line and what is wrong", "[loaders][libsvm]") {
  CHECK(libsvm_error("1 1:1\n\n1 3:1 2:1\n") ==
        ":3: feature id 2 follows 3 (the ids of a line must be strictly increasing): "
        "\"1 3:1 2:1\"");
  CHECK(libsvm_error("1 1:1 1:2\n") ==
        ":1: feature id 1 follows 1 (the ids of a line must be strictly increasing): "
        "\"1 1:1 1:2\"");
  CHECK(libsvm_error("# h\n1 x:1\n") ==
        ":2: feature id \"x\" in \"x:1\" is not an integer that fits in int64_t: \"1 x:1\"");
  CHECK(libsvm_error("1 5\n") == ":1: expected \"feature:value\", got \"5\": \"1 5\"");
  CHECK(libsvm_error("1 1:abc\n") == ":1: feature value \"abc\" is not a number: \"1 1:abc\"");
  CHECK(libsvm_error("1 1: 2:1\n") == ":1: feature value is missing: \"1 1: 2:1\"");
  CHECK(libsvm_error("a 1:1\n") == ":1: label \"a\" is not a number: \"a 1:1\"");
  CHECK(libsvm_error("1 0:1\n") ==
        ":1: feature id 0 in \"0:1\" is not positive (LIBSVM ids start at 1): \"1 0:1\"");
  CHECK(libsvm_error("1 qid:3 1:1\n") ==
        ":1: \"qid:\" tokens (SVMlight ranking data) are not supported: \"1 qid:3 1:1\"");
  CHECK(libsvm_error("1 1:1e50\n") ==
        ":1: feature value \"1e50\" does not fit in float (magnitudes up to 3.40282e+38): "
        "\"1 1:1e50\"");
  CHECK(libsvm_error("1 1:1\rx 2:1\n") ==
        ":1: a carriage return ('\\r') inside the line (only \"\\r\\n\" line ends are accepted): "
        "\"1 1:1\\rx 2:1\"");
  // load_libsvm takes no extents: the remedy names what the file can change.
  const std::string huge = libsvm_error("1 9223372036854775807:1\n");
  CHECK_THAT(huge, Catch::StartsWith(":1: feature id 9223372036854775807 (index "
                                     "9223372036854775806 in dimension 1 is too large"));
  CHECK_THAT(huge, Catch::Contains("(number the feature ids densely from 1)"));
  CHECK_THAT(huge, !Catch::Contains("explicit extents"));
}

TEST_CASE("load_libsvm checks labels and values against T", "[loaders][libsvm]") {
  TempFile big("1 1:300\n"), real("1.5 1:3\n");
  CHECK_THAT(load_error_of([&] { orion::load_libsvm<int8_t>(big.path()); }),
             Catch::EndsWith(":1: feature value \"300\" does not fit in int8_t (-128 to 127): "
                             "\"1 1:300\""));
  CHECK_THAT(load_error_of([&] { orion::load_libsvm<int8_t>(real.path()); }),
             Catch::EndsWith(":1: label \"1.5\" is not an integer (the values are int8_t): "
                             "\"1.5 1:3\""));
}

TEST_CASE("load_libsvm on a missing file names it", "[loaders][libsvm]") {
  CHECK_THAT(load_error_of([] { orion::load_libsvm<float>("/nonexistent/orion.svm"); }),
             Catch::StartsWith("cannot open '/nonexistent/orion.svm'"));
}

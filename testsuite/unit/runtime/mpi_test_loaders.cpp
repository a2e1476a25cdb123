#include "mpi_support.hpp"

#include <orion/loaders.hpp>
#include <orion/session.hpp>

#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

using orion_test::SharedFile;

namespace {

struct Expected {
  std::vector<std::array<int64_t, 2>> keys;
  std::vector<double> values;
  std::array<int64_t, 2> extents{0, 0};
};

// An independent (slow, obvious) reading of a well-formed triplet file.
Expected reference(const std::string &content) {
  Expected e;
  std::istringstream in(content);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string first;
    if (!(fields >> first) || first[0] == '#')
      continue;
    int64_t j;
    double v;
    fields >> j >> v;
    const int64_t i = std::stoll(first);
    e.keys.push_back({i, j});
    e.values.push_back(v);
    e.extents[0] = std::max(e.extents[0], i + 1);
    e.extents[1] = std::max(e.extents[1], j + 1);
  }
  return e;
}

void check_same(const orion::SparseArray<double, 2> &S, const Expected &e) {
  REQUIRE(S.nnz() == static_cast<int64_t>(e.keys.size()));
  CHECK(S.extents() == e.extents);
  CHECK(std::equal(S.keys().begin(), S.keys().end(), e.keys.begin()));
  CHECK(std::equal(S.values().begin(), S.values().end(), e.values.begin()));
}

// Deterministic content, identical on every rank, with lines of every length and shape.
std::string make_content(uint64_t seed, int lines) {
  uint64_t x = seed * 0x9e3779b97f4a7c15ULL + 1;
  auto next = [&](uint64_t n) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return x % n;
  };
  std::string out;
  for (int l = 0; l < lines; ++l) {
    switch (next(10)) {
    case 0:
      out += "\n";
      break;
    case 1:
      out += "# comment " + std::string(next(20), 'c') + "\n";
      break;
    case 2:
      out += std::string(next(4), ' ') + "\t\n";
      break;
    default:
      out += std::string(next(3), ' ') + std::to_string(next(1000)) +
             std::string(1 + next(3), ' ') + std::to_string(next(50)) + "\t" +
             std::to_string(next(100000)) + "." + std::to_string(next(100)) +
             (next(4) == 0 ? "\r\n" : "\n");
    }
  }
  if (!out.empty() && next(2) == 0)
    out.pop_back(); // no trailing newline
  return out;
}

std::string load_error(const std::string &path) {
  try {
    orion::load_triplets<double>(path);
  } catch (const orion::LoadError &e) {
    CHECK(e.collective());
    return e.what();
  }
  return "(no error)";
}

} // namespace

TEST_CASE("distributed load equals the serial reading on small and odd files", "[mpi][loaders]") {
  const std::vector<std::string> contents = {
      "",        // empty
      "\n",      // one empty line
      "1 2 3",   // fewer bytes than ranks, no trailing newline
      "1 2 3\n", //
      "0 0 1\n0 1 2",
      "\n\n\n5 5 5\n\n",
      "# only a comment",
      "7 8 9\r\n1 1 1\r\n",
      "0 0 0\n1 1 1\n2 2 2\n3 3 3\n4 4 4\n5 5 5\n6 6 6\n7 7 7\n",
  };
  for (const std::string &content : contents) {
    SharedFile f(content);
    INFO("content: \"" << content << "\"");
    check_same(orion::load_triplets<double>(f.path()), reference(content));
  }
}

TEST_CASE("distributed load equals the serial reading wherever the lines fall", "[mpi][loaders]") {
  for (uint64_t seed = 1; seed <= 60; ++seed) {
    const std::string content = make_content(seed, static_cast<int>(seed % 17) * 5 + 1);
    SharedFile f(content);
    INFO("seed " << seed);
    check_same(orion::load_triplets<double>(f.path()), reference(content));
  }
  // And one bigger file, so every rank has many lines.
  const std::string big = make_content(99, 20000);
  SharedFile f(big);
  check_same(orion::load_triplets<double>(f.path()), reference(big));
}

TEST_CASE("a bad line in rank 1's range is the same error on every rank", "[mpi][loaders]") {
  const int ranks = orion::num_ranks();
  const std::string good = "10 20 1.50\n"; // every line has this length
  const std::string bad = "10 20 x.50\n";
  REQUIRE(good.size() == bad.size());
  const int lines = 40;
  const int64_t size = lines * static_cast<int64_t>(good.size());
  // First line starting inside rank 1's byte range [size/P, 2*size/P) (rank 0 when P == 1).
  const int owner = ranks > 1 ? 1 : 0;
  const int64_t lo = size * owner / ranks;
  const int bad_line = static_cast<int>((lo + good.size() - 1) / good.size()) + 1; // 1-based
  // A second bad line, later in the file (in the last rank's range), must not win.
  const int later_bad_line = lines;
  std::string content;
  for (int l = 1; l <= lines; ++l)
    content += (l == bad_line || l == later_bad_line) ? bad : good;
  SharedFile f(content);
  const std::string expected = f.path() + ":" + std::to_string(bad_line) +
                               ": expected \"row col value\" (three whitespace-separated numbers), "
                               "got \"10 20 x.50\"";
  const std::string message = load_error(f.path());
  CHECK(message == expected);
  CHECK(orion::detail::comm_bcast_string(message, 0) == message); // same on every rank
}

TEST_CASE("line numbers count blank and comment lines of lower ranks", "[mpi][loaders]") {
  std::string content;
  for (int l = 1; l <= 99; ++l)
    content += l % 3 == 0 ? "\n" : l % 3 == 1 ? "# c\n" : "1 1 1\n";
  content += "1 -1 1\n";
  SharedFile f(content);
  CHECK(load_error(f.path()) == f.path() + ":100: negative index -1 in dimension 1: \"1 -1 1\"");
}

TEST_CASE("a missing file is the same error on every rank", "[mpi][loaders]") {
  CHECK(load_error("/nonexistent/orion/ratings.txt") ==
        "cannot open '/nonexistent/orion/ratings.txt': No such file or directory");
}

TEST_CASE("distributed load_text and explicit extents", "[mpi][loaders]") {
  std::string content;
  for (int i = 0; i < 300; ++i)
    content += "w" + std::to_string(i % 17) + "\n";
  SharedFile f(content);
  auto parser = [](std::string_view line, std::array<int64_t, 1> &key, int &value) {
    if (line.empty() || line[0] != 'w')
      return false;
    key[0] = std::stoll(std::string(line.substr(1)));
    value = static_cast<int>(line.size());
    return true;
  };
  auto S = orion::load_text<int, 1>(f.path(), parser);
  REQUIRE(S.nnz() == 300);
  CHECK(S.extent(0) == 17);
  for (int i = 0; i < 300; ++i)
    REQUIRE(S.key(i)[0] == i % 17);
  auto T = orion::load_text<int, 1>(f.path(), parser, std::array<int64_t, 1>{1000});
  CHECK(T.extent(0) == 1000);

  SharedFile triplets("0 0 1\n5 5 5\n");
  auto fixed = orion::load_triplets<double>(triplets.path(), {10, 10});
  CHECK(fixed.extents() == std::array<int64_t, 2>{10, 10});
  CHECK(fixed.nnz() == 2);
}

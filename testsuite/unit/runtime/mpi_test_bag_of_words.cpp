// load_bag_of_words across ranks: the header may lie in any rank's part (or across several), and
// the errors that depend on it still name the right line on every rank.
#include "mpi_support.hpp"

#include <orion/detail/comm.hpp>
#include <orion/loaders.hpp>
#include <orion/session.hpp>

#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <span>
#include <sstream>
#include <string>
#include <vector>

using orion_test::SharedFile;

namespace {

using Key = std::array<int64_t, 3>;

std::string make_corpus(uint64_t seed, int64_t docs, int64_t words, std::vector<Key> &tokens,
                        int64_t &max_count) {
  uint64_t x = seed * 0x9e3779b97f4a7c15ULL + 1;
  auto next = [&](uint64_t n) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return static_cast<int64_t>(x % n);
  };
  std::string body;
  int64_t lines = 0;
  max_count = 0;
  for (int64_t d = 1; d <= docs; ++d)
    for (int64_t w = 1; w <= words; ++w) {
      if (next(3) != 0)
        continue;
      const int64_t count = 1 + next(4);
      body += std::to_string(d) + " " + std::to_string(w) + " " + std::to_string(count) +
              (next(5) == 0 ? "\r\n" : "\n");
      if (next(7) == 0)
        body += "\n";
      for (int64_t k = 0; k < count; ++k)
        tokens.push_back({d - 1, w - 1, k});
      max_count = std::max(max_count, count);
      ++lines;
    }
  return std::to_string(docs) + "\n" + std::to_string(words) + "\n" + std::to_string(lines) + "\n" +
         body;
}

std::string load_error(const std::string &path) {
  try {
    orion::load_bag_of_words(path);
  } catch (const orion::LoadError &e) {
    CHECK(e.collective());
    return e.what();
  }
  return "(no error)";
}

} // namespace

TEST_CASE("distributed load_bag_of_words, gathered, equals the serial reading on every rank",
          "[mpi][bag_of_words]") {
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    std::vector<Key> tokens;
    int64_t max_count = 0;
    const std::string content = make_corpus(seed, static_cast<int64_t>(seed % 5),
                                            static_cast<int64_t>(seed % 7) + 1, tokens, max_count);
    INFO("content: \"" << content << "\"");
    SharedFile f(content);
    const auto B = orion::load_bag_of_words(f.path());
    CHECK(B.extents() ==
          Key{static_cast<int64_t>(seed % 5), static_cast<int64_t>(seed % 7) + 1, max_count});
    REQUIRE(B.nnz() == static_cast<int64_t>(tokens.size()));
    // On several ranks each holds the tokens of its part of the file, in file order.
    CHECK(B.distributed() == (orion::detail::comm_size() > 1));
    int64_t held = static_cast<int64_t>(B.local_keys().size());
    orion::detail::comm_allreduce_sum(std::span<int64_t>(&held, 1));
    CHECK(held == B.nnz());
    CHECK(std::equal(B.keys().begin(), B.keys().end(), tokens.begin()));
    // Every rank holds the same elements: compare a hash of the keys across ranks (unsigned:
    // it wraps, which signed arithmetic must not; UBSan reported the overflow).
    uint64_t hash = 0;
    for (const Key &k : B.keys())
      hash = hash * 31 + static_cast<uint64_t>(k[0] * 1000003 + k[1] * 1009 + k[2]);
    const auto sum = static_cast<int64_t>(hash);
    for (const int64_t other : orion::detail::comm_allgather(sum))
      CHECK(other == sum);
  }
}

TEST_CASE("distributed load_bag_of_words: every rank names the first bad line",
          "[mpi][bag_of_words]") {
  // Tiny files: at 4 ranks the header lines fall into different parts.
  {
    SharedFile f("2\n3\n1\n1 4 1\n");
    CHECK(load_error(f.path()) == f.path() + ":4: word id 4 is outside 1..3 (W = 3)");
  }
  {
    SharedFile f("2\n3\n2\n1 1 1\n");
    CHECK(load_error(f.path()) ==
          f.path() + ":3: the header announces NNZ = 2 \"doc word count\" lines, but the file "
                     "has 1");
  }
  std::string content = "100\n100\n150\n";
  for (int i = 1; i <= 150; ++i)
    content += std::to_string(1 + i % 100) + " " + std::to_string(1 + i / 2) + " 2\n";
  content += "5 5 5\n"; // line 154: one more than NNZ
  content += "5 5\n";   // later, and malformed, but not first
  SharedFile f(content);
  CHECK(load_error(f.path()) ==
        f.path() + ":154: more \"doc word count\" lines than the NNZ = 150 the header announces");
  // A line wrong for the header (in one rank's part) before one wrong whatever the header says
  // (in a later part): the first wins, on every rank.
  std::string mixed = "100\n100\n150\n";
  for (int i = 1; i <= 150; ++i)
    mixed += std::to_string(i == 140 ? 0 : 1 + i % 100) + " " +
             std::to_string(i == 100 ? 101 : 1 + i / 2) + " 2\n";
  SharedFile g(mixed);
  CHECK(load_error(g.path()) == g.path() + ":103: word id 101 is outside 1..100 (W = 100)");
}

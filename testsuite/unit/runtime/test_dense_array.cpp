#include <orion/dense_array.hpp>

#include <limits>

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <type_traits>
#include <vector>

using orion::DenseArray;

TEST_CASE("DenseArray is row-major and indexes base + offset", "[dense]") {
  DenseArray<int, 3> A({2, 3, 4});
  CHECK(A.extent(0) == 2);
  CHECK(A.extent(1) == 3);
  CHECK(A.extent(2) == 4);
  CHECK(A.size() == 24);
  for (int i = 0; i < 24; ++i)
    CHECK(A.data()[i] == 0); // zero-initialized
  A(1, 2, 3) = 7;
  CHECK(A.data()[1 * 12 + 2 * 4 + 3] == 7);
  const auto &C = A;
  CHECK(C(int64_t{1}, 2, short{3}) == 7);
  CHECK(&A(0, 1, 0) - A.data() == 4);
}

TEST_CASE("DenseArray construction from extents", "[dense]") {
  const int64_t U = 5;
  const int K = 3;
  DenseArray<float, 2> W({U, K});
  CHECK(W.size() == 15);
  DenseArray<double, 1> v({4}, 2.5);
  CHECK(v(3) == 2.5);
  DenseArray<float, 2> empty({0, 7});
  CHECK(empty.size() == 0);
  CHECK(empty.begin() == empty.end());
  CHECK_THROWS_WITH((DenseArray<float, 2>({3, -1})), Catch::Contains("must not be negative"));
  DenseArray<float, 2> copy = W;
  copy(0, 0) = 1;
  CHECK(W(0, 0) == 0); // deep copy
}

#ifndef NDEBUG
TEST_CASE("DenseArray bounds checks name the index and the extents", "[dense]") {
  DenseArray<float, 2> W({4, 10});
  CHECK_THROWS_WITH(W(4, 0), "DenseArray index (4, 0) is out of bounds for extents (4, 10)");
  CHECK_THROWS_WITH(W(0, -1), Catch::Contains("(0, -1)"));
  CHECK_THROWS_WITH(W.row(9), Catch::Contains("DenseArray row index (9)"));
  // Compared as unsigned: a negative index and the largest one are both out of range.
  CHECK_THROWS_WITH(W(-1, 0), "DenseArray index (-1, 0) is out of bounds for extents (4, 10)");
  CHECK_THROWS_WITH(W(0, std::numeric_limits<std::int64_t>::max()),
                    Catch::Contains("(0, 9223372036854775807)"));
  CHECK_THROWS_WITH(W(3u, 10u), Catch::Contains("(3, 10)"));
  const DenseArray<int, 3> C({2, 3, 4});
  CHECK_THROWS_WITH(C(1, 2, 4),
                    "DenseArray index (1, 2, 4) is out of bounds for extents (2, 3, 4)");
  CHECK_THROWS_WITH(C.row(1, 3),
                    "DenseArray row index (1, 3) is out of bounds for extents (2, 3, 4)");
  CHECK_NOTHROW(C(1, 2, 3));
  CHECK_NOTHROW(C.row(1, 2));
  const DenseArray<int, 1> v({3});
  CHECK(v.row().size() == 3); // no index to check (and no zero-length array of them)
}
#endif

TEST_CASE("DenseArray::row spans the last dimension", "[dense]") {
  DenseArray<int, 2> A({3, 4});
  auto r = A.row(1);
  static_assert(std::is_same_v<decltype(r), std::span<int>>);
  REQUIRE(r.size() == 4);
  for (std::size_t k = 0; k < r.size(); ++k)
    r[k] = static_cast<int>(10 + k);
  CHECK(A(1, 0) == 10);
  CHECK(A(1, 3) == 13);
  CHECK(A(0, 3) == 0);
  CHECK(A(2, 0) == 0);
  const auto &C = A;
  CHECK(C.row(1)[2] == 12);

  DenseArray<int, 1> v({5});
  CHECK(v.row().size() == 5);
  DenseArray<int, 3> T({2, 3, 4});
  T.row(1, 2)[3] = 9;
  CHECK(T(1, 2, 3) == 9);
}

TEST_CASE("DenseArray iteration yields row-major keys and writable values", "[dense]") {
  DenseArray<int, 3> A({2, 3, 2});
  std::vector<std::array<int64_t, 3>> keys;
  int n = 0;
  for (auto &&[key, value] : A) {
    static_assert(std::is_same_v<std::remove_cvref_t<decltype(key)>, std::array<int64_t, 3>>);
    keys.push_back(key);
    value = n++;
  }
  REQUIRE(keys.size() == 12);
  CHECK(keys.front() == std::array<int64_t, 3>{0, 0, 0});
  CHECK(keys[1] == std::array<int64_t, 3>{0, 0, 1});
  CHECK(keys[2] == std::array<int64_t, 3>{0, 1, 0});
  CHECK(keys[6] == std::array<int64_t, 3>{1, 0, 0});
  CHECK(keys.back() == std::array<int64_t, 3>{1, 2, 1});
  for (int i = 0; i < 12; ++i)
    CHECK(A.data()[i] == i);
  const auto &C = A;
  int64_t sum = 0;
  for (auto &&[key, value] : C)
    sum += value + key[0];
  CHECK(sum == 66 + 6);
}

TEST_CASE("DenseArray fills are deterministic and element-wise", "[dense][rng]") {
  DenseArray<float, 2> A({50, 8}), B({50, 8});
  A.fill_normal(0.0f, 0.1f, 1);
  B.fill_normal(0.0f, 0.1f, 1);
  CHECK(std::equal(A.data(), A.data() + A.size(), B.data()));
  B.fill_normal(0.0f, 0.1f, 2);
  CHECK_FALSE(std::equal(A.data(), A.data() + A.size(), B.data()));

  // Element i depends only on (seed, i): a differently shaped array shares its prefix.
  DenseArray<float, 1> flat({400});
  flat.fill_normal(0.0f, 0.1f, 1);
  CHECK(std::equal(A.data(), A.data() + A.size(), flat.data()));

  // Moments are those of N(0, 0.1).
  DenseArray<double, 1> big({100000});
  big.fill_normal(1.0, 2.0, 7);
  double sum = 0, sq = 0;
  for (auto &&[key, v] : big) {
    sum += v;
    sq += v * v;
  }
  const double mean = sum / big.size(), var = sq / big.size() - mean * mean;
  CHECK(mean == Approx(1.0).margin(0.03));
  CHECK(var == Approx(4.0).epsilon(0.03));

  DenseArray<float, 1> u({10000});
  u.fill_uniform(-1.0f, 1.0f, 3);
  for (auto &&[key, v] : u) {
    REQUIRE(v >= -1.0f);
    REQUIRE(v < 1.0f);
  }
  DenseArray<int, 1> topics({10000});
  topics.fill_uniform(0, 5, 9);
  std::array<int, 5> histogram{};
  for (auto &&[key, t] : topics) {
    REQUIRE(t >= 0);
    REQUIRE(t < 5);
    ++histogram[t];
  }
  for (int h : histogram)
    CHECK(h > 1800);
  A.fill(3.0f);
  CHECK(A(49, 7) == 3.0f);
}

TEST_CASE("DenseArray fills are pinned to exact values", "[dense][rng]") {
  // Golden values (also checked by the header-only test with g++ and clang++): a change here
  // changes the initialization of every program.
  DenseArray<float, 1> a({4});
  a.fill_normal(0.0f, 0.1f, 1);
  CHECK(a(0) == -0x1.c37fecp-7f);
  CHECK(a(1) == 0x1.85d716p-5f);
  CHECK(a(2) == 0x1.db9116p-5f);
  CHECK(a(3) == -0x1.302c9ep-5f);
  DenseArray<double, 1> b({3});
  b.fill_normal(0.0, 1.0, 42);
  CHECK(b(0) == 0x1.0903b89c8ae0cp+0);
  CHECK(b(1) == 0x1.1d2787c74a38ap+1);
  CHECK(b(2) == 0x1.4ab13fcbd44a7p-1);
  DenseArray<double, 1> u({2});
  u.fill_uniform(-1.0, 1.0, 3);
  CHECK(u(0) == -0x1.7f58e5e1c4ad8p-1);
  CHECK(u(1) == 0x1.c4974d86d3cbcp-2);
  DenseArray<int, 1> t({4});
  t.fill_uniform(0, 10, 9);
  CHECK(t.row()[0] == 7);
  CHECK(t.row()[1] == 9);
  CHECK(t.row()[2] == 3);
  CHECK(t.row()[3] == 0);
}

TEST_CASE("A shard's owner of a row follows its ranges, equal or not", "[dense][shard]") {
  orion::detail::Shard s;
  s.rows = 10;
  s.ranks = 3;
  // A slab shard: rank 1 holds nothing, rank 2 the rest.
  s.firsts = {0, 4, 4, 10};
  CHECK(s.owner(0) == 0);
  CHECK(s.owner(3) == 0);
  CHECK(s.owner(4) == 2);
  CHECK(s.owner(9) == 2);
  CHECK_FALSE(s.equal_split());
  // The served split: first_row's nearly equal ranges, and owner() agrees with them.
  s.firsts = orion::detail::Shard::equal_firsts(s.rows, s.ranks);
  CHECK(s.firsts == std::vector<std::int64_t>{0, 3, 6, 10});
  CHECK(s.equal_split());
  for (std::int64_t row = 0; row < s.rows; ++row) {
    const int q = s.owner(row);
    CHECK(s.firsts[static_cast<std::size_t>(q)] <= row);
    CHECK(row < s.firsts[static_cast<std::size_t>(q) + 1]);
  }
  s.ranks = 1;
  s.firsts = {0, 10};
  CHECK(s.owner(9) == 0);
}

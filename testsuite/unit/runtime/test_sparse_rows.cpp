#include <orion/error.hpp>
#include <orion/sparse_array.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <numeric>
#include <thread>
#include <utility>
#include <vector>

namespace {

using Row = std::vector<std::pair<int64_t, double>>;

template <std::size_t N, class... I> Row row_of(const orion::SparseArray<double, N> &A, I... i) {
  Row r;
  for (auto &&[f, v] : A.row(i...))
    r.emplace_back(f, v);
  return r;
}

/// The obvious reading: the elements with the given leading coordinates, sorted by the last
/// coordinate, ties in storage order.
template <std::size_t N>
Row reference_row(const orion::SparseArray<double, N> &A,
                  const std::array<int64_t, N - 1> &prefix) {
  std::vector<std::pair<std::pair<int64_t, int64_t>, double>> found;
  for (int64_t i = 0; i < A.nnz(); ++i)
    if (std::equal(prefix.begin(), prefix.end(), A.key(i).begin()))
      found.push_back({{A.key(i)[N - 1], i}, A.value(i)});
  std::sort(found.begin(), found.end(),
            [](const auto &a, const auto &b) { return a.first < b.first; });
  Row r;
  for (const auto &[key, v] : found)
    r.emplace_back(key.first, v);
  return r;
}

orion::SparseArray<double, 2> random_matrix(int64_t rows, int64_t cols, int64_t nnz,
                                            uint64_t seed) {
  orion::SparseArray<double, 2> A({rows, cols});
  uint64_t x = seed * 0x9e3779b97f4a7c15ULL + 1;
  for (int64_t n = 0; n < nnz; ++n) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    A.push_back({static_cast<int64_t>(x % rows), static_cast<int64_t>((x >> 24) % cols)},
                static_cast<double>(n));
  }
  return A;
}

} // namespace

TEST_CASE("SparseArray rows iterate by increasing last coordinate", "[sparse][rows]") {
  orion::SparseArray<double, 2> A({4, 6});
  A.push_back({2, 5}, 1.0);
  A.push_back({0, 3}, 2.0);
  A.push_back({2, 1}, 3.0);
  A.push_back({2, 3}, 4.0);
  A.push_back({2, 1}, 5.0); // a repeated key: after the first, in storage order
  CHECK(row_of(A, 2) == Row{{1, 3.0}, {1, 5.0}, {3, 4.0}, {5, 1.0}});
  CHECK(row_of(A, 0) == Row{{3, 2.0}});
  CHECK(A.row(1).empty());
  CHECK(A.row(3).size() == 0);
  CHECK(A.row(2).size() == 4);
  CHECK(A.key(A.row(2).element(0)) == std::array<int64_t, 2>{2, 1});
  CHECK_THROWS_AS(A.row(4), orion::Error);
  CHECK_THROWS_AS(A.row(-1), orion::Error);
}

TEST_CASE("SparseArray rows follow push_back", "[sparse][rows]") {
  orion::SparseArray<double, 2> A({3, 3});
  A.push_back({1, 2}, 1.0);
  CHECK(row_of(A, 1) == Row{{2, 1.0}});
  A.push_back({1, 0}, 2.0);
  CHECK(row_of(A, 1) == Row{{0, 2.0}, {2, 1.0}});
  const orion::SparseArray<double, 2> copy = A; // a copy has rows of its own
  A.push_back({1, 1}, 3.0);
  CHECK(row_of(A, 1) == Row{{0, 2.0}, {1, 3.0}, {2, 1.0}});
  CHECK(row_of(copy, 1) == Row{{0, 2.0}, {2, 1.0}});
  orion::SparseArray<double, 2> moved = std::move(A);
  CHECK(row_of(moved, 1) == Row{{0, 2.0}, {1, 3.0}, {2, 1.0}});
}

TEST_CASE("SparseArray rows stay right when the executor reorders the storage", "[sparse][rows]") {
  orion::SparseArray<double, 2> A = random_matrix(50, 40, 600, 7);
  for (int64_t r = 0; r < 50; ++r)
    REQUIRE(row_of(A, r) == reference_row<2>(A, {r}));
  // What a parallel loop over A does: take the storage, then permute keys and values in place.
  auto storage = A.executor_storage();
  std::vector<std::size_t> order(static_cast<std::size_t>(A.nnz()));
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::reverse(order.begin(), order.end());
  std::rotate(order.begin(), order.begin() + 123, order.end());
  std::vector<std::array<int64_t, 2>> keys(A.keys().begin(), A.keys().end());
  std::vector<double> values(A.values().begin(), A.values().end());
  for (std::size_t i = 0; i < order.size(); ++i) {
    storage.keys[i] = keys[order[i]];
    storage.values[i] = values[order[i]];
  }
  for (int64_t r = 0; r < 50; ++r)
    CHECK(row_of(A, r) == reference_row<2>(A, {r}));
}

TEST_CASE("SparseArray rows of higher rank, with a table and by hash", "[sparse][rows]") {
  // Few rows allowed (a table) and very many (a hash lookup).
  for (const int64_t extent : {int64_t{5}, int64_t{1} << 40}) {
    orion::SparseArray<double, 3> A({extent, 4, 9});
    uint64_t x = 12345;
    for (int n = 0; n < 300; ++n) {
      x ^= x << 13;
      x ^= x >> 7;
      x ^= x << 17;
      A.push_back({static_cast<int64_t>(x % 5) * (extent / 5), static_cast<int64_t>((x >> 8) % 4),
                   static_cast<int64_t>((x >> 16) % 9)},
                  n);
    }
    for (int64_t i = 0; i < 5; ++i)
      for (int64_t j = 0; j < 4; ++j)
        CHECK(row_of(A, i * (extent / 5), j) == reference_row<3>(A, {i * (extent / 5), j}));
    if (extent > 5) // a row no element has, far from the others
      CHECK(A.row(extent - 1, 3).empty());
  }
}

TEST_CASE("SparseArray rows are safe to ask for from several threads at once", "[sparse][rows]") {
  const orion::SparseArray<double, 2> A = random_matrix(300, 200, 20000, 3);
  std::vector<Row> expected;
  for (int64_t r = 0; r < 300; ++r)
    expected.push_back(reference_row<2>(A, {r}));
  for (int round = 0; round < 5; ++round) {
    orion::SparseArray<double, 2> B = A; // without an index: the threads race to build it
    std::atomic<int> wrong{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 8; ++t)
      threads.emplace_back([&, t] {
        for (int64_t r = 0; r < 300; ++r) {
          const int64_t row = (r * 7 + t * 31) % 300;
          Row got;
          for (auto &&[f, v] : B.row(row))
            got.emplace_back(f, v);
          if (got != expected[static_cast<std::size_t>(row)])
            ++wrong;
        }
      });
    for (std::thread &t : threads)
      t.join();
    CHECK(wrong == 0);
  }
}

TEST_CASE("SparseArray rows of an array stored in key order are ranges of the storage",
          "[sparse][rows]") {
  // In key order (as a loader leaves a file sorted by row): rows, ties, empty rows, element(),
  // with a table and by hash; then one element out of order, and rows come from an index again.
  for (const int64_t extent : {int64_t{6}, int64_t{1} << 40}) {
    orion::SparseArray<double, 2> A({extent, 5});
    const std::vector<std::pair<int64_t, int64_t>> keys = {{0, 1}, {0, 4}, {2, 0}, {2, 2},
                                                           {2, 2}, {2, 3}, {5, 4}};
    for (std::size_t n = 0; n < keys.size(); ++n)
      A.push_back({keys[n].first == 5 ? extent - 1 : keys[n].first, keys[n].second},
                  static_cast<double>(n));
    CHECK(row_of(A, 0) == Row{{1, 0.0}, {4, 1.0}});
    CHECK(row_of(A, 2) == Row{{0, 2.0}, {2, 3.0}, {2, 4.0}, {3, 5.0}});
    CHECK(row_of(A, extent - 1) == Row{{4, 6.0}});
    CHECK(A.row(1).empty());
    CHECK(A.row(2).size() == 4);
    CHECK(A.row(2).element(1) == 3);
    CHECK(A.key(A.row(extent - 1).element(0)) == std::array<int64_t, 2>{extent - 1, 4});
    A.push_back({2, 1}, 7.0);
    CHECK(row_of(A, 2) == Row{{0, 2.0}, {1, 7.0}, {2, 3.0}, {2, 4.0}, {3, 5.0}});
    CHECK(A.row(2).element(1) == 7);
    for (int64_t r : {int64_t{0}, int64_t{1}, extent - 1})
      CHECK(row_of(A, r) == reference_row<2>(A, {r}));
  }
  const orion::SparseArray<double, 2> empty({3, 3});
  CHECK(empty.row(1).empty());
  CHECK(empty.row(1).begin() == empty.row(1).end());
}

#include <orion/sparse_array.hpp>

#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <type_traits>
#include <vector>

using orion::SparseArray;

TEST_CASE("SparseArray push_back and iteration in insertion order", "[sparse]") {
  SparseArray<float, 2> S({4, 5});
  CHECK(S.extent(0) == 4);
  CHECK(S.extent(1) == 5);
  CHECK(S.nnz() == 0);
  S.push_back({3, 1}, 1.5f);
  S.push_back({0, 4}, 2.5f);
  S.push_back({3, 1}, 0.5f); // duplicates are allowed: they are separate data points
  REQUIRE(S.nnz() == 3);

  std::vector<std::array<int64_t, 2>> keys;
  std::vector<float> values;
  for (auto &&[key, value] : S) {
    static_assert(std::is_same_v<decltype(key), const std::array<int64_t, 2> &>);
    static_assert(std::is_same_v<decltype(value), float &>);
    keys.push_back(key);
    values.push_back(value);
  }
  CHECK(keys == std::vector<std::array<int64_t, 2>>{{3, 1}, {0, 4}, {3, 1}});
  CHECK(values == std::vector<float>{1.5f, 2.5f, 0.5f});
}

TEST_CASE("SparseArray values are writable through iteration", "[sparse]") {
  SparseArray<int, 2> Z({10, 10});
  for (int i = 0; i < 10; ++i)
    Z.push_back({i, 9 - i}, 0);
  for (auto &&[key, topic] : Z)
    topic = static_cast<int>(key[0] * 100 + key[1]);
  CHECK(Z.value(3) == 306);
  CHECK(Z.values()[9] == 900);
  CHECK(&Z.key(2) == &*Z.keys().begin() + 2);

  const auto &C = Z;
  int64_t sum = 0;
  for (auto &&[key, value] : C) {
    static_assert(std::is_same_v<decltype(value), const int &>);
    sum += value;
  }
  CHECK(sum == 4500 + 45);
}

TEST_CASE("SparseArray rejects keys outside the extents", "[sparse]") {
  SparseArray<double, 2> S({2, 3});
  CHECK_THROWS_WITH(S.push_back({2, 0}, 1.0),
                    "SparseArray key index (2, 0) is out of bounds for extents (2, 3)");
  CHECK_THROWS_WITH(S.push_back({0, -1}, 1.0), Catch::Contains("(0, -1)"));
  CHECK(S.nnz() == 0);
  CHECK_THROWS_WITH((SparseArray<double, 2>({-2, 3})), Catch::Contains("must not be negative"));
  CHECK_THROWS_AS((SparseArray<double, 2>({2, 3}, {{0, 0}, {5, 5}}, {1.0, 2.0})), orion::Error);
  CHECK_THROWS_WITH((SparseArray<double, 2>({2, 3}, {{0, 0}}, {1.0, 2.0})),
                    Catch::Contains("1 keys but 2 values"));
  SparseArray<double, 3> T({2, 2, 2}, {{1, 1, 1}, {0, 1, 0}}, {1.0, 2.0});
  CHECK(T.nnz() == 2);
}

TEST_CASE("SparseArray default is empty", "[sparse]") {
  SparseArray<float, 2> S;
  CHECK(S.nnz() == 0);
  CHECK(S.extent(0) == 0);
  CHECK(S.begin() == S.end());
  int n = 0;
  for (auto &&[key, value] : S) {
    (void)key;
    (void)value;
    ++n;
  }
  CHECK(n == 0);
}

// The order a worker visits a sparse block's elements in (<orion/detail/element_streams.hpp>):
// every element exactly once, interleaved streams for large blocks, storage order for small ones,
// and prefetches only inside the block.
#include <orion/detail/element_streams.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <utility>
#include <vector>

namespace {

struct Visit {
  std::vector<std::int64_t> order, touched;
};

Visit visit(std::int64_t begin, std::int64_t end, int streams) {
  Visit v;
  orion::detail::for_element_streams(
      begin, end, streams, [&](std::int64_t j) { v.order.push_back(j); },
      [&](std::int64_t j) { v.touched.push_back(j); });
  return v;
}

} // namespace

TEST_CASE("for_element_streams visits every element of the block once", "[element_streams]") {
  for (const int streams : {1, 2, 3, 4, 7})
    for (const std::int64_t n :
         {std::int64_t{0}, std::int64_t{1}, std::int64_t{255}, std::int64_t{256},
          std::int64_t{1000}, std::int64_t{4097}, std::int64_t{12345}}) {
      CAPTURE(streams, n);
      const std::int64_t begin = 17;
      const Visit v = visit(begin, begin + n, streams);
      REQUIRE(static_cast<std::int64_t>(v.order.size()) == n);
      std::vector<int> seen(static_cast<std::size_t>(n), 0);
      for (const std::int64_t j : v.order) {
        REQUIRE(j >= begin);
        REQUIRE(j < begin + n);
        ++seen[static_cast<std::size_t>(j - begin)];
      }
      CHECK(std::count(seen.begin(), seen.end(), 1) == n);
      for (const std::int64_t t : v.touched) {
        REQUIRE(t >= begin);
        REQUIRE(t < begin + n);
      }
    }
}

TEST_CASE("for_element_streams interleaves the runs of a large block", "[element_streams]") {
  // 1001 elements in 2 streams of 501 and 500: 0, 501, 1, 502, ..., 499, 1000, 500.
  const Visit two = visit(0, 1001, 2);
  REQUIRE(two.order.size() == 1001);
  CHECK(two.order[0] == 0);
  CHECK(two.order[1] == 501);
  CHECK(two.order[2] == 1);
  CHECK(two.order[999] == 1000);
  CHECK(two.order[1000] == 500);
  // Consecutive visits are never neighbours in storage: a row's run of elements is spread out.
  for (std::size_t i = 1; i < two.order.size(); ++i)
    REQUIRE(std::abs(two.order[i] - two.order[i - 1]) > 1);
  // Each visit prefetches the same run's element 16 ahead, or the block's last.
  CHECK(two.touched.size() == two.order.size());
  CHECK(two.touched[0] == orion::detail::prefetch_distance);
  CHECK(two.touched.back() == 500 + orion::detail::prefetch_distance);
  CHECK(two.touched[999] == 1000);
}

TEST_CASE("for_element_streams keeps the storage order of one stream and of small blocks",
          "[element_streams]") {
  const std::int64_t small = 64 * 4 * 4 - 1; // too few elements for four runs of 64 or more
  for (const auto &[n, streams] : {std::pair<std::int64_t, int>{5000, 1}, {small, 4}, {100, 2}}) {
    CAPTURE(n, streams);
    const Visit v = visit(3, 3 + n, streams);
    REQUIRE(static_cast<std::int64_t>(v.order.size()) == n);
    for (std::int64_t i = 0; i < n; ++i)
      REQUIRE(v.order[static_cast<std::size_t>(i)] == 3 + i);
    CHECK(v.touched.empty()); // storage order: the hardware prefetchers follow it
  }
}

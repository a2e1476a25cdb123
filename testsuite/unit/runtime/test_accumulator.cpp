#include <orion/accumulator.hpp>
#include <orion/session.hpp>

#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>

using orion::Accumulator;
using orion::detail::WorkerScope;

TEST_CASE("Accumulator sums with the default combiner", "[accumulator]") {
  Accumulator<double> acc;
  for (int i = 1; i <= 10; ++i)
    acc += i * 0.5;
  CHECK(acc.value() == 27.5);
  CHECK(acc.aggregate() == 27.5);
  acc.reset();
  CHECK(acc.aggregate() == 0.0);
  acc += 1.0f; // float contributions convert
  CHECK(acc.aggregate() == 1.0);
}

TEST_CASE("Accumulator with Max and Min", "[accumulator]") {
  Accumulator<int, orion::Max> hi(std::numeric_limits<int>::min());
  Accumulator<int, orion::Min> lo(std::numeric_limits<int>::max());
  for (int x : {3, -7, 12, 0}) {
    hi += x;
    lo += x;
  }
  CHECK(hi.aggregate() == 12);
  CHECK(lo.aggregate() == -7);
  hi.reset();
  CHECK(hi.aggregate() == std::numeric_limits<int>::min());
  CHECK(hi.initial_value() == std::numeric_limits<int>::min());
}

TEST_CASE("Accumulator counts the initial value once", "[accumulator]") {
  Accumulator<int64_t> acc(100);
  acc += 1;
  {
    WorkerScope worker(0);
    acc += 10;
    acc += 20;
  }
  CHECK(acc.aggregate() == 131);
  acc.reset();
  CHECK(acc.aggregate() == 100);
}

TEST_CASE("Accumulator keeps replicated and worker slots apart", "[accumulator]") {
  // A non-commutative combiner exposes the fold order: replicated slot first, then workers.
  auto concat = [](int64_t a, int64_t b) { return a * 100 + b; };
  Accumulator<int64_t, decltype(concat)> acc(0, concat);
  {
    WorkerScope worker(0);
    CHECK(orion::detail::in_worker());
    acc += 3;
    acc += 4;
  }
  CHECK_FALSE(orion::detail::in_worker());
  acc += 1;
  acc += 2;
  const int64_t replicated = concat(concat(0, 1), 2);
  const int64_t worker0 = concat(3, 4); // a worker slot starts from its first contribution
  CHECK(acc.value() == concat(replicated, worker0));
  CHECK(acc.aggregate() == concat(replicated, worker0));
}

TEST_CASE("WorkerScope only accepts this rank's workers and nests", "[accumulator]") {
  CHECK(orion::num_workers() == 1);
  CHECK(orion::worker_id() == 0);
  CHECK_THROWS_WITH(WorkerScope(1), Catch::Contains("worker id 1 does not belong to rank 0"));
  {
    WorkerScope outer(0);
    CHECK(orion::worker_id() == 0);
    {
      WorkerScope inner(0);
      CHECK(orion::detail::tl_worker.local == 0);
    }
    CHECK(orion::detail::in_worker());
  }
  CHECK_FALSE(orion::detail::in_worker());
  Accumulator<int> acc;
  WorkerScope worker(0);
  CHECK_THROWS_WITH(acc.aggregate(), Catch::Contains("outside parallel loops"));
}

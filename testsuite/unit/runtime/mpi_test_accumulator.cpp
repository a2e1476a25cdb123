#include <orion/accumulator.hpp>
#include <orion/session.hpp>

#include <catch2/catch.hpp>

#include <cstdint>
#include <thread>
#include <vector>

using orion::Accumulator;
using orion::detail::WorkerScope;

namespace {
int64_t first_worker() { return int64_t{orion::rank()} * orion::threads_per_rank(); }
} // namespace

TEST_CASE("aggregate sums worker slots of all ranks and replicated code once",
          "[mpi][accumulator]") {
  const int64_t workers = orion::num_workers();
  Accumulator<int64_t> acc;
  acc += 1000; // replicated driver code: runs on every rank, counts once
  for (int w = 0; w < orion::threads_per_rank(); ++w) {
    WorkerScope worker(first_worker() + w);
    acc += orion::worker_id() + 1;
  }
  const int64_t expected = 1000 + workers * (workers + 1) / 2;
  CHECK(acc.aggregate() == expected);
  CHECK(acc.aggregate() == expected); // aggregate does not consume
  acc.reset();
  CHECK(acc.aggregate() == 0);
}

TEST_CASE("worker slots filled by real threads", "[mpi][accumulator]") {
  const int threads = orion::threads_per_rank();
  Accumulator<double> acc(0.5);
  Accumulator<int64_t, orion::Max> hi(-1);
  Accumulator<int64_t, orion::Min> lo(INT64_MAX);
  std::vector<std::thread> pool;
  for (int w = 0; w < threads; ++w)
    pool.emplace_back([&, w] {
      WorkerScope worker(first_worker() + w);
      for (int i = 0; i < 100000; ++i)
        acc += 1.0;
      hi += orion::worker_id();
      lo += orion::worker_id();
    });
  for (auto &t : pool)
    t.join();
  CHECK(acc.local_value() == 0.5 + 100000.0 * threads);
  // value() without communication would be this rank's share: refused on several ranks.
  if (orion::num_ranks() > 1)
    CHECK_THROWS_WITH(acc.value(), Catch::Contains("call aggregate()"));
  else
    CHECK(acc.value() == acc.local_value());
  CHECK(acc.aggregate() == 0.5 + 100000.0 * orion::num_workers());
  CHECK(hi.aggregate() == orion::num_workers() - 1);
  CHECK(lo.aggregate() == 0);
}

TEST_CASE("aggregate folds in global worker order for any combiner", "[mpi][accumulator]") {
  // Not commutative: the result spells out the order of the fold.
  auto horner = [](uint64_t a, uint64_t b) { return a * 1000003u + b; };
  Accumulator<uint64_t, decltype(horner)> acc(7, horner);
  acc += 11; // replicated
  for (int w = 0; w < orion::threads_per_rank(); ++w) {
    const int64_t global = first_worker() + w;
    if (global % 3 == 1)
      continue; // some workers contribute nothing
    WorkerScope worker(global);
    acc += static_cast<uint64_t>(global) + 100;
    acc += static_cast<uint64_t>(global) + 200;
  }
  uint64_t expected = horner(7, 11);
  for (int64_t g = 0; g < orion::num_workers(); ++g) {
    if (g % 3 == 1)
      continue;
    // A worker's own slot starts from its first contribution, then the fold appends it.
    const uint64_t slot = horner(static_cast<uint64_t>(g) + 100, static_cast<uint64_t>(g) + 200);
    expected = horner(expected, slot);
  }
  CHECK(acc.aggregate() == expected);
}

TEST_CASE("aggregate of a trivially copyable struct", "[mpi][accumulator]") {
  struct Stats {
    double sum;
    int64_t count;
  };
  auto combine = [](Stats a, Stats b) { return Stats{a.sum + b.sum, a.count + b.count}; };
  Accumulator<Stats, decltype(combine)> acc(Stats{0, 0}, combine);
  {
    WorkerScope worker(first_worker());
    acc += Stats{2.5, 1};
  }
  const Stats total = acc.aggregate();
  CHECK(total.sum == 2.5 * orion::num_ranks());
  CHECK(total.count == orion::num_ranks());
}

// The executors' waiting and thread-starting primitives (runtime/src/wait.hpp, crew.hpp): waiters
// block instead of spinning, every store and a failure wake them, and nothing hangs with many
// more threads than cores.
#include "crew.hpp"
#include "wait.hpp"

#include <orion/error.hpp>

#include <catch2/catch.hpp>

#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <latch>
#include <thread>
#include <vector>

using orion::detail::Crew;
using orion::detail::WaitCounter;

namespace {

double cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
}

} // namespace

TEST_CASE("WaitCounter: a waiter returns once the count reaches its target", "[wait]") {
  WaitCounter c;
  std::atomic<bool> failed{false};
  CHECK(c.load() == 0);
  CHECK(c.wait_at_least(0, failed)); // already there: no wait
  std::atomic<int> seen{-1};
  std::jthread waiter([&] {
    const bool ok = c.wait_at_least(3, failed);
    seen = ok ? static_cast<int>(c.load()) : -2;
  });
  c.store(1);
  c.store(2);
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  CHECK(seen == -1); // 2 < 3: still waiting
  c.store(3);
  waiter.join();
  CHECK(seen == 3);
}

TEST_CASE("WaitCounter: a failure wakes the waiters, who give up", "[wait]") {
  std::vector<WaitCounter> counters(8);
  std::atomic<bool> failed{false};
  std::atomic<int> gave_up{0};
  {
    std::vector<std::jthread> waiters;
    for (std::size_t i = 0; i < counters.size(); ++i)
      waiters.emplace_back([&, i] {
        if (!counters[i].wait_at_least(1, failed))
          ++gave_up;
      });
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    failed = true;
    for (WaitCounter &c : counters)
      c.wake();
  } // joins: a lost wake-up would hang here (ctest's timeout)
  CHECK(gave_up == 8);
  // A waiter that arrives after the failure does not block either.
  CHECK_FALSE(counters[0].wait_at_least(1, failed));
}

TEST_CASE("WaitCounter: a wavefront chain of many more threads than cores", "[wait]") {
  // Thread t may do step s once thread t - 1 has done it: the executors' wavefront hand-off.
  const int threads = 64, steps = 200;
  std::vector<WaitCounter> done(threads);
  std::vector<std::vector<int>> order(threads);
  std::atomic<bool> failed{false};
  std::atomic<int> clock{0};
  {
    std::vector<std::jthread> workers;
    for (int t = 0; t < threads; ++t)
      workers.emplace_back([&, t] {
        for (int s = 0; s < steps; ++s) {
          if (t > 0 && !done[t - 1].wait_at_least(s + 1, failed))
            return; // cannot happen: nothing fails here (Catch2 asserts on the main thread only)
          order[t].push_back(clock++);
          done[t].store(s + 1);
        }
      });
  }
  for (int t = 0; t < threads; ++t)
    REQUIRE(order[t].size() == std::size_t{steps});
  for (int t = 1; t < threads; ++t)
    for (int s = 0; s < steps; ++s)
      REQUIRE(order[t][s] > order[t - 1][s]); // the predecessor's step came first
}

TEST_CASE("WaitCounter: waiting threads use no CPU", "[wait]") {
  // 64 threads wait 500 ms for one store. Spinning (or yield/sleep polling) burns the cores for
  // the whole wait; blocked threads cost the thread starts and a few microseconds each.
  const int threads = 64;
  WaitCounter go;
  std::atomic<bool> failed{false};
  std::atomic<int> woken{0};
  const double cpu_before = cpu_seconds();
  const auto start = std::chrono::steady_clock::now();
  {
    std::vector<std::jthread> waiters;
    for (int t = 0; t < threads; ++t)
      waiters.emplace_back([&] { woken += go.wait_at_least(1, failed) ? 1 : 0; });
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    go.store(1);
  }
  const double wall =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double cpu = cpu_seconds() - cpu_before;
  CHECK(woken == threads);
  const double cores = std::max(1u, std::thread::hardware_concurrency());
  std::printf("%d waiting threads: %.3f s CPU in %.3f s wall (%g cores)\n", threads, cpu, wall,
              cores);
  // Generous: a tenth of what the cores could have burnt (spinning: all of min(threads, cores)).
  CHECK(cpu < 0.1 * wall * std::min<double>(threads, cores));
}

TEST_CASE("Crew runs each round's blocks concurrently, on threads it keeps", "[wait]") {
  const int size = 48;
  Crew crew(size);
  std::vector<std::thread::id> first(size), later(size);
  for (int round = 0; round < 50; ++round) {
    const std::size_t n = static_cast<std::size_t>(round % (size + 1));
    std::latch all_running(static_cast<std::ptrdiff_t>(n));
    std::vector<int> ran(n, 0);
    crew.run(n, [&](std::size_t i) {
      // Every block of the round waits for all the others: this passes only if they run at
      // the same time, each on a thread of its own.
      all_running.arrive_and_wait();
      ++ran[i];
      (round == size ? first : later)[i] = std::this_thread::get_id();
    });
    CHECK(std::all_of(ran.begin(), ran.end(), [](int r) { return r == 1; }));
  }
  crew.run(static_cast<std::size_t>(size),
           [&](std::size_t i) { later[i] = std::this_thread::get_id(); });
  CHECK(first == later); // the same threads, round after round
}

TEST_CASE("Crew rethrows the first failing block's exception after the round", "[wait]") {
  Crew crew(8);
  std::atomic<int> finished{0};
  CHECK_THROWS_WITH(crew.run(8,
                             [&](std::size_t i) {
                               if (i == 5 || i == 6)
                                 throw orion::Error("block " + std::to_string(i));
                               ++finished;
                             }),
                    "block 5");
  CHECK(finished == 6);                          // the others ran to the end
  crew.run(8, [&](std::size_t) { ++finished; }); // and the crew still works
  CHECK(finished == 14);
  CHECK_THROWS_WITH(crew.run(9, [](std::size_t) {}), Catch::Contains("a crew of 8 threads"));
}

TEST_CASE("Crew: thousands of short rounds of every size run each block exactly once", "[wait]") {
  // Rounds follow each other within the threads' polling time, and a thread not needed in one
  // round (n < size) is needed in the next: it must take the job of the round it sees, once.
  const int size = 4;
  Crew crew(size);
  std::vector<std::atomic<int>> calls(size);
  long long total = 0, expected = 0;
  bool each_once = true;
  for (int round = 0; round < 20000; ++round) {
    const std::size_t n = 1 + static_cast<std::size_t>(round * 7 % size);
    for (auto &c : calls)
      c.store(0);
    crew.run(n, [&](std::size_t i) { ++calls[i]; });
    for (std::size_t i = 0; i < static_cast<std::size_t>(size); ++i) {
      each_once = each_once && calls[i].load() == (i < n ? 1 : 0);
      total += calls[i].load();
    }
    expected += static_cast<long long>(n);
  }
  CHECK(each_once);
  CHECK(total == expected);
}

TEST_CASE("Crew: an idle crew sleeps instead of polling", "[wait]") {
  // Its threads poll for Crew::kSpin after a round, then block: 500 ms between two loops cost
  // them next to no CPU.
  const int size = 16;
  Crew crew(size);
  crew.run(size, [](std::size_t) {});
  const double cpu_before = cpu_seconds();
  const auto start = std::chrono::steady_clock::now();
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  const double wall =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double cpu = cpu_seconds() - cpu_before;
  const double cores = std::max(1u, std::thread::hardware_concurrency());
  std::printf("idle crew of %d: %.3f s CPU in %.3f s wall\n", size, cpu, wall);
  CHECK(cpu < 0.1 * wall * std::min<double>(size, cores));
  std::atomic<int> ran{0};
  crew.run(size, [&](std::size_t) { ++ran; }); // and wakes up for the next round
  CHECK(ran == size);
}

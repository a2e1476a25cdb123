#include <orion/detail/worker.hpp>
#include <orion/rng.hpp>
#include <orion/session.hpp>

#include <catch2/catch.hpp>

#include <cstdint>
#include <random>
#include <vector>

TEST_CASE("Rng is a deterministic UniformRandomBitGenerator", "[rng]") {
  static_assert(std::uniform_random_bit_generator<orion::Rng>);
  orion::Rng a(7), b(7), c(8), d(7, 1);
  std::vector<uint64_t> xa, xb;
  for (int i = 0; i < 100; ++i) {
    xa.push_back(a());
    xb.push_back(b());
  }
  CHECK(xa == xb);
  CHECK(c() != orion::Rng(7)());
  CHECK(d() != orion::Rng(7)());
  // Pinned: the stream of seed 42 must never change silently.
  orion::Rng pinned(42);
  CHECK(pinned() == UINT64_C(0x0a69fb5960555609));
}

TEST_CASE("Rng helpers stay in range", "[rng]") {
  orion::Rng r(3);
  double sum = 0;
  for (int i = 0; i < 20000; ++i) {
    const double u = r.uniform();
    REQUIRE(u >= 0.0);
    REQUIRE(u < 1.0);
    const auto k = r.uniform_int(6);
    REQUIRE(k < 6);
    sum += r.normal();
  }
  CHECK(sum / 20000 == Approx(0.0).margin(0.05));
  CHECK(r.uniform_int(0) == 0);
  std::uniform_int_distribution<int> dist(0, 9); // plugs into <random>
  CHECK(dist(r) < 10);
}

TEST_CASE("orion::rng is per worker and seeded from the session", "[rng]") {
  orion::Rng expected_replicated(42, 0), expected_worker0(42, 1);
  {
    orion::Session session;
    CHECK(&orion::rng() == &orion::rng());
    CHECK(orion::rng()() == expected_replicated());
    orion::Rng *driver = &orion::rng();
    {
      orion::detail::WorkerScope worker(0);
      CHECK(&orion::rng() != driver);
      CHECK(orion::rng()() == expected_worker0());
    }
    CHECK(&orion::rng() == driver);
    CHECK(orion::rng()() == expected_replicated());
  }
  {
    // A new session restarts the streams from the seed.
    int argc = 2;
    char arg0[] = "prog", arg1[] = "--orion-seed=5";
    char *args[] = {arg0, arg1, nullptr};
    char **argv = args;
    orion::Session session(argc, argv);
    CHECK(orion::rng()() == orion::Rng(5, 0)());
  }
}

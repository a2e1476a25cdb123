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

TEST_CASE("orion::rng: the one worker continues the replicated stream", "[rng]") {
  orion::Rng expected(42, 0);
  {
    orion::Session session;
    CHECK(&orion::rng() == &orion::rng());
    CHECK(orion::rng()() == expected());
    orion::Rng *driver = &orion::rng();
    {
      // One worker in total (always, in the serial backend): a loop body draws from the driver's
      // stream where the driver left it, as a serial program without any loops transformed does.
      orion::detail::WorkerScope worker(0);
      CHECK(&orion::rng() == driver);
      CHECK(orion::rng()() == expected());
    }
    CHECK(&orion::rng() == driver);
    CHECK(orion::rng()() == expected());
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

TEST_CASE("with several workers each has a stream of (seed, global id + 1)", "[rng]") {
  // The distributed layout, on a state of its own: rank 1 of 2, 3 threads per rank.
  orion::detail::RuntimeState st;
  st.options.seed = 9;
  st.rank = 1;
  st.num_ranks = 2;
  st.threads_per_rank = 3;
  st.reseed();
  CHECK_FALSE(st.one_worker());
  for (std::size_t local = 0; local < 3; ++local) {
    orion::Rng &engine = st.worker_rng(local);
    CHECK(&engine != &st.replicated_rng);
    CHECK(engine == orion::Rng(9, 3 + local + 1)); // global id 3 + local
    // --orion-replay-serial replays every worker of every rank with the same stream.
    CHECK(st.replay_rng(3 + local) == engine);
    CHECK(&st.replay_rng(3 + local) != &engine);
  }
  CHECK(st.replay_rng(0) == orion::Rng(9, 1));
  CHECK(st.replicated_rng == orion::Rng(9, 0));
  // One rank, one thread: worker and replay engines are the replicated engine itself.
  st.rank = 0;
  st.num_ranks = 1;
  st.threads_per_rank = 1;
  st.reseed();
  CHECK(st.one_worker());
  CHECK(&st.worker_rng(0) == &st.replicated_rng);
  CHECK(&st.replay_rng(0) == &st.replicated_rng);
}

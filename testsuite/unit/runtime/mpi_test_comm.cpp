#include <orion/detail/comm.hpp>
#include <orion/rng.hpp>
#include <orion/session.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

namespace comm = orion::detail;

TEST_CASE("introspection matches MPI", "[mpi]") {
  const int ranks = orion::num_ranks();
  REQUIRE(ranks >= 1);
  CHECK(orion::rank() >= 0);
  CHECK(orion::rank() < ranks);
  CHECK(orion::is_root() == (orion::rank() == 0));
  CHECK(comm::comm_size() == ranks);
  CHECK(comm::comm_rank() == orion::rank());
  CHECK(orion::threads_per_rank() >= 1);
  CHECK(orion::num_workers() == int64_t{ranks} * orion::threads_per_rank());
  CHECK(orion::worker_id() == int64_t{orion::rank()} * orion::threads_per_rank());
  // Exactly one root.
  CHECK(comm::comm_allreduce_max(orion::is_root() ? orion::rank() : -1) == 0);
  const auto roots = comm::comm_allgather(orion::is_root() ? 1 : 0);
  CHECK(std::accumulate(roots.begin(), roots.end(), int64_t{0}) == 1);
}

TEST_CASE("collective primitives", "[mpi]") {
  const int rank = orion::rank(), ranks = orion::num_ranks();
  CHECK(comm::comm_exscan_sum(rank + 1) == int64_t{rank} * (rank + 1) / 2);

  std::vector<int64_t> values{rank, -rank, 7};
  comm::comm_allreduce_max(values);
  CHECK(values == std::vector<int64_t>{ranks - 1, 0, 7});

  const std::string message =
      comm::comm_bcast_string(rank == ranks - 1 ? "from the last" : "", ranks - 1);
  CHECK(message == "from the last");

  const auto all = comm::comm_allgather(rank * 10);
  REQUIRE(all.size() == static_cast<std::size_t>(ranks));
  for (int r = 0; r < ranks; ++r)
    CHECK(all[r] == r * 10);
}

TEST_CASE("allgatherv of bytes, also split into small messages", "[mpi]") {
  const int rank = orion::rank(), ranks = orion::num_ranks();
  // Rank r contributes r*3 bytes (rank 0 none) with value 'a' + r.
  std::vector<int64_t> counts(ranks);
  int64_t total = 0;
  for (int r = 0; r < ranks; ++r)
    total += counts[r] = r * 3;
  const std::string mine(static_cast<std::size_t>(counts[rank]), static_cast<char>('a' + rank));
  std::string expected;
  for (int r = 0; r < ranks; ++r)
    expected += std::string(static_cast<std::size_t>(counts[r]), static_cast<char>('a' + r));
  for (int64_t max_message : {comm::kMaxMessageBytes, int64_t{1}, int64_t{2}, int64_t{5}}) {
    std::string out(static_cast<std::size_t>(total), '?');
    comm::comm_allgatherv_bytes(mine.data(), static_cast<int64_t>(mine.size()), out.data(), counts,
                                max_message);
    CHECK(out == expected);
  }
}

TEST_CASE("the replicated rng is identical on every rank, worker rngs differ", "[mpi][rng]") {
  const uint64_t drawn = orion::rng()();
  const auto all = comm::comm_allgather(static_cast<int64_t>(drawn));
  for (int64_t x : all)
    CHECK(x == all[0]);

  // Worker engines are seeded from (seed, global worker id + 1); no other test draws from them.
  // A single worker in total draws from the replicated engine itself, as the serial build does.
  const int threads = orion::threads_per_rank();
  for (int w = 0; w < threads; ++w) {
    const int64_t global = int64_t{orion::rank()} * threads + w;
    orion::detail::WorkerScope worker(global);
    CHECK(orion::worker_id() == global);
    if (orion::num_workers() == 1) {
      CHECK(&orion::rng() == &orion::detail::state().replicated_rng);
      continue;
    }
    CHECK(&orion::rng() != &orion::detail::state().replicated_rng);
    CHECK(orion::rng() == orion::Rng(orion::options().seed, static_cast<uint64_t>(global) + 1));
  }
}

namespace {

/// A variable of the environment the process started with (setenv does not change
/// /proc/self/environ), or nullopt.
std::optional<std::string> initial_env(const std::string &name) {
  std::ifstream in("/proc/self/environ", std::ios::binary);
  std::string entry;
  while (std::getline(in, entry, '\0'))
    if (entry.rfind(name + "=", 0) == 0)
      return entry.substr(name.size() + 1);
  return std::nullopt;
}

} // namespace

TEST_CASE("the Session asks Open MPI for ob1 unless the user chose or a fast network is there",
          "[mpi][pml]") {
  const auto user_pml = initial_env("OMPI_MCA_pml");
  std::error_code ec;
  const bool fast_network = std::filesystem::exists("/sys/class/infiniband", ec) &&
                            !std::filesystem::is_empty("/sys/class/infiniband", ec);
  const char *pml = std::getenv("OMPI_MCA_pml");
  if (user_pml) {
    REQUIRE(pml != nullptr);
    CHECK(std::string(pml) == *user_pml);
  } else if (initial_env("ORION_MPI_PML") == std::optional<std::string>("default") ||
             fast_network) {
    CHECK(pml == nullptr);
  } else {
    REQUIRE(pml != nullptr);
    CHECK(std::string(pml) == "ob1");
  }
}

TEST_CASE("the Session asks Open MPI for an isolated singleton unless the user chose",
          "[mpi][singleton]") {
  const auto user_choice = initial_env("OMPI_MCA_ess_singleton_isolated");
  const char *isolated = std::getenv("OMPI_MCA_ess_singleton_isolated");
  REQUIRE(isolated != nullptr);
  CHECK(std::string(isolated) == user_choice.value_or("1"));
}

// The schedule protocols' point-to-point layer (runtime/src/transfers.hpp): messages of any size in
// pieces of at most the given bound, on the runtime's communicator, around a ring of ranks.
#include "transfers.hpp"

#include <orion/session.hpp>

#include <catch2/catch.hpp>

#include <chrono>
#include <cstdint>
#include <numeric>
#include <optional>
#include <vector>

using namespace orion;

namespace {

std::vector<unsigned char> pattern(int rank, std::size_t bytes) {
  std::vector<unsigned char> out(bytes);
  for (std::size_t i = 0; i < bytes; ++i)
    out[i] = static_cast<unsigned char>(rank * 31 + static_cast<int>(i));
  return out;
}

/// Calls `step` (which polls) until it returns true, failing instead of hanging after a
/// generous bound.
template <typename F> void poll_until(F &&step) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (!step())
    REQUIRE(std::chrono::steady_clock::now() < deadline);
}

} // namespace

TEST_CASE("transfers split messages into pieces and deliver them whole", "[mpi][transfers]") {
  const int P = num_ranks(), r = rank();
  const int next = (r + 1) % P, prev = (r - 1 + P) % P;
  // 3-byte pieces: 10 bytes travel as 4 messages, 0 bytes as one empty message.
  detail::Transfers t("test.cpp:1", r, 3);
  const int big = t.receive(10, prev, 5);
  const int empty = t.receive(0, prev, 6);
  t.send(pattern(r, 10), next, 5);
  t.send({}, next, 6);
  std::vector<int> arrived;
  poll_until([&] {
    for (int id : t.poll())
      arrived.push_back(id);
    return arrived.size() == 2 && t.idle();
  });
  CHECK(t.take(big) == pattern(prev, 10));
  CHECK(t.take(empty).empty());
  CHECK_THROWS_WITH(t.take(big), Catch::Contains("has not completed"));
}

TEST_CASE("sized transfers need no size known in advance", "[mpi][transfers]") {
  const int P = num_ranks(), r = rank();
  const int next = (r + 1) % P, prev = (r - 1 + P) % P;
  detail::Transfers t("test.cpp:2", r, 4);
  const std::size_t bytes = 9 + static_cast<std::size_t>(r); // every rank a different size
  t.send_sized(pattern(r, bytes), next, 7);
  std::optional<std::vector<unsigned char>> got;
  poll_until([&] {
    t.poll(); // completes the sends
    if (!got)
      got = t.receive_sized(prev, 7);
    return got.has_value() && t.idle();
  });
  CHECK(*got == pattern(prev, 9 + static_cast<std::size_t>(prev)));
  // Nothing more is on its way.
  CHECK_FALSE(t.receive_sized(prev, 7).has_value());
}

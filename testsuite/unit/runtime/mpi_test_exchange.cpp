// Keeping every rank's copy current (runtime/src/coherence.hpp): exchange_spans gives every rank
// the owner's bytes of each span, in place when each rank owns one contiguous run of an array and
// through a packed all-gather otherwise; both must give the same copies.
#include "coherence.hpp"

#include <orion/session.hpp>

#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

using namespace orion;

namespace {

constexpr std::size_t kPiece = 5; // bytes per span

unsigned char value(int owner, std::size_t i) { return static_cast<unsigned char>(owner * 40 + i); }

/// Fills the spans this rank owns with its pattern and the others with junk.
void fill(const std::vector<detail::Span> &spans, int rank) {
  for (const detail::Span &s : spans)
    for (std::size_t i = 0; i < s.bytes; ++i)
      s.data[i] = s.owner == rank ? value(s.owner, i) : 0xEE;
}

void check_filled(const std::vector<detail::Span> &spans) {
  for (const detail::Span &s : spans)
    for (std::size_t i = 0; i < s.bytes; ++i)
      REQUIRE(s.data[i] == value(s.owner, i));
}

} // namespace

TEST_CASE("exchange_spans: one contiguous run per owner goes in place", "[mpi][exchange]") {
  const int P = num_ranks(), r = rank();
  // Two spans per owner, adjacent: they merge into one run each, in rank order and reversed.
  std::vector<unsigned char> a(kPiece * 2 * static_cast<std::size_t>(P)), b(a.size());
  std::vector<detail::Span> spans;
  for (int o = 0; o < P; ++o)
    for (std::size_t k = 0; k < 2; ++k) {
      const std::size_t at = (static_cast<std::size_t>(o) * 2 + k) * kPiece;
      spans.push_back({a.data() + at, kPiece, o, 1});
      spans.push_back({b.data() + b.size() - at - kPiece, kPiece, o, 2});
    }
  const auto runs = detail::in_place_runs(spans, P);
  REQUIRE(runs);
  REQUIRE(runs->size() == 2);
  CHECK((*runs)[0].bytes[0] == std::int64_t(2 * kPiece));
  fill(spans, r);
  detail::exchange_spans(spans);
  check_filled(spans);
}

TEST_CASE("exchange_spans: interleaved runs of one owner go packed", "[mpi][exchange]") {
  const int P = num_ranks(), r = rank();
  // Owner o holds pieces o and o + P: two runs apart whenever there is more than one rank.
  std::vector<unsigned char> a(kPiece * 2 * static_cast<std::size_t>(P));
  std::vector<detail::Span> spans;
  for (int k = 0; k < 2 * P; ++k)
    spans.push_back({a.data() + static_cast<std::size_t>(k) * kPiece, kPiece, k % P, 1});
  CHECK(detail::in_place_runs(spans, P).has_value() == (P == 1));
  fill(spans, r);
  detail::exchange_spans(spans);
  check_filled(spans);
}

TEST_CASE("in_place_runs refuses overlapping spans", "[mpi][exchange]") {
  std::vector<unsigned char> a(2 * kPiece);
  const std::vector<detail::Span> spans{{a.data(), kPiece + 1, 0, 1},
                                        {a.data() + kPiece, kPiece, 1, 1}};
  CHECK_FALSE(detail::in_place_runs(spans, 2).has_value());
}

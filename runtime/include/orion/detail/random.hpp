// The runtime's own random number generation. std:: distributions are implementation-defined,
// so g++/libstdc++ and clang/libc++ would draw different numbers from the same seed; everything
// here is specified bit for bit so that a serial run, a distributed run and a build with another
// compiler see the same values.
#pragma once

#include <cmath>
#include <cstdint>
#include <numbers>

namespace orion {
namespace detail {

inline constexpr std::uint64_t kGolden = 0x9e3779b97f4a7c15ULL;

__extension__ typedef unsigned __int128 uint128; // __extension__: quiet under -Wpedantic

/// splitmix64's output function: a bijective 64-bit mixer.
constexpr std::uint64_t mix64(std::uint64_t z) noexcept {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/// Counter-based bits: the i-th output of splitmix64 started from a mixed seed. Lets fill_* give
/// element i a value that depends only on (seed, i), independent of order and of who computes it.
constexpr std::uint64_t counter_bits(std::uint64_t seed, std::uint64_t i) noexcept {
  return mix64(mix64(seed ^ 0x6a09e667f3bcc909ULL) + (i + 1) * kGolden);
}

/// Top 53 bits as a double in [0, 1).
constexpr double unit_double(std::uint64_t bits) noexcept {
  return static_cast<double>(bits >> 11) * 0x1.0p-53;
}

/// Box–Muller (cosine branch only, so one normal needs exactly two inputs).
inline double box_muller(std::uint64_t a, std::uint64_t b) noexcept {
  const double u1 = 1.0 - unit_double(a); // (0, 1]: log stays finite
  const double u2 = unit_double(b);
  return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * std::numbers::pi * u2);
}

/// Unbiased-enough integer in [0, n) by multiply-shift (Lemire); bias is below 2^-64 * n.
constexpr std::uint64_t scale_below(std::uint64_t bits, std::uint64_t n) noexcept {
  return static_cast<std::uint64_t>((static_cast<uint128>(bits) * n) >> 64);
}

} // namespace detail

/// xoshiro256** engine: fast, small state, and a UniformRandomBitGenerator so it also plugs into
/// <random> (whose distributions are not portable; prefer the members below).
class Rng {
public:
  using result_type = std::uint64_t;

  Rng() noexcept { seed(42); }
  /// Streams with different `stream` values are independent for the same seed (one per worker).
  explicit Rng(std::uint64_t seed_value, std::uint64_t stream = 0) noexcept {
    seed(seed_value, stream);
  }

  void seed(std::uint64_t seed_value, std::uint64_t stream = 0) noexcept {
    std::uint64_t x = detail::mix64(seed_value) ^ detail::mix64(stream * 0xd1b54a32d192ed03ULL + 1);
    for (auto &word : s_) {
      x += detail::kGolden;
      word = detail::mix64(x);
    }
    if ((s_[0] | s_[1] | s_[2] | s_[3]) == 0) // the one state xoshiro cannot leave
      s_[0] = detail::kGolden;
  }

  static constexpr result_type min() noexcept { return 0; }
  static constexpr result_type max() noexcept { return ~result_type{0}; }

  result_type operator()() noexcept {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  /// Uniform double in [0, 1).
  double uniform() noexcept { return detail::unit_double((*this)()); }
  /// Uniform double in [lo, hi).
  double uniform(double lo, double hi) noexcept { return lo + (hi - lo) * uniform(); }
  /// Uniform integer in [0, n); 0 when n == 0.
  std::uint64_t uniform_int(std::uint64_t n) noexcept { return detail::scale_below((*this)(), n); }
  /// Standard normal deviate.
  double normal() noexcept {
    const std::uint64_t a = (*this)();
    return detail::box_muller(a, (*this)());
  }
  double normal(double mean, double stddev) noexcept { return mean + stddev * normal(); }

  friend bool operator==(const Rng &, const Rng &) = default;

private:
  static constexpr std::uint64_t rotl(std::uint64_t x, int k) noexcept {
    return (x << k) | (x >> (64 - k));
  }

  std::uint64_t s_[4];
};

} // namespace orion

// orion::rng() in parallel loop bodies (docs/runtime.md, "Random numbers"): a 1D loop, a 2D
// unordered loop (a rotation on several workers) and an ordered nest (a wavefront) draw from it,
// and so does the driver before and after them. With one worker in total the orionc build draws
// exactly the serial build's numbers (e2e.rng_streams.one_worker compares every bit); with more,
// each worker draws from its own stream, and --orion-replay-serial and --orion-check reproduce the
// parallel run bit for bit (e2e.rng_streams.np*.t2), while only the mean of the draws (last line)
// is comparable with the serial build.
#include <orion/accumulator.hpp>
#include <orion/dense_array.hpp>
#include <orion/rng.hpp>
#include <orion/session.hpp>
#include <orion/sparse_array.hpp>

#include <cstdint>
#include <cstdio>
#include <cstring>

namespace {

std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

std::uint64_t bits(double v) {
  std::uint64_t b;
  std::memcpy(&b, &v, sizeof b);
  return b;
}

/// Order-independent fingerprint of a dense array's values (position and bits).
template <std::size_t N> std::uint64_t fingerprint(orion::DenseArray<double, N> &a) {
  std::uint64_t h = 0;
  for (int64_t i = 0; i < a.size(); ++i)
    h += mix(static_cast<std::uint64_t>(i) ^ mix(bits(a.data()[i])));
  return h;
}

} // namespace

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  const int64_t n = 3000, rows = 60, cols = 40, g = 24;
  orion::DenseArray<double, 1> noise({n});
  orion::DenseArray<double, 2> W({rows, 2}), H({cols, 2}), G({g, g});
  orion::SparseArray<double, 2> R({rows, cols});
  for (int64_t e = 0; e < 2000; ++e) {
    const std::uint64_t h = mix(static_cast<std::uint64_t>(e));
    R.push_back({static_cast<int64_t>(h % rows), static_cast<int64_t>((h >> 20) % cols)}, 0.0);
  }
  // One accumulator per loop: a worker adds a loop's block partial to its slot, which is the
  // serial running sum only when the slot starts empty (docs/runtime.md, Accumulator).
  orion::Accumulator<double> total1, total2, total3;
  orion::Accumulator<int64_t> draws;

  const double before = orion::rng().uniform(); // the driver's replicated stream

#pragma orion parallel_for
  for (int64_t i = 0; i < n; ++i) {
    noise(i) = orion::rng().uniform();
    total1 += noise(i);
    draws += 1;
  }

#pragma orion parallel_for
  for (auto &&[key, r] : R) {
    const double step = orion::rng().uniform();
    for (int k = 0; k < 2; ++k) {
      W(key[0], k) += step * H(key[1], k) + 0.01;
      H(key[1], k) -= step * 0.5;
    }
    r = step;
    total2 += step;
    draws += 1;
  }

#pragma orion parallel_for ordered
  for (int64_t i = 1; i < g; ++i)
    for (int64_t j = 1; j < g; ++j) {
      const double u = orion::rng().uniform();
      G(i, j) = 0.25 * (G(i - 1, j) + G(i, j - 1)) + u;
      total3 += u;
      draws += 1;
    }

  const double after = orion::rng().uniform(); // one worker: continues after the loops' draws

  std::uint64_t r_print = 0;
  for (auto &&[key, r] : R)
    r_print += mix(static_cast<std::uint64_t>(key[0] * cols + key[1]) ^ mix(bits(r)));
  const double sum = total1.aggregate() + total2.aggregate() + total3.aggregate();
  const int64_t count = draws.aggregate();
  if (orion::is_root()) {
    std::printf("driver before %a after %a\n", before, after);
    std::printf("noise %016llx first %a last %a\n",
                static_cast<unsigned long long>(fingerprint(noise)), noise(0), noise(n - 1));
    std::printf("R %016llx W %016llx H %016llx\n", static_cast<unsigned long long>(r_print),
                static_cast<unsigned long long>(fingerprint(W)),
                static_cast<unsigned long long>(fingerprint(H)));
    std::printf("G %016llx corner %a\n", static_cast<unsigned long long>(fingerprint(G)),
                G(g - 1, g - 1));
    std::printf("sum %a\n", sum);
    std::printf("mean of %lld uniform draws %.4f\n", static_cast<long long>(count),
                sum / static_cast<double>(count));
  }
  return 0;
}

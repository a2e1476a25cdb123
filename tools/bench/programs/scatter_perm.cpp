// A 1D loop that writes through a permutation: the benchmark program of
// tools/bench/runtime_ab.py (recorded writes, issue 16).
//
//   scatter_perm N reversed|strided
//
//   #pragma orion parallel_for
//   for (i = 0; i < N; ++i) B(p(i)) = 2 * A(i) + rep;     (3 loops, rep = 0, 1, 2)
//
// p is N - 1 - i (reversed: each worker writes one contiguous range) or 7919 i mod N (strided:
// each worker writes elements spread over the whole array). B is written with a data-dependent
// subscript, so on several ranks each rank's writes travel as write records. The root prints the
// loops' time on stderr as "loop SECONDS" and a checksum of B on stdout.

#include <orion/orion.hpp>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  const int64_t N = argc == 3 ? std::atoll(argv[1]) : 0;
  const bool strided = argc == 3 && std::strcmp(argv[2], "strided") == 0;
  if (N < 1 || (!strided && std::strcmp(argv[2], "reversed") != 0) || (strided && N % 7919 == 0)) {
    if (orion::is_root())
      std::fputs("usage: scatter_perm N reversed|strided (N >= 1, not a multiple of 7919)\n",
                  stderr);
    return 2;
  }
  orion::DenseArray<double, 1> A({N}), B({N});
  orion::DenseArray<int64_t, 1> p({N});
  A.fill_uniform(0.0, 1.0, 3);
  for (int64_t i = 0; i < N; ++i)
    p(i) = strided ? (i * 7919) % N : N - 1 - i;
  const auto start = std::chrono::steady_clock::now();
  for (int rep = 0; rep < 3; ++rep) {
#pragma orion parallel_for
    for (int64_t i = 0; i < N; ++i)
      B(p(i)) = 2 * A(i) + rep;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  double sum = 0;
  for (int64_t i = 0; i < N; ++i)
    sum += B(i) * static_cast<double>(i % 7 + 1);
  if (orion::is_root()) {
    std::fprintf(stderr, "loop %.6f\n", seconds);
    std::printf("N %lld checksum %.17g\n", static_cast<long long>(N), sum);
  }
  return 0;
}

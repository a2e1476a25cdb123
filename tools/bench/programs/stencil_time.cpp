// Stencils whose written array no schedule partitions: the benchmark programs of
// tools/bench/runtime_ab.py (recorded writes, issue 16).
//
//   stencil_time skew N PASSES   A(i, j) = (A(i, j) + A(i - 1, j + 1)) / 2, one loop per pass:
//                                1D on the skewed space c1 = i + j (examples/skewed_stencil.cpp)
//   stencil_time seidel N T      seidel-2d with its time loop inside the parallel loop (ordered):
//                                a wavefront on the skewed space, time (c0, c1) or space (c1, c2)
//
// On several ranks the written array is neither local nor a slab of the schedule: each rank's
// writes travel as write records. The root prints the loops' time (steady_clock around them) on
// stderr as "loop SECONDS" and a checksum of the array on stdout; every build must print the
// same checksum as the serial g++ build.

#include <orion/orion.hpp>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  if (argc != 4 || (std::strcmp(argv[1], "skew") != 0 && std::strcmp(argv[1], "seidel") != 0)) {
    if (orion::is_root())
      std::fputs("usage: stencil_time skew|seidel N PASSES|T\n", stderr);
    return 2;
  }
  const bool skew = std::strcmp(argv[1], "skew") == 0;
  const int64_t N = std::atoll(argv[2]), steps = std::atoll(argv[3]);
  if (N < 3 || steps < 1) {
    if (orion::is_root())
      std::fputs("stencil_time: N must be at least 3 and PASSES or T at least 1\n", stderr);
    return 2;
  }
  orion::DenseArray<double, 2> A({N, N});
  A.fill_uniform(0.0, 1.0, 5);
  double seconds = 0;
  if (skew) {
    for (int64_t pass = 0; pass < steps; ++pass) {
      const auto start = std::chrono::steady_clock::now();
#pragma orion parallel_for
      for (int64_t i = 1; i < N; ++i)
        for (int64_t j = 0; j < N - 1; ++j)
          A(i, j) = 0.5 * (A(i, j) + A(i - 1, j + 1));
      seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }
  } else {
    const int64_t T = steps;
    const auto start = std::chrono::steady_clock::now();
#pragma orion parallel_for ordered
    for (int64_t t = 0; t < T; ++t)
      for (int64_t i = 1; i <= N - 2; ++i)
        for (int64_t j = 1; j <= N - 2; ++j)
          A(i, j) = (A(i - 1, j - 1) + A(i - 1, j) + A(i - 1, j + 1) + A(i, j - 1) + A(i, j) +
                     A(i, j + 1) + A(i + 1, j - 1) + A(i + 1, j) + A(i + 1, j + 1)) /
                    9.0;
    seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  double sum = 0;
  for (int64_t i = 0; i < N; ++i)
    for (int64_t j = 0; j < N; ++j)
      sum += A(i, j) * static_cast<double>(i + 2 * j + 1);
  if (orion::is_root()) {
    std::fprintf(stderr, "loop %.6f\n", seconds);
    std::printf("%s N %lld steps %lld checksum %.17g\n", argv[1], static_cast<long long>(N),
                static_cast<long long>(steps), sum);
  }
  return 0;
}

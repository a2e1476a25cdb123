// Many short parallel loops: the benchmark program of tools/bench/handoff_ab.py (how much a loop
// costs beyond its work: starting or waking the workers, issue 12's persistent worker pool).
//
//   short_loops N REPS
//
//   for rep in 0..REPS-1:
//     #pragma orion parallel_for
//     for (i = 0; i < N; ++i) A(i) = 0.5 * B(i) + A(i);
//
// The root prints the loops' time on stderr as "loop SECONDS" and a checksum of A on stdout.

#include <orion/orion.hpp>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  const int64_t N = argc >= 3 ? std::atoll(argv[1]) : 0;
  const int64_t reps = argc >= 3 ? std::atoll(argv[2]) : 0;
  if (N < 1 || reps < 1) {
    if (orion::is_root())
      std::fputs("usage: short_loops N REPS (both >= 1)\n", stderr);
    return 2;
  }
  orion::DenseArray<double, 1> A({N}), B({N});
  for (int64_t i = 0; i < N; ++i)
    B(i) = static_cast<double>(i % 97);
  const auto start = std::chrono::steady_clock::now();
  for (int64_t rep = 0; rep < reps; ++rep) {
#pragma orion parallel_for
    for (int64_t i = 0; i < N; ++i)
      A(i) = 0.5 * B(i) + A(i);
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  double sum = 0;
  for (int64_t i = 0; i < N; ++i)
    sum += A(i);
  if (orion::is_root()) {
    std::fprintf(stderr, "loop %.6f\n", seconds);
    std::printf("checksum %.6f\n", sum);
  }
  return 0;
}

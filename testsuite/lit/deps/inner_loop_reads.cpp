// An inner loop inside the body: `for k` ranges over a whole row, A(k) and M(i, k) are only
// read, y(i) written once per iteration: no dependences (matrix-vector product), 1D. When the k
// loop is perfectly nested (second loop) it becomes an iteration dimension, and x(i) += ...
// conflicts within a row: ([0,0], [1,+inf]), still 1D along i.
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]);
  orion::DenseArray<double, 2> M({N, N});
  orion::DenseArray<double, 1> A({N}), y({N}), x({N});
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    double sum = 0;
    for (int64_t k = 0; k < N; ++k)
      sum += M(i, k) * A(k);
    y(i) = sum;
  }
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    for (int64_t k = 0; k < N; ++k)
      x(i) += M(i, k) * A(k);
}

// CHECK-LABEL: loop 0 at {{.*}}inner_loop_reads.cpp:15:3 in 'main': unordered, counted nest over (i)
// CHECK: dependences:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: 1d (0){{ +}}1D: partition i across workers; no dependence crosses partitions
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: 1d (0)
// CHECK-NEXT: why: 1D needs no communication during the loop; preferred over 2D
// CHECK: arrays:
// CHECK-NEXT: M{{ +}}local
// CHECK-NEXT: A{{ +}}replicated
// CHECK-NEXT: y{{ +}}local
// CHECK-EMPTY:
// CHECK-LABEL: loop 1 at {{.*}}inner_loop_reads.cpp:22:3 in 'main': unordered, counted nest over (i, k)
// CHECK: dependences:
// CHECK-NEXT: RAW ([0,0], [1,+inf]){{ +}}on x{{ +}}refs
// CHECK-NEXT: WAR ([0,0], [1,+inf]){{ +}}on x{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: 1d (0){{ +}}1D: partition i across workers; no dependence crosses partitions
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (0, 1){{ +}}2D unordered: space i, time k (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (1, 0){{ +}}2D unordered: space k, time i (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: 1d (0)
// CHECK-NEXT: why: 1D needs no communication during the loop; preferred over 2D
// CHECK: arrays:
// CHECK-NEXT: x{{ +}}local
// CHECK-NEXT: M{{ +}}local
// CHECK-NEXT: A{{ +}}replicated

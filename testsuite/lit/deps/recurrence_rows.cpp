// A recurrence along j only, A(i, j) = A(i, j - 1) * c: RAW ([0,0], [1,1]). Rows are
// independent: 1D along i. The column recurrence A(i, j) = A(i - 1, j): ([1,1], [0,0]), 1D
// along j.
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t M = std::atoll(argv[1]), N = std::atoll(argv[2]);
  const double c = 0.5;
  orion::DenseArray<double, 2> A({M, N});
#pragma orion parallel_for ordered
  for (int64_t i = 0; i < M; ++i)
    for (int64_t j = 1; j < N; ++j)
      A(i, j) = A(i, j - 1) * c;
#pragma orion parallel_for ordered
  for (int64_t i = 1; i < M; ++i)
    for (int64_t j = 0; j < N; ++j)
      A(i, j) = A(i - 1, j) * c;
}

// CHECK-LABEL: loop 0 at {{.*}}recurrence_rows.cpp:14:3 in 'main': ordered, counted nest over (i, j)
// CHECK: dependences:
// CHECK-NEXT: RAW ([0,0], [1,1]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: 1d (0){{ +}}1D: partition i across workers; no dependence crosses partitions
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (0, 1){{ +}}2D ordered: space i, time j, wavefront (each worker waits only for its predecessor)
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (1, 0){{ +}}2D ordered: space j, time i, wavefront (each worker waits only for its predecessor)
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: 1d (0)
// CHECK-NEXT: why: 1D needs no communication during the loop; preferred over 2D
// CHECK: arrays:
// CHECK-NEXT: A{{ +}}local
// CHECK-EMPTY:
// CHECK-LABEL: loop 1 at {{.*}}recurrence_rows.cpp:18:3 in 'main': ordered, counted nest over (i, j)
// CHECK: dependences:
// CHECK-NEXT: RAW ([1,1], [0,0]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: 1d (1){{ +}}1D: partition j across workers; no dependence crosses partitions
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (0, 1){{ +}}2D ordered: space i, time j, wavefront (each worker waits only for its predecessor)
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (1, 0){{ +}}2D ordered: space j, time i, wavefront (each worker waits only for its predecessor)
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: 1d (1)
// CHECK-NEXT: why: 1D needs no communication during the loop; preferred over 2D
// CHECK: arrays:
// CHECK-NEXT: A{{ +}}local

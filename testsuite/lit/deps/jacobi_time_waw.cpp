// A time loop around a Jacobi step that writes B from A (A never written): the only conflicts
// are B(i, j) written at every t. Unordered loops ignore write/write conflicts (Orion): no
// dependences, 1D along t, i or j. Ordered keeps them: WAW ([1,+inf], [0,0], [0,0]), so t can
// no longer be a 1D dimension, i and j still can.
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t T = std::atoll(argv[1]), N = std::atoll(argv[2]);
  orion::DenseArray<double, 2> A({N, N}), B({N, N});
#pragma orion parallel_for
  for (int64_t t = 0; t < T; ++t)
    for (int64_t i = 1; i < N - 1; ++i)
      for (int64_t j = 1; j < N - 1; ++j)
        B(i, j) = 0.2 * (A(i, j) + A(i - 1, j) + A(i + 1, j) + A(i, j - 1) + A(i, j + 1));
#pragma orion parallel_for ordered
  for (int64_t t = 0; t < T; ++t)
    for (int64_t i = 1; i < N - 1; ++i)
      for (int64_t j = 1; j < N - 1; ++j)
        B(i, j) = 0.2 * (A(i, j) + A(i - 1, j) + A(i + 1, j) + A(i, j - 1) + A(i, j + 1));
}

// CHECK-LABEL: loop 0 at {{.*}}jacobi_time_waw.cpp:14:3 in 'main': unordered, counted nest over (t, i, j)
// CHECK: dependences:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: 1d (0){{ +}}1D: partition t across workers; no dependence crosses partitions
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 1d (1){{ +}}1D: partition i across workers; no dependence crosses partitions
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 1d (2){{ +}}1D: partition j across workers; no dependence crosses partitions
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (0, 1){{ +}}2D unordered: space t, time i (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (0, 2){{ +}}2D unordered: space t, time j (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (1, 0){{ +}}2D unordered: space i, time t (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (1, 2){{ +}}2D unordered: space i, time j (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (2, 0){{ +}}2D unordered: space j, time t (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (2, 1){{ +}}2D unordered: space j, time i (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: 1d (0)
// CHECK-NEXT: why: 1D needs no communication during the loop; preferred over 2D
// CHECK: arrays:
// CHECK-NEXT: B{{ +}}served
// CHECK-NEXT: A{{ +}}replicated
// CHECK-EMPTY:
// CHECK-LABEL: loop 1 at {{.*}}jacobi_time_waw.cpp:19:3 in 'main': ordered, counted nest over (t, i, j)
// CHECK: dependences:
// CHECK-NEXT: WAW ([1,+inf], [0,0], [0,0]){{ +}}on B{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: 1d (1){{ +}}1D: partition i across workers; no dependence crosses partitions
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 1d (2){{ +}}1D: partition j across workers; no dependence crosses partitions
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (0, 1){{ +}}2D ordered: space t, time i, wavefront (each worker waits only for its predecessor)
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (0, 2){{ +}}2D ordered: space t, time j, wavefront (each worker waits only for its predecessor)
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (1, 0){{ +}}2D ordered: space i, time t, wavefront (each worker waits only for its predecessor)
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (1, 2){{ +}}2D ordered: space i, time j, wavefront (each worker waits only for its predecessor)
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (2, 0){{ +}}2D ordered: space j, time t, wavefront (each worker waits only for its predecessor)
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (2, 1){{ +}}2D ordered: space j, time i, wavefront (each worker waits only for its predecessor)
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: 1d (1)
// CHECK-NEXT: why: 1D needs no communication during the loop; preferred over 2D
// CHECK: arrays:
// CHECK-NEXT: B{{ +}}local
// CHECK-NEXT: A{{ +}}replicated

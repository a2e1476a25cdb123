// Matrix multiply as a 3-deep nest: C(i, j) += A(i, k) * B(k, j). Only C is written, and
// iterations share C(i, j) along k: RAW ([0,0], [0,0], [1,+inf]). 1D along i or j (not k); every
// 2D pair is legal since i and j are [0,0] in the vector.
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]);
  orion::DenseArray<double, 2> A({N, N}), B({N, N}), C({N, N});
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    for (int64_t j = 0; j < N; ++j)
      for (int64_t k = 0; k < N; ++k)
        C(i, j) += A(i, k) * B(k, j);
}

// CHECK-LABEL: loop 0 at {{.*}}matmul_3d.cpp:13:3 in 'main': unordered, counted nest over (i, j, k)
// CHECK: dependences:
// CHECK-NEXT: RAW ([0,0], [0,0], [1,+inf]){{ +}}on C{{ +}}refs
// CHECK-NEXT: WAR ([0,0], [0,0], [1,+inf]){{ +}}on C{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: 1d (0){{ +}}1D: partition i across workers; no dependence crosses partitions
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 1d (1){{ +}}1D: partition j across workers; no dependence crosses partitions
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (0, 1){{ +}}2D unordered: space i, time j (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (0, 2){{ +}}2D unordered: space i, time k (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (1, 0){{ +}}2D unordered: space j, time i (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (1, 2){{ +}}2D unordered: space j, time k (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (2, 0){{ +}}2D unordered: space k, time i (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (2, 1){{ +}}2D unordered: space k, time j (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: 1d (0)
// CHECK-NEXT: why: 1D needs no communication during the loop; preferred over 2D
// CHECK: arrays:
// CHECK-NEXT: C{{ +}}local
// CHECK-NEXT: A{{ +}}local
// CHECK-NEXT: B{{ +}}replicated

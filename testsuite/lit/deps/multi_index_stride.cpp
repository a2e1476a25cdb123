// B(2*i - j) += 1: iterations conflict iff 2*(i' - i) = j' - j, distance (k, 2k) for k >= 1:
// ([1,+inf], [2,+inf]), nothing carried at level 1. The write-only version B(2*i + j) = v,
// unordered, has no dependences at all (write/write is ignored); ordered it has the WAW
// (k, -2k): ([1,+inf], [-inf,-2]), skewed exactly by T = [[1, 0], [2, 1]] to (k, 0).
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]);
  orion::DenseArray<double, 1> B({3 * N});
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    for (int64_t j = 0; j < N; ++j)
      B(2 * i - j + N) += 1.0;
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    for (int64_t j = 0; j < N; ++j)
      B(2 * i + j) = 1.0;
#pragma orion parallel_for ordered
  for (int64_t i = 0; i < N; ++i)
    for (int64_t j = 0; j < N; ++j)
      B(2 * i + j) = 1.0;
}

// CHECK-LABEL: loop 0 at {{.*}}multi_index_stride.cpp:14:3 in 'main': unordered, counted nest over (i, j)
// CHECK: references:
// CHECK: #{{[0-9]+}}{{ +}}X B(2*i - j + N)
// CHECK: dependences:
// CHECK-NEXT: RAW ([1,+inf], [2,+inf]){{ +}}on B{{ +}}refs
// CHECK-NEXT: WAR ([1,+inf], [2,+inf]){{ +}}on B{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: unimodular (0, 1){{ +}}unimodular: T = {{\[\[}}1, 0], [0, 1]], then 2D wavefront on (c0, c1) on the transformed space (c = T·(i, j))
// CHECK-NEXT: transformed ([1,+inf], [2,+inf]) -> ([1,+inf], [2,+inf])
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: unimodular (0, 1)
// CHECK-NEXT: why: no 1D or 2D schedule is legal on the original space; the skewed space carries every dependence forward
// CHECK: arrays:
// CHECK-NEXT: B{{ +}}rotated
// CHECK-EMPTY:
// CHECK-LABEL: loop 1 at {{.*}}multi_index_stride.cpp:18:3 in 'main': unordered, counted nest over (i, j)
// CHECK: references:
// CHECK: #{{[0-9]+}}{{ +}}W B(2*i + j)
// CHECK: dependences:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: 1d (0){{ +}}1D: partition i across workers; no dependence crosses partitions
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 1d (1){{ +}}1D: partition j across workers; no dependence crosses partitions
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (0, 1){{ +}}2D unordered: space i, time j (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (1, 0){{ +}}2D unordered: space j, time i (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: 1d (0)
// CHECK-NEXT: why: 1D needs no communication during the loop; preferred over 2D
// CHECK: arrays:
// CHECK-NEXT: B{{ +}}served
// CHECK-EMPTY:
// CHECK-LABEL: loop 2 at {{.*}}multi_index_stride.cpp:22:3 in 'main': ordered, counted nest over (i, j)
// CHECK: references:
// CHECK: #{{[0-9]+}}{{ +}}W B(2*i + j)
// CHECK: dependences:
// CHECK-NEXT: WAW ([1,+inf], [-inf,-2]){{ +}}on B{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: unimodular (1){{ +}}unimodular: T = {{\[\[}}1, 0], [2, 1]], then 1D on c1 on the transformed space (c = T·(i, j))
// CHECK-NEXT: transformed ([1,+inf], [-inf,-2]) -> ([1,+inf], [0,0])
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: unimodular (1)

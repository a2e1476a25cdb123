// Constant subscripts: A(0, j) += B(i, j) sums the columns of B into row 0 of A. Iterations
// conflict iff they share j: ([1,+inf], [0,0]), 1D along j. A single element A(0, 0) updated
// by every iteration of a 2-deep nest conflicts at every distance: ([0,0], [1,+inf]) and
// ([1,+inf], [-inf,+inf]), no schedule. Reads of a constant element never conflict.
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t M = std::atoll(argv[1]), N = std::atoll(argv[2]);
  orion::DenseArray<double, 2> A({M, N}), B({M, N});
#pragma orion parallel_for
  for (int64_t i = 0; i < M; ++i)
    for (int64_t j = 0; j < N; ++j)
      A(0, j) += B(i, j);
#pragma orion parallel_for
  for (int64_t i = 0; i < M; ++i)
    for (int64_t j = 0; j < N; ++j)
      A(0, 0) += B(i, j);
#pragma orion parallel_for
  for (int64_t i = 1; i < M; ++i)
    for (int64_t j = 0; j < N; ++j)
      A(i, j) = B(0, 0) * B(0, j);
}

// CHECK-LABEL: loop 0 at {{.*}}constant_subscripts.cpp:14:3 in 'main': unordered, counted nest over (i, j)
// CHECK: references:
// CHECK: #{{[0-9]+}}{{ +}}X A(0, j)
// CHECK: dependences:
// CHECK-NEXT: RAW ([1,+inf], [0,0]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([1,+inf], [0,0]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: 1d (1){{ +}}1D: partition j across workers; no dependence crosses partitions
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (0, 1){{ +}}2D unordered: space i, time j (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (1, 0){{ +}}2D unordered: space j, time i (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: 1d (1)
// CHECK-NEXT: why: 1D needs no communication during the loop; preferred over 2D
// CHECK: arrays:
// CHECK-NEXT: A{{ +}}local
// CHECK-NEXT: B{{ +}}local
// CHECK-EMPTY:
// CHECK-LABEL: loop 1 at {{.*}}constant_subscripts.cpp:18:3 in 'main': unordered, counted nest over (i, j)
// CHECK: references:
// CHECK: #{{[0-9]+}}{{ +}}X A(0, 0)
// CHECK: dependences:
// CHECK-NEXT: RAW ([0,0], [1,+inf]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([0,0], [1,+inf]){{ +}}on A{{ +}}refs
// CHECK-NEXT: RAW ([1,+inf], [-inf,+inf]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([1,+inf], [-inf,+inf]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: schedule: none
// CHECK-NEXT: why: no 1D, 2D or unimodular schedule keeps these dependences: RAW/WAR ([0,0], [1,+inf]) on 'A' (refs #{{[0-9]+}}->#{{[0-9]+}}); RAW/WAR ([1,+inf], [-inf,+inf]) on 'A' (refs #{{[0-9]+}}->#{{[0-9]+}})
// CHECK-NEXT: suggestion: relax(A) if stale values of 'A' are acceptable, or write it through an orion::Buffer
// CHECK-LABEL: loop 2 at {{.*}}constant_subscripts.cpp:22:3 in 'main': unordered, counted nest over (i, j)
// CHECK: references:
// CHECK: #{{[0-9]+}}{{ +}}R B(0, 0)
// CHECK: #{{[0-9]+}}{{ +}}R B(0, j)
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
// CHECK-NEXT: A{{ +}}local
// CHECK-NEXT: B{{ +}}replicated

// Counted nests with triangular bounds. (1) A(i, j) = A(j, i) for j <= i writes the lower
// triangle and reads the upper one; they meet only on the diagonal, within one iteration: no
// dependences (the full-square version has them). (2) C(j) += B(i, j) for j >= i: iterations of
// one column conflict, ([1,+inf], [0,0]), 1D along j. (3) L(i, j) -= L(i - 1, j) for j < i: RAW
// exactly ([1,1], [0,0]).
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]);
  orion::DenseArray<double, 2> A({N, N}), B({N, N}), L({N, N});
  orion::DenseArray<double, 1> C({N});
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    for (int64_t j = 0; j <= i; ++j)
      A(i, j) = A(j, i);
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    for (int64_t j = i; j < N; ++j)
      C(j) += B(i, j);
#pragma orion parallel_for ordered
  for (int64_t i = 1; i < N; ++i)
    for (int64_t j = 0; j < i; ++j)
      L(i, j) -= L(i - 1, j);
}

// CHECK-LABEL: loop 0 at {{.*}}triangular_bounds.cpp:16:3 in 'main': unordered, counted nest over (i, j)
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
// CHECK-NEXT: A{{ +}}served
// CHECK-EMPTY:
// CHECK-LABEL: loop 1 at {{.*}}triangular_bounds.cpp:20:3 in 'main': unordered, counted nest over (i, j)
// CHECK: dependences:
// CHECK-NEXT: RAW ([1,+inf], [0,0]){{ +}}on C{{ +}}refs
// CHECK-NEXT: WAR ([1,+inf], [0,0]){{ +}}on C{{ +}}refs
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
// CHECK-NEXT: C{{ +}}local
// CHECK-NEXT: B{{ +}}local
// CHECK-EMPTY:
// CHECK-LABEL: loop 2 at {{.*}}triangular_bounds.cpp:24:3 in 'main': ordered, counted nest over (i, j)
// CHECK: dependences:
// CHECK-NEXT: RAW ([1,1], [0,0]){{ +}}on L{{ +}}refs
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
// CHECK-NEXT: L{{ +}}local

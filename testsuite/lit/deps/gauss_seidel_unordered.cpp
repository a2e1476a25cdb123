// Gauss-Seidel 2-D in place, unordered (the default): the same vectors (1, 0) and (0, 1);
// serializability only asks that concurrent blocks differ in both i and j, so 2D rotation is
// legal in both orientations, 1D is not.
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]);
  orion::DenseArray<double, 2> A({N, N});
#pragma orion parallel_for
  for (int64_t i = 1; i < N - 1; ++i)
    for (int64_t j = 1; j < N - 1; ++j)
      A(i, j) = 0.25 * (A(i - 1, j) + A(i + 1, j) + A(i, j - 1) + A(i, j + 1));
}

// CHECK-LABEL: loop 0 at {{.*}}gauss_seidel_unordered.cpp:13:3 in 'main': unordered, counted nest over (i, j)
// CHECK: dependences:
// CHECK-NEXT: RAW ([0,0], [1,1]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([0,0], [1,1]){{ +}}on A{{ +}}refs
// CHECK-NEXT: RAW ([1,1], [0,0]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([1,1], [0,0]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: 2d (0, 1){{ +}}2D unordered: space i, time j (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (1, 0){{ +}}2D unordered: space j, time i (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: 2d (0, 1)
// CHECK-NEXT: why: no 1D schedule is legal; the first legal 2D pair is proposed (which candidate moves fewer bytes depends on array sizes known only at run time: see each candidate's cost)
// CHECK: arrays:
// CHECK-NEXT: A{{ +}}served

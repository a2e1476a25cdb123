// 1-D Gauss-Seidel sweep repeated over time, ordered: A(i) = (A(i-1) + A(i) + A(i+1)) / 3.
// Level 0: (dt >= 1, di in {-1, 0, 1}); level 1: (0, 1). The skew T = [[1, 0], [1, 1]] makes
// them (>= 1, >= 0) and (0, 1): a 2D wavefront on the transformed space.
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t T = std::atoll(argv[1]), N = std::atoll(argv[2]);
  orion::DenseArray<double, 1> A({N});
#pragma orion parallel_for ordered
  for (int64_t t = 0; t < T; ++t)
    for (int64_t i = 1; i < N - 1; ++i)
      A(i) = (A(i - 1) + A(i) + A(i + 1)) / 3.0;
}

// CHECK-LABEL: loop 0 at {{.*}}gauss_seidel_1d_time.cpp:13:3 in 'main': ordered, counted nest over (t, i)
// CHECK: dependences:
// CHECK-NEXT: RAW ([0,0], [1,1]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([0,0], [1,1]){{ +}}on A{{ +}}refs
// CHECK-NEXT: RAW ([1,+inf], [-1,-1]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([1,+inf], [-1,-1]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAW ([1,+inf], [0,0]){{ +}}on A{{ +}}refs
// CHECK-NEXT: RAW ([1,+inf], [0,0]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([1,+inf], [0,0]){{ +}}on A{{ +}}refs
// CHECK-NEXT: RAW ([1,+inf], [1,1]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([1,+inf], [1,1]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: unimodular (0, 1){{ +}}unimodular: T = {{\[\[}}1, 0], [1, 1]], then 2D wavefront on (c0, c1) on the transformed space (c = T·(t, i))
// CHECK-NEXT: transformed ([0,0], [1,1]) -> ([0,0], [1,1])
// CHECK-NEXT: transformed ([1,+inf], [-1,-1]) -> ([1,+inf], [0,+inf])
// CHECK-NEXT: transformed ([1,+inf], [0,0]) -> ([1,+inf], [1,+inf])
// CHECK-NEXT: transformed ([1,+inf], [1,1]) -> ([1,+inf], [2,+inf])
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: unimodular (0, 1)
// CHECK-NEXT: why: no 1D or 2D schedule is legal on the original space; the skewed space carries every dependence forward
// CHECK: arrays:
// CHECK-NEXT: A{{ +}}rotated

// Ordered A(i, j) = A(i - 1, j + 1) + A(i, j - 1): RAW ([1,1], [-1,-1]) and ([0,0], [1,1]).
// No 1D; no 2D wavefront (the (1, -1) distance points backwards in j); T = [[1, 0], [1, 1]]
// maps the vectors to (1, 0) and (0, 1), then a 2D wavefront on (c0, c1).
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]);
  orion::DenseArray<double, 2> A({N, N});
#pragma orion parallel_for ordered
  for (int64_t i = 1; i < N; ++i)
    for (int64_t j = 1; j < N - 1; ++j)
      A(i, j) = A(i - 1, j + 1) + A(i, j - 1);
}

// CHECK-LABEL: loop 0 at {{.*}}skew_wavefront.cpp:13:3 in 'main': ordered, counted nest over (i, j)
// CHECK: dependences:
// CHECK-NEXT: RAW ([0,0], [1,1]){{ +}}on A{{ +}}refs
// CHECK-NEXT: RAW ([1,1], [-1,-1]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: unimodular (0, 1){{ +}}unimodular: T = {{\[\[}}1, 0], [1, 1]], then 2D wavefront on (c0, c1) on the transformed space (c = T·(i, j))
// CHECK-NEXT: transformed ([0,0], [1,1]) -> ([0,0], [1,1])
// CHECK-NEXT: transformed ([1,1], [-1,-1]) -> ([1,1], [0,0])
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: unimodular (0, 1)
// CHECK-NEXT: why: no 1D or 2D schedule is legal on the original space; the skewed space carries every dependence forward
// CHECK: arrays:
// CHECK-NEXT: A{{ +}}rotated

// When the window loop is perfectly nested it is an iteration dimension: A(i + k) += 1 over
// (i, k) with k in [0, 4) conflicts iff i + k = i' + k', distance (d, -d) for d in [1, 3]:
// ([1,3], [-3,-1]). No 1D or 2D; the entries are bounded, so skewing applies: the interval
// summary needs T = [[1, 0], [3, 1]] (the row (3, 1) makes 3*[1,3] + [-3,-1] non-negative),
// then a 2D wavefront.
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]);
  orion::DenseArray<double, 1> A({N + 4});
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    for (int64_t k = 0; k < 4; ++k)
      A(i + k) += 1.0;
}

// CHECK-LABEL: loop 0 at {{.*}}nest_diagonal_skew.cpp:15:3 in 'main': unordered, counted nest over (i, k)
// CHECK: dependences:
// CHECK-NEXT: RAW ([1,3], [-3,-1]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: unimodular (0, 1){{ +}}unimodular: T = {{\[\[}}1, 0], [3, 1]], then 2D wavefront on (c0, c1) on the transformed space (c = T·(i, k))
// CHECK-NEXT: transformed ([1,3], [-3,-1]) -> ([1,3], [0,8])
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: unimodular (0, 1)
// CHECK-NEXT: why: no 1D or 2D schedule is legal on the original space; the skewed space carries every dependence forward
// CHECK: arrays:
// CHECK-NEXT: A{{ +}}rotated

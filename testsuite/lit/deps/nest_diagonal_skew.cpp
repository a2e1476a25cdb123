// When the window loop is perfectly nested it is an iteration dimension: A(i + k) += 1 over
// (i, k) with k in [0, 4) conflicts iff i + k = i' + k', distance (d, -d) for d in [1, 3]:
// ([1,3], [-3,-1]). No 1D or 2D. The interval box would need T = [[1, 0], [3, 1]] (3*[1,3] +
// [-3,-1] >= 0) and a wavefront; on the exact set T = [[1, 0], [1, 1]] maps every distance to
// (d, 0), so 1D on c1 = i + k.
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
// CHECK-NEXT: WAR ([1,3], [-3,-1]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: unimodular (1){{ +}}unimodular: T = {{\[\[}}1, 0], [1, 1]], then 1D on c1 on the transformed space (c = T·(i, k))
// CHECK-NEXT: transformed ([1,3], [-3,-1]) -> ([1,3], [0,0])
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: unimodular (1)
// CHECK-NEXT: why: no 1D or 2D schedule is legal on the original space; the skewed space carries every dependence forward
// CHECK: arrays:
// CHECK-NEXT: A{{ +}}rotated

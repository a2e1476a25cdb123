// A 3-deep nest (i, k, l) with the triangular bound l >= k: A(i + l - k) += 1. With e = l - k in
// [0, 3], iterations conflict iff i + e = i' + e'. Carried by k (di = 0): dk = dl in [1, 3].
// Carried by i: di = e - e' in [1, 3], which needs e >= 1 (k <= 2, l >= 1), so dk in [-2, 3]
// and dl in [-3, 2]. Skewing by T = [[1, 0, 0], [2, 1, 0], [3, 0, 1]] (from the interval
// bounds) makes both vectors non-negative: a 2D wavefront.
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
      for (int64_t l = k; l < 4; ++l)
        A(i + l - k) += 1.0;
}

// CHECK-LABEL: loop 0 at {{.*}}nest_triangular_3d.cpp:15:3 in 'main': unordered, counted nest over (i, k, l)
// CHECK: dependences:
// CHECK-NEXT: RAW ([0,0], [1,3], [1,3]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([0,0], [1,3], [1,3]){{ +}}on A{{ +}}refs
// CHECK-NEXT: RAW ([1,3], [-2,3], [-3,2]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([1,3], [-2,3], [-3,2]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: unimodular (0, 1){{ +}}unimodular: T = {{\[\[}}1, 0, 0], [2, 1, 0], [3, 0, 1]], then 2D wavefront on (c0, c1) on the transformed space (c = T·(i, k, l))
// CHECK-NEXT: transformed ([0,0], [1,3], [1,3]) -> ([0,0], [1,3], [1,3])
// CHECK-NEXT: transformed ([1,3], [-2,3], [-3,2]) -> ([1,3], [0,9], [0,9])
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: unimodular (1, 2){{ +}}unimodular: T = {{\[\[}}1, 0, 0], [2, 1, 0], [3, 0, 1]], then 2D wavefront on (c1, c2) on the transformed space (c = T·(i, k, l))
// CHECK-NEXT: transformed vectors as above
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: unimodular (0, 1)
// CHECK-NEXT: why: no 1D or 2D schedule is legal on the original space; the skewed space carries every dependence forward; on the real extents the runtime takes the cheapest candidate that keeps every worker busy (a time wavefront over fewer steps than workers does not)
// CHECK: arrays:
// CHECK-NEXT: A{{ +}}rotated

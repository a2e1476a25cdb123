// In-place transpose A(i, j) = A(j, i) over the full square: iteration (i, j) conflicts with
// (j, i), distance (j - i, i - j) = (k, -k) for k >= 1 (RAW and WAR). The box ([1,+inf], [-inf,-1])
// cannot be skewed, the exact set can: T = [[1, 0], [1, 1]] gives (k, 0), 1D on c1 = i + j.
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]);
  orion::DenseArray<double, 2> A({N, N});
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    for (int64_t j = 0; j < N; ++j)
      A(i, j) = A(j, i);
}

// CHECK-LABEL: loop 0 at {{.*}}transpose_inplace.cpp:13:3 in 'main': unordered, counted nest over (i, j)
// CHECK: dependences:
// CHECK-NEXT: RAW ([1,+inf], [-inf,-1]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([1,+inf], [-inf,-1]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: unimodular (1){{ +}}unimodular: T = {{\[\[}}1, 0], [1, 1]], then 1D on c1 on the transformed space (c = T·(i, j))
// CHECK-NEXT: transformed ([1,+inf], [-inf,-1]) -> ([1,+inf], [0,0])
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: unimodular (1)
// CHECK-NEXT: why: no 1D or 2D schedule is legal on the original space; the skewed space carries every dependence forward

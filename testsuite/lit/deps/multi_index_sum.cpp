// Two index variables in one subscript: A(i + j) += B(i, j) (anti-diagonal sums). Iterations
// conflict iff i + j = i' + j', distance (k, -k): ([1,+inf], [-inf,-1]). The box cannot be
// skewed (-inf), the exact set can: T = [[1, 0], [1, 1]] gives (k, 0), 1D on c1 = i + j. A(i - j) += B(i, j) conflicts along the diagonal, distance (k, k):
// ([1,+inf], [1,+inf]); entries are non-negative, so the identity "skew" gives a 2D wavefront.
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]);
  orion::DenseArray<double, 1> A({2 * N});
  orion::DenseArray<double, 2> B({N, N});
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    for (int64_t j = 0; j < N; ++j)
      A(i + j) += B(i, j);
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    for (int64_t j = 0; j < N; ++j)
      A(i - j + N) += B(i, j);
}

// CHECK-LABEL: loop 0 at {{.*}}multi_index_sum.cpp:15:3 in 'main': unordered, counted nest over (i, j)
// CHECK: references:
// CHECK: #{{[0-9]+}}{{ +}}X A(i + j)
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
// CHECK-LABEL: loop 1 at {{.*}}multi_index_sum.cpp:19:3 in 'main': unordered, counted nest over (i, j)
// CHECK: references:
// CHECK: #{{[0-9]+}}{{ +}}X A(i - j + N)
// CHECK: dependences:
// CHECK-NEXT: RAW ([1,+inf], [1,+inf]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([1,+inf], [1,+inf]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: unimodular (0, 1){{ +}}unimodular: T = {{\[\[}}1, 0], [0, 1]], then 2D wavefront on (c0, c1) on the transformed space (c = T·(i, j))
// CHECK-NEXT: transformed ([1,+inf], [1,+inf]) -> ([1,+inf], [1,+inf])
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: unimodular (0, 1)
// CHECK-NEXT: why: no 1D or 2D schedule is legal on the original space; the skewed space carries every dependence forward
// CHECK: arrays:
// CHECK-NEXT: A{{ +}}rotated
// CHECK-NEXT: B{{ +}}replicated

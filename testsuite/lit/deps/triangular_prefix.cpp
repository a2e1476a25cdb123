// A triangular 2-deep nest over (i, k), k < i, with A(i) += A(k): A(i) conflicts with itself
// within a row, ([0,0], [1,+inf]); iteration (i, k) writes A(i), which (i', i) reads for every
// i' > i: distance (i' - i, i - k), both >= 1: ([1,+inf], [1,+inf]). Nothing reads an element
// before it is written (no WAR). Entries are non-negative: the identity transform and a 2D
// wavefront.
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]);
  orion::DenseArray<double, 1> A({N});
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    for (int64_t k = 0; k < i; ++k)
      A(i) += A(k);
}

// CHECK-LABEL: loop 0 at {{.*}}triangular_prefix.cpp:15:3 in 'main': unordered, counted nest over (i, k)
// CHECK: dependences:
// CHECK-NEXT: RAW ([0,0], [1,+inf]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([0,0], [1,+inf]){{ +}}on A{{ +}}refs
// CHECK-NEXT: RAW ([1,+inf], [1,+inf]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: unimodular (0, 1){{ +}}unimodular: T = {{\[\[}}1, 0], [0, 1]], then 2D wavefront on (c0, c1) on the transformed space (c = T·(i, k))
// CHECK-NEXT: transformed ([0,0], [1,+inf]) -> ([0,0], [1,+inf])
// CHECK-NEXT: transformed ([1,+inf], [1,+inf]) -> ([1,+inf], [1,+inf])
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: unimodular (0, 1)
// CHECK-NEXT: why: no 1D or 2D schedule is legal on the original space; the skewed space carries every dependence forward
// CHECK: arrays:
// CHECK-NEXT: A{{ +}}rotated

// In-place transpose A(i, j) = A(j, i) over the full square: iteration (i, j) conflicts with
// (j, i), distance (j - i, i - j) = (k, -k) for k >= 1 (RAW and WAR). The interval summary is
// ([1,+inf], [-inf,-1]); the -inf entry rules out skewing, so no schedule.
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
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: schedule: none
// CHECK-NEXT: why: no 1D, 2D or unimodular schedule keeps these dependences: RAW ([1,+inf], [-inf,-1]) on 'A' (refs #{{[0-9]+}}->#{{[0-9]+}}); WAR ([1,+inf], [-inf,-1]) on 'A' (refs #{{[0-9]+}}->#{{[0-9]+}})
// CHECK-NEXT: suggestion: relax(A) if stale values of 'A' are acceptable, or write it through an orion::Buffer

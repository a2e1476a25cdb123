// Non-affine subscripts are unknown: i % 4, i * i and i / 2 (no modular or quadratic analysis).
// An update through any of them may conflict with every other iteration: ([1,+inf]) and no
// schedule, even where the true distances are fewer (i % 4 repeats every 4 iterations, i * i
// never repeats). In the 2-deep nest, A(i / 2 + j) gives a vector at each level.
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]);
  orion::DenseArray<double, 1> A({N * N}), B({N});
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    A(i % 4) += B(i);
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    A(i * i) -= B(i);
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    for (int64_t j = 0; j < N; ++j)
      A(i / 2 + j) += B(j);
}

// CHECK-LABEL: loop 0 at {{.*}}unknown_nonaffine.cpp:14:3 in 'main': unordered, counted nest over (i)
// CHECK: references:
// CHECK: #{{[0-9]+}}{{ +}}X A(?){{ +}}15:5{{ +}}A(i % 4)
// CHECK: dependences:
// CHECK-NEXT: RAW ([1,+inf]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([1,+inf]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: schedule: none
// CHECK-NEXT: why: no 1D, 2D or unimodular schedule keeps these dependences: RAW/WAR ([1,+inf]) on 'A' (refs #{{[0-9]+}}->#{{[0-9]+}})
// CHECK-NEXT: suggestion: relax(A) if stale values of 'A' are acceptable, or write it through an orion::Buffer
// CHECK-LABEL: loop 1 at {{.*}}unknown_nonaffine.cpp:17:3 in 'main': unordered, counted nest over (i)
// CHECK: references:
// CHECK: #{{[0-9]+}}{{ +}}X A(?){{ +}}18:5{{ +}}A(i * i)
// CHECK: dependences:
// CHECK-NEXT: RAW ([1,+inf]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([1,+inf]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: schedule: none
// CHECK-NEXT: why: no 1D, 2D or unimodular schedule keeps these dependences: RAW/WAR ([1,+inf]) on 'A' (refs #{{[0-9]+}}->#{{[0-9]+}})
// CHECK-NEXT: suggestion: relax(A) if stale values of 'A' are acceptable, or write it through an orion::Buffer
// CHECK-LABEL: loop 2 at {{.*}}unknown_nonaffine.cpp:20:3 in 'main': unordered, counted nest over (i, j)
// CHECK: references:
// CHECK: #{{[0-9]+}}{{ +}}X A(?){{ +}}22:7{{ +}}A(i / 2 + j)
// CHECK: dependences:
// CHECK-NEXT: RAW ([0,0], [1,+inf]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([0,0], [1,+inf]){{ +}}on A{{ +}}refs
// CHECK-NEXT: RAW ([1,+inf], [-inf,+inf]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([1,+inf], [-inf,+inf]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: schedule: none
// CHECK-NEXT: why: no 1D, 2D or unimodular schedule keeps these dependences: RAW/WAR ([0,0], [1,+inf]) on 'A' (refs #{{[0-9]+}}->#{{[0-9]+}}); RAW/WAR ([1,+inf], [-inf,+inf]) on 'A' (refs #{{[0-9]+}}->#{{[0-9]+}})
// CHECK-NEXT: suggestion: relax(A) if stale values of 'A' are acceptable, or write it through an orion::Buffer

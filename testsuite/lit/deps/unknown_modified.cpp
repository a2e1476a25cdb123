// A local whose value changes in the body is not a fixed function of the iteration: the
// subscript A(t) with `t` incremented in a data-dependent loop is unknown, and A(t) += ... may
// update any element: RAW ([1,+inf]), no schedule. B(t) is only read (served). A local assigned once from the index (const) is chased: A(u) with
// u = i + 1 is affine, A(u) = A(i) gives RAW ([1,1]).
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]);
  orion::DenseArray<double, 1> A({N + 1}), B({N});
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    int64_t t = i;
    while (t < N && B(t) > 0)
      ++t;
    A(t) += B(i);
  }
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    const int64_t u = i + 1;
    A(u) = A(i) * 0.5;
  }
}

// CHECK-LABEL: loop 0 at {{.*}}unknown_modified.cpp:14:3 in 'main': unordered, counted nest over (i)
// CHECK: references:
// CHECK: #{{[0-9]+}}{{ +}}R B(?){{ +}}16:21{{ +}}B(t)
// CHECK: #{{[0-9]+}}{{ +}}X A(?){{ +}}18:5{{ +}}A(t)
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
// CHECK-LABEL: loop 1 at {{.*}}unknown_modified.cpp:21:3 in 'main': unordered, counted nest over (i)
// CHECK: references:
// CHECK: #{{[0-9]+}}{{ +}}W A(i + 1){{ +}}23:5{{ +}}A(u)
// CHECK: dependences:
// CHECK-NEXT: RAW ([1,1]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: schedule: none
// CHECK-NEXT: why: no 1D, 2D or unimodular schedule keeps these dependences: RAW ([1,1]) on 'A' (refs #{{[0-9]+}}->#{{[0-9]+}})
// CHECK-NEXT: suggestion: write 'A' through an orion::Buffer if updates applied late are acceptable; relax(A) would need every write of 'A' to be '+=', '-=', '++' or '--' on the element, and 'A(u)' is not

// A sliding window: iteration i reads A(k) for k in [i, i + 3) and writes A(i). Element i is read
// by iterations i - 2 .. i; the ones before i read it before it is written: WAR at distance 1 or
// 2, exactly ([1,2]). A windowed update A(i + k) += 1 for an inner k in [0, 4) overlaps the
// windows of iterations up to 3 apart: ([1,3]).
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]);
  orion::DenseArray<double, 1> A({N + 4});
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    double sum = 0;
    for (int64_t k = i; k < i + 3; ++k)
      sum += A(k);
    A(i) = sum / 3.0;
  }
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    const double inc = 1.0;
    for (int64_t k = 0; k < 4; ++k)
      A(i + k) += inc;
  }
}

// CHECK-LABEL: loop 0 at {{.*}}inner_loop_window.cpp:14:3 in 'main': unordered, counted nest over (i)
// CHECK: dependences:
// CHECK-NEXT: WAR ([1,2]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: schedule: none
// CHECK-NEXT: why: no 1D, 2D or unimodular schedule keeps these dependences: WAR ([1,2]) on 'A' (refs #{{[0-9]+}}->#{{[0-9]+}})
// CHECK-NEXT: suggestion: write 'A' through an orion::Buffer if updates applied late are acceptable; relax(A) would need every write of 'A' to be '+=', '-=', '++' or '--' on the element, and 'A(i)' is not
// CHECK-LABEL: loop 1 at {{.*}}inner_loop_window.cpp:21:3 in 'main': unordered, counted nest over (i)
// CHECK: dependences:
// CHECK-NEXT: RAW ([1,3]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([1,3]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: schedule: none
// CHECK-NEXT: why: no 1D, 2D or unimodular schedule keeps these dependences: RAW/WAR ([1,3]) on 'A' (refs #{{[0-9]+}}->#{{[0-9]+}})
// CHECK-NEXT: suggestion: relax(A) if stale values of 'A' are acceptable, or write it through an orion::Buffer

// An inner loop bounded by the iteration index: iteration i sums A(k) for k < i, then updates
// A(i): it reads every element an earlier iteration wrote, RAW at any distance >= 1, ([1,+inf]),
// no schedule. The ordered mirror reads A(k) for k in (i, N), elements written later: WAR
// ([1,+inf]).
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]);
  orion::DenseArray<double, 1> A({N});
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    double sum = 0;
    for (int64_t k = 0; k < i; ++k)
      sum += A(k);
    A(i) += sum;
  }
#pragma orion parallel_for ordered
  for (int64_t i = 0; i < N; ++i) {
    double sum = 0;
    for (int64_t k = i + 1; k < N; ++k)
      sum += A(k);
    A(i) = sum;
  }
}

// CHECK-LABEL: loop 0 at {{.*}}inner_loop_prefix.cpp:14:3 in 'main': unordered, counted nest over (i)
// CHECK: dependences:
// CHECK-NEXT: RAW ([1,+inf]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: schedule: none
// CHECK-NEXT: why: no 1D, 2D or unimodular schedule keeps these dependences: RAW ([1,+inf]) on 'A' (refs #{{[0-9]+}}->#{{[0-9]+}})
// CHECK-NEXT: suggestion: relax(A) if stale values of 'A' are acceptable, or write it through an orion::Buffer
// CHECK-LABEL: loop 1 at {{.*}}inner_loop_prefix.cpp:21:3 in 'main': ordered, counted nest over (i)
// CHECK: dependences:
// CHECK-NEXT: WAR ([1,+inf]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: schedule: none
// CHECK-NEXT: why: no 1D, 2D or unimodular schedule keeps these dependences: WAR ([1,+inf]) on 'A' (refs #{{[0-9]+}}->#{{[0-9]+}})
// CHECK-NEXT: suggestion: write 'A' through an orion::Buffer if updates applied late are acceptable; relax(A) would need every write of 'A' to be '+=', '-=', '++' or '--' on the element, and 'A(i)' is not

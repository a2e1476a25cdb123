// 1-D recurrence A(i) = A(i - 1) + B(i): RAW ([1,1]). A single dimension that carries a
// dependence has no parallel schedule (no 1D, no 2D, and a 1-deep nest cannot be skewed into
// one): schedule none, suggesting relax(A). With relax(A) the same loop written as an update
// (`A(i) += ...`, which relax allows) is 1D.
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]);
  orion::DenseArray<double, 1> A({N}), B({N});
#pragma orion parallel_for
  for (int64_t i = 1; i < N; ++i)
    A(i) = A(i - 1) + B(i);
#pragma orion parallel_for relax(A)
  for (int64_t i = 1; i < N; ++i)
    A(i) += A(i - 1) + B(i);
}

// CHECK-LABEL: loop 0 at {{.*}}recurrence_backward.cpp:14:3 in 'main': unordered, counted nest over (i)
// CHECK: dependences:
// CHECK-NEXT: RAW ([1,1]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: schedule: none
// CHECK-NEXT: why: no 1D, 2D or unimodular schedule keeps these dependences: RAW ([1,1]) on 'A' (refs #{{[0-9]+}}->#{{[0-9]+}})
// CHECK-NEXT: suggestion: write 'A' through an orion::Buffer if updates applied late are acceptable; relax(A) would need every write of 'A' to be '+=', '-=', '++' or '--' on the element, and 'A(i)' is not
// CHECK-LABEL: loop 1 at {{.*}}recurrence_backward.cpp:17:3 in 'main': unordered, counted nest over (i)
// CHECK: dependences:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: 1d (0){{ +}}1D: partition i across workers; no dependence crosses partitions
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: 1d (0)
// CHECK-NEXT: why: 1D needs no communication during the loop; preferred over 2D
// CHECK: arrays:
// CHECK-NEXT: A{{ +}}relaxed
// CHECK-NEXT: B{{ +}}local

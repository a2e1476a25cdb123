// A(i) = A(i + 1): the element read is written by the next iteration, a WAR ([1,1]) (no RAW).
// Ordered or not, no schedule. A distance-2 version A(i) = A(i + 2) gives WAR ([2,2]).
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]);
  orion::DenseArray<double, 1> A({N});
#pragma orion parallel_for ordered
  for (int64_t i = 0; i < N - 1; ++i)
    A(i) = A(i + 1);
#pragma orion parallel_for
  for (int64_t i = 0; i < N - 2; ++i)
    A(i) = 0.5 * A(i + 2);
}

// CHECK-LABEL: loop 0 at {{.*}}recurrence_forward.cpp:12:3 in 'main': ordered, counted nest over (i)
// CHECK: dependences:
// CHECK-NEXT: WAR ([1,1]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: schedule: none
// CHECK-NEXT: why: no 1D, 2D or unimodular schedule keeps these dependences: WAR ([1,1]) on 'A' (refs #{{[0-9]+}}->#{{[0-9]+}})
// CHECK-NEXT: suggestion: write 'A' through an orion::Buffer if updates applied late are acceptable; relax(A) would need every write of 'A' to be '+=', '-=', '++' or '--' on the element, and 'A(i)' is not
// CHECK-LABEL: loop 1 at {{.*}}recurrence_forward.cpp:15:3 in 'main': unordered, counted nest over (i)
// CHECK: dependences:
// CHECK-NEXT: WAR ([2,2]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: schedule: none
// CHECK-NEXT: why: no 1D, 2D or unimodular schedule keeps these dependences: WAR ([2,2]) on 'A' (refs #{{[0-9]+}}->#{{[0-9]+}})
// CHECK-NEXT: suggestion: write 'A' through an orion::Buffer if updates applied late are acceptable; relax(A) would need every write of 'A' to be '+=', '-=', '++' or '--' on the element, and 'A(i)' is not

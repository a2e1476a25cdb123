// Strided subscripts: A(2*i) = A(2*i + 1) writes even elements and reads odd ones, which never
// meet: no dependences (an interval test on i alone would find some). A(2*i) = A(i) reads element
// i, which iteration i/2 wrote earlier when i is even: RAW with distance i - i/2 >= 1, any size:
// ([1,+inf]); the converse (a read later overwritten) never happens. A(3*i) = A(3*i + 3) is a WAR at
// exactly distance 1.
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]);
  orion::DenseArray<double, 1> A({3 * N + 3});
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    A(2 * i) = A(2 * i + 1);
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    A(2 * i) = A(i) + 1.0;
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    A(3 * i) = A(3 * i + 3);
}

// CHECK-LABEL: loop 0 at {{.*}}strided_subscripts.cpp:15:3 in 'main': unordered, counted nest over (i)
// CHECK: references:
// CHECK: #{{[0-9]+}}{{ +}}W A(2*i)
// CHECK: #{{[0-9]+}}{{ +}}R A(2*i + 1)
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
// CHECK-NEXT: A{{ +}}served
// CHECK-EMPTY:
// CHECK-LABEL: loop 1 at {{.*}}strided_subscripts.cpp:18:3 in 'main': unordered, counted nest over (i)
// CHECK: references:
// CHECK: #{{[0-9]+}}{{ +}}W A(2*i)
// CHECK: #{{[0-9]+}}{{ +}}R A(i)
// CHECK: dependences:
// CHECK-NEXT: RAW ([1,+inf]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: schedule: none
// CHECK-NEXT: why: no 1D, 2D or unimodular schedule keeps these dependences: RAW ([1,+inf]) on 'A' (refs #{{[0-9]+}}->#{{[0-9]+}})
// CHECK-NEXT: suggestion: write 'A' through an orion::Buffer if updates applied late are acceptable; relax(A) would need every write of 'A' to be '+=', '-=', '++' or '--' on the element, and 'A(2 * i)' is not
// CHECK-LABEL: loop 2 at {{.*}}strided_subscripts.cpp:21:3 in 'main': unordered, counted nest over (i)
// CHECK: references:
// CHECK: #{{[0-9]+}}{{ +}}W A(3*i)
// CHECK: #{{[0-9]+}}{{ +}}R A(3*i + 3)
// CHECK: dependences:
// CHECK-NEXT: WAR ([1,1]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: schedule: none
// CHECK-NEXT: why: no 1D, 2D or unimodular schedule keeps these dependences: WAR ([1,1]) on 'A' (refs #{{[0-9]+}}->#{{[0-9]+}})
// CHECK-NEXT: suggestion: write 'A' through an orion::Buffer if updates applied late are acceptable; relax(A) would need every write of 'A' to be '+=', '-=', '++' or '--' on the element, and 'A(3 * i)' is not

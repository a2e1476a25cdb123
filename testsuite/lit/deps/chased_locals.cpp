// Locals defined once from the indices are chased into the subscripts: m = j * 2 + 1 with
// j = i makes A(m) the odd element 2i + 1, which never meets the even A(2 * i): no dependences.
// A non-const local that is never reassigned is chased too: A(j) with j = i + 1 and a read of A(i)
// is RAW ([1,1]). A cast of the index keeps it affine.
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]);
  orion::DenseArray<double, 1> A({2 * N + 2});
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    const int64_t j = i;
    const int64_t m = j * 2 + 1;
    A(m) = A(2 * i);
  }
#pragma orion parallel_for
  for (int64_t i = 0; i < N; i += 1) {
    int64_t j = i + 1;
    A(j) = A(i);
  }
#pragma orion parallel_for
  for (int i = 0; i < N; ++i)
    A(static_cast<int64_t>(i) + 1) = A(i);
}

// CHECK-LABEL: loop 0 at {{.*}}chased_locals.cpp:14:3 in 'main': unordered, counted nest over (i)
// CHECK: references:
// CHECK: #{{[0-9]+}}{{ +}}W A(2*i + 1){{ +}}17:5{{ +}}A(m)
// CHECK: #{{[0-9]+}}{{ +}}R A(2*i)
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
// CHECK-LABEL: loop 1 at {{.*}}chased_locals.cpp:20:3 in 'main': unordered, counted nest over (i)
// CHECK: references:
// CHECK: #{{[0-9]+}}{{ +}}W A(i + 1){{ +}}22:5{{ +}}A(j)
// CHECK: dependences:
// CHECK-NEXT: RAW ([1,1]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: schedule: none
// CHECK-NEXT: why: no 1D, 2D or unimodular schedule keeps these dependences: RAW ([1,1]) on 'A' (refs #{{[0-9]+}}->#{{[0-9]+}})
// CHECK-NEXT: suggestion: write 'A' through an orion::Buffer if updates applied late are acceptable; relax(A) would need every write of 'A' to be '+=', '-=', '++' or '--' on the element, and 'A(j)' is not
// CHECK-LABEL: loop 2 at {{.*}}chased_locals.cpp:25:3 in 'main': unordered, counted nest over (i)
// CHECK: references:
// CHECK: #{{[0-9]+}}{{ +}}W A(i + 1)
// CHECK: dependences:
// CHECK-NEXT: RAW ([1,1]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: schedule: none
// CHECK-NEXT: why: no 1D, 2D or unimodular schedule keeps these dependences: RAW ([1,1]) on 'A' (refs #{{[0-9]+}}->#{{[0-9]+}})
// CHECK-NEXT: suggestion: write 'A' through an orion::Buffer if updates applied late are acceptable; relax(A) would need every write of 'A' to be '+=', '-=', '++' or '--' on the element, and 'A(static_cast<int64_t>(i) + 1)' is not

// Write/write conflicts: every iteration writes A(0) = i. Unordered loops may reorder writes
// (Orion's rule): no dependence, 1D. Ordered, the last write must win: WAW ([1,+inf]) and no
// schedule; the report suggests dropping 'ordered'. A 2-deep ordered nest writing B(j) has the
// WAW ([1,+inf], [0,0]) and stays 1D along j.
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]);
  orion::DenseArray<int64_t, 1> A({N}), B({N});
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    A(0) = i;
#pragma orion parallel_for ordered
  for (int64_t i = 0; i < N; ++i)
    A(0) = i;
#pragma orion parallel_for ordered
  for (int64_t i = 0; i < N; ++i)
    for (int64_t j = 0; j < N; ++j)
      B(j) = i;
}

// CHECK-LABEL: loop 0 at {{.*}}ordered_waw.cpp:14:3 in 'main': unordered, counted nest over (i)
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
// CHECK-LABEL: loop 1 at {{.*}}ordered_waw.cpp:17:3 in 'main': ordered, counted nest over (i)
// CHECK: dependences:
// CHECK-NEXT: WAW ([1,+inf]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: schedule: none
// CHECK-NEXT: why: no 1D, 2D or unimodular schedule keeps these dependences: WAW ([1,+inf]) on 'A' (refs #{{[0-9]+}}->#{{[0-9]+}})
// CHECK-NEXT: suggestion: drop 'ordered' if any serial order of the iterations is acceptable (write/write conflicts are then ignored)
// CHECK-NEXT: suggestion: write 'A' through an orion::Buffer if updates applied late are acceptable; relax(A) would need every write of 'A' to be '+=', '-=', '++' or '--' on the element, and 'A(0)' is not
// CHECK-LABEL: loop 2 at {{.*}}ordered_waw.cpp:20:3 in 'main': ordered, counted nest over (i, j)
// CHECK: dependences:
// CHECK-NEXT: WAW ([1,+inf], [0,0]){{ +}}on B{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: 1d (1){{ +}}1D: partition j across workers; no dependence crosses partitions
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (0, 1){{ +}}2D ordered: space i, time j, wavefront (each worker waits only for its predecessor)
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (1, 0){{ +}}2D ordered: space j, time i, wavefront (each worker waits only for its predecessor)
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: 1d (1)
// CHECK-NEXT: why: 1D needs no communication during the loop; preferred over 2D
// CHECK: arrays:
// CHECK-NEXT: B{{ +}}local

// A symbolic offset: A(i) = A(i + M) with M loop-invariant but unknown at compile time. For a
// positive M the read at i is overwritten at i + M (WAR, distance M); for a negative M the
// write at i is read at i - M (RAW, distance -M); M = 0 is no conflict. Any distance >= 1 is
// possible: ([1,+inf]) and no schedule. A(i, j) = A(i + M, j) keeps j free: 1D along j.
// A(i) = A(i + N) over i < N reads the upper half, which is never written: no dependences.
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]), M = std::atoll(argv[2]);
  orion::DenseArray<double, 1> A({2 * N});
  orion::DenseArray<double, 2> B({N, N});
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    A(i) = A(i + M);
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    for (int64_t j = 0; j < N; ++j)
      B(i, j) = B(i + M, j);
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    A(i) = A(i + N);
}

// CHECK-LABEL: loop 0 at {{.*}}offset_parameter.cpp:16:3 in 'main': unordered, counted nest over (i)
// CHECK: references:
// CHECK: #{{[0-9]+}}{{ +}}R A(i + M)
// CHECK: dependences:
// CHECK-NEXT: RAW ([1,+inf]){{ +}}on A{{ +}}refs
// CHECK-NEXT: WAR ([1,+inf]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: schedule: none
// CHECK-NEXT: why: no 1D, 2D or unimodular schedule keeps these dependences: RAW ([1,+inf]) on 'A' (refs #{{[0-9]+}}->#{{[0-9]+}}); WAR ([1,+inf]) on 'A' (refs #{{[0-9]+}}->#{{[0-9]+}})
// CHECK-NEXT: suggestion: write 'A' through an orion::Buffer if updates applied late are acceptable; relax(A) would need every write of 'A' to be '+=', '-=', '++' or '--' on the element, and 'A(i)' is not
// CHECK-LABEL: loop 1 at {{.*}}offset_parameter.cpp:19:3 in 'main': unordered, counted nest over (i, j)
// CHECK: references:
// CHECK: #{{[0-9]+}}{{ +}}R B(i + M, j)
// CHECK: dependences:
// CHECK-NEXT: RAW ([1,+inf], [0,0]){{ +}}on B{{ +}}refs
// CHECK-NEXT: WAR ([1,+inf], [0,0]){{ +}}on B{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: 1d (1){{ +}}1D: partition j across workers; no dependence crosses partitions
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (0, 1){{ +}}2D unordered: space i, time j (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (1, 0){{ +}}2D unordered: space j, time i (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: 1d (1)
// CHECK-NEXT: why: 1D needs no communication during the loop; preferred over 2D
// CHECK: arrays:
// CHECK-NEXT: B{{ +}}local
// CHECK-EMPTY:
// CHECK-LABEL: loop 2 at {{.*}}offset_parameter.cpp:23:3 in 'main': unordered, counted nest over (i)
// CHECK: references:
// CHECK: #{{[0-9]+}}{{ +}}R A(i + N)
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

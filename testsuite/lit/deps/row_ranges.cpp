// row() ranges: A.row(i) is a range subscript over the whole last dimension. The first loop
// copies row i + 1 into row i through two row spans (dst[k], src[k] are A(i, k), A(i + 1, k)):
// row i + 1 is read before iteration i + 1 overwrites it, a WAR at exactly ([1,1]), no schedule.
// The second loop reads the whole row A(i, :) (range-for by value) and writes A(i, j): conflicts
// stay within row i, ([0,0], [1,+inf]) RAW and WAR, 1D along i.
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]), K = std::atoll(argv[2]);
  orion::DenseArray<double, 2> A({N + 1, K}), B({N, K});
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    auto dst = A.row(i);
    auto src = A.row(i + 1);
    for (int64_t k = 0; k < K; ++k)
      dst[k] = 0.5 * src[k];
  }
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    for (int64_t j = 0; j < K; ++j) {
      double total = 0;
      for (double v : A.row(i))
        total += v;
      A(i, j) = total * B(i, j);
    }
}

// CHECK-LABEL: loop 0 at {{.*}}row_ranges.cpp:15:3 in 'main': unordered, counted nest over (i)
// CHECK: references:
// CHECK: #{{[0-9]+}}{{ +}}W A(i, k){{ +}}19:7{{ +}}dst[k]
// CHECK: #{{[0-9]+}}{{ +}}R A(i + 1, k){{ +}}19:22{{ +}}src[k]
// CHECK: dependences:
// CHECK-NEXT: WAR ([1,1]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: schedule: none
// CHECK-NEXT: why: no 1D, 2D or unimodular schedule keeps these dependences: WAR ([1,1]) on 'A' (refs #{{[0-9]+}}->#{{[0-9]+}})
// CHECK-NEXT: suggestion: write 'A' through an orion::Buffer if updates applied late are acceptable; relax(A) would need every write of 'A' to be '+=', '-=', '++' or '--' on the element, and 'dst[k]' is not
// CHECK-LABEL: loop 1 at {{.*}}row_ranges.cpp:22:3 in 'main': unordered, counted nest over (i, j)
// CHECK: references:
// CHECK: #{{[0-9]+}}{{ +}}R A(i, :)
// CHECK: #{{[0-9]+}}{{ +}}W A(i, j){{ +}}27:7
// CHECK: dependences:
// CHECK-NEXT: WAR ([0,0], [1,+inf]){{ +}}on A{{ +}}refs
// CHECK-NEXT: RAW ([0,0], [1,+inf]){{ +}}on A{{ +}}refs
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: 1d (0){{ +}}1D: partition i across workers; no dependence crosses partitions
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (0, 1){{ +}}2D unordered: space i, time j (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-NEXT: 2d (1, 0){{ +}}2D unordered: space j, time i (rotated)
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: 1d (0)
// CHECK-NEXT: why: 1D needs no communication during the loop; preferred over 2D
// CHECK: arrays:
// CHECK-NEXT: A{{ +}}local
// CHECK-NEXT: B{{ +}}local

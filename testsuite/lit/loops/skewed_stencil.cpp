// A skewed stencil A(i, j) = A(i - 1, j + 1): the read is a diagonal offset of the write.
// RUN: %orionc --dump=loops %s | FileCheck %s
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 64;
  orion::DenseArray<float, 2> A({N, N});
#pragma orion parallel_for ordered
  for (int64_t i = 1; i < N; ++i)
    for (int64_t j = 0; j < N - 1; ++j)
      A(i, j) = A(i - 1, j + 1) + 1.0f;
}

// CHECK: skewed_stencil.cpp: 1 parallel loop
// CHECK-LABEL: loop 0 at {{.*}}skewed_stencil.cpp:10:3 in 'main' (pragma on line 9)
// CHECK-NEXT: clauses: ordered
// CHECK-NEXT: order: ordered
// CHECK-NEXT: iteration space: counted nest of depth 2
// CHECK-NEXT: dim 0: i in [1, N)
// CHECK-NEXT: dim 1: j in [0, N - 1)
// CHECK-NEXT: parameters: N
// CHECK-NEXT: arrays:
// CHECK-NEXT: A dense<float, 2>
// CHECK-NEXT: refs:
// CHECK-NEXT: #0 write A(i, j) 12:7 A(i, j)
// CHECK-NEXT: #1 read A(i - 1, j + 1) 12:17 A(i - 1, j + 1)
// CHECK-NOT: #{{[0-9]}}

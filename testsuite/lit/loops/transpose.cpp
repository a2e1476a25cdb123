// Transposed subscripts: A(i, j) = A(j, i), and an out-of-place transpose B(j, i) = A(i, j).
// RUN: %orionc --dump=loops %s | FileCheck %s
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 64;
  orion::DenseArray<float, 2> A({N, N}), B({N, N});
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    for (int64_t j = 0; j < N; ++j)
      A(i, j) = A(j, i);
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    for (int64_t j = 0; j < N; ++j)
      B(j, i) = A(i, j);
}

// CHECK: transpose.cpp: 2 parallel loops
// CHECK-LABEL: loop 0 at {{.*}}transpose.cpp:10:3 in 'main' (pragma on line 9)
// CHECK-NEXT: clauses: (none)
// CHECK-NEXT: order: unordered
// CHECK-NEXT: iteration space: counted nest of depth 2
// CHECK-NEXT: dim 0: i in [0, N)
// CHECK-NEXT: dim 1: j in [0, N)
// CHECK-NEXT: parameters: N
// CHECK-NEXT: arrays:
// CHECK-NEXT: A dense<float, 2>
// CHECK-NEXT: refs:
// CHECK-NEXT: #0 write A(i, j) 12:7 A(i, j)
// CHECK-NEXT: #1 read A(j, i) 12:17 A(j, i)
// CHECK-NOT: #{{[0-9]}}
// CHECK-LABEL: loop 1 at {{.*}}transpose.cpp:14:3 in 'main' (pragma on line 13)
// CHECK-NEXT: clauses: (none)
// CHECK-NEXT: order: unordered
// CHECK-NEXT: iteration space: counted nest of depth 2
// CHECK-NEXT: dim 0: i in [0, N)
// CHECK-NEXT: dim 1: j in [0, N)
// CHECK-NEXT: parameters: N
// CHECK-NEXT: arrays:
// CHECK-NEXT: B dense<float, 2>
// CHECK-NEXT: A dense<float, 2>
// CHECK-NEXT: refs:
// CHECK-NEXT: #0 write B(j, i) 16:7 B(j, i)
// CHECK-NEXT: #1 read A(i, j) 16:17 A(i, j)
// CHECK-NOT: #{{[0-9]}}

// Triangular nests: inner bounds affine in the outer index (j in [i, N), and j in [0, i + 1)).
// RUN: %orionc --dump=loops %s | FileCheck %s
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 64;
  orion::DenseArray<double, 2> L({N, N});
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    for (int64_t j = i; j < N; ++j)
      L(j, i) = L(i, j);
#pragma orion parallel_for ordered
  for (int64_t i = 1; i < N; ++i)
    for (int64_t j = 0; j <= i; ++j)
      for (int64_t k = j; k < i; ++k)
        L(i, j) -= L(i, k) * L(k, j);
}

// CHECK: triangular.cpp: 2 parallel loops
// CHECK-LABEL: loop 0 at {{.*}}triangular.cpp:10:3 in 'main' (pragma on line 9)
// CHECK-NEXT: clauses: (none)
// CHECK-NEXT: order: unordered
// CHECK-NEXT: iteration space: counted nest of depth 2
// CHECK-NEXT: dim 0: i in [0, N)
// CHECK-NEXT: dim 1: j in [i, N)
// CHECK-NEXT: parameters: N
// CHECK-NEXT: arrays:
// CHECK-NEXT: L dense<double, 2>
// CHECK-NEXT: refs:
// CHECK-NEXT: #0 write L(j, i) 12:7 L(j, i)
// CHECK-NEXT: #1 read L(i, j) 12:17 L(i, j)
// CHECK-NOT: #{{[0-9]}}
// CHECK-LABEL: loop 1 at {{.*}}triangular.cpp:14:3 in 'main' (pragma on line 13)
// CHECK-NEXT: clauses: ordered
// CHECK-NEXT: order: ordered
// CHECK-NEXT: iteration space: counted nest of depth 3
// CHECK-NEXT: dim 0: i in [1, N)
// CHECK-NEXT: dim 1: j in [0, i + 1)
// CHECK-NEXT: dim 2: k in [j, i)
// CHECK-NEXT: parameters: N
// CHECK-NEXT: arrays:
// CHECK-NEXT: L dense<double, 2>
// CHECK-NEXT: refs:
// CHECK-NEXT: #0 readwrite L(i, j) 17:9 L(i, j)
// CHECK-NEXT: #1 read L(i, k) 17:20 L(i, k)
// CHECK-NEXT: #2 read L(k, j) 17:30 L(k, j)
// CHECK-NOT: #{{[0-9]}}

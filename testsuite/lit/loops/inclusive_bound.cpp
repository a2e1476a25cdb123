// `i <= hi` bounds are shown as the exclusive bound they mean (hi + 1), folded when affine;
// `hi > i` and `hi >= i` are accepted as well.
// RUN: %orionc --dump=loops %s | FileCheck %s
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 64, M = argc * 32;
  orion::DenseArray<float, 2> A({N + 1, M + 1});
#pragma orion parallel_for
  for (int64_t i = 1; i <= N; ++i)
    for (int64_t j = 0; j <= M - 1; j++)
      A(i, j) = 1;
#pragma orion parallel_for
  for (int64_t i = 0; N > i; i += 1)
    for (int64_t j = 2; M >= j; ++j)
      A(i, j) = 2;
}

// CHECK: inclusive_bound.cpp: 2 parallel loops
// CHECK-LABEL: loop 0 at {{.*}}inclusive_bound.cpp:11:3 in 'main' (pragma on line 10)
// CHECK-NEXT: clauses: (none)
// CHECK-NEXT: order: unordered
// CHECK-NEXT: iteration space: counted nest of depth 2
// CHECK-NEXT: dim 0: i in [1, N + 1)
// CHECK-NEXT: dim 1: j in [0, M)
// CHECK-NEXT: parameters: N, M
// CHECK-NEXT: arrays:
// CHECK-NEXT: A dense<float, 2>
// CHECK-NEXT: refs:
// CHECK-NEXT: #0 write A(i, j) 13:7 A(i, j)
// CHECK-NOT: #{{[0-9]}}
// CHECK-LABEL: loop 1 at {{.*}}inclusive_bound.cpp:15:3 in 'main' (pragma on line 14)
// CHECK-NEXT: clauses: (none)
// CHECK-NEXT: order: unordered
// CHECK-NEXT: iteration space: counted nest of depth 2
// CHECK-NEXT: dim 0: i in [0, N)
// CHECK-NEXT: dim 1: j in [2, M + 1)
// CHECK-NEXT: parameters: N, M
// CHECK-NEXT: arrays:
// CHECK-NEXT: A dense<float, 2>
// CHECK-NEXT: refs:
// CHECK-NEXT: #0 write A(i, j) 17:7 A(i, j)
// CHECK-NOT: #{{[0-9]}}

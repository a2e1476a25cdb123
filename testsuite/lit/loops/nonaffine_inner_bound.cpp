// A counted nest whose second loop has a non-affine bound: the nest stops at depth 1 and that
// loop becomes an inner loop of the body (its bound marked "not affine").
// RUN: %orionc --dump=loops %s | FileCheck %s
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 64;
  orion::DenseArray<int64_t, 1> len({N});
  orion::DenseArray<float, 2> A({N, N});
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    for (int64_t j = 0; j < len(i); ++j)
      A(i, j) += 1;
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    for (int64_t j = 0; j < i * i; ++j)
      A(i, j % N) += 1;
}

// CHECK: nonaffine_inner_bound.cpp: 2 parallel loops
// CHECK-LABEL: loop 0 at {{.*}}nonaffine_inner_bound.cpp:12:3 in 'main' (pragma on line 11)
// CHECK-NEXT: clauses: (none)
// CHECK-NEXT: order: unordered
// CHECK-NEXT: iteration space: counted nest of depth 1
// CHECK-NEXT: dim 0: i in [0, N)
// CHECK-NEXT: parameters: N
// CHECK-NEXT: inner loops:
// CHECK-NEXT: #0 j in [0, len(i) (not affine)) at line 13
// CHECK-NEXT: arrays:
// CHECK-NEXT: len dense<int64_t, 1>
// CHECK-NEXT: A dense<float, 2>
// CHECK-NEXT: refs:
// CHECK-NEXT: #0 read len(i) 13:29 len(i)
// CHECK-NEXT: #1 readwrite A(i, j) 14:7 A(i, j)
// CHECK-NOT: #{{[0-9]}}
// CHECK-LABEL: loop 1 at {{.*}}nonaffine_inner_bound.cpp:16:3 in 'main' (pragma on line 15)
// CHECK-NEXT: clauses: (none)
// CHECK-NEXT: order: unordered
// CHECK-NEXT: iteration space: counted nest of depth 1
// CHECK-NEXT: dim 0: i in [0, N)
// CHECK-NEXT: parameters: N
// CHECK-NEXT: inner loops:
// CHECK-NEXT: #0 j in [0, i * i (not affine)) at line 17
// CHECK-NEXT: arrays:
// CHECK-NEXT: A dense<float, 2>
// CHECK-NEXT: refs:
// CHECK-NEXT: #0 readwrite A(i, ?) 18:7 A(i, j % N)
// CHECK-NEXT: subscript 1 'j % N' is unknown: 'j % N' is not affine (operator '%')
// CHECK-NOT: #{{[0-9]}}

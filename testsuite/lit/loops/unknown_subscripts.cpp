// Subscripts that are not affine, each with its reason: modulo, division, a product of two
// indices, a function call, a value modified in the loop, a floating-point expression, a bit
// operation and a non-const method call.
// RUN: %orionc --dump=loops %s | FileCheck %s
#include <orion/orion.hpp>

static int64_t hash(int64_t x) { return x * 2654435761 % 1024; }

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 64;
  orion::DenseArray<float, 1> A({N * N});
  const double scale = 0.5;
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    A(i % 8) += 1;
    A(i / 2) += 1;
    A(i * i) += 1;
    A(hash(i)) += 1;
    int64_t m = i;
    m += 3;
    A(m) += 1;
    A(static_cast<int64_t>(i * scale)) += 1;
    A(i << 1) += 1;
  }
}

// CHECK: unknown_subscripts.cpp: 1 parallel loop
// CHECK-LABEL: loop 0 at {{.*}}unknown_subscripts.cpp:15:3 in 'main' (pragma on line 14)
// CHECK-NEXT: clauses: (none)
// CHECK-NEXT: order: unordered
// CHECK-NEXT: iteration space: counted nest of depth 1
// CHECK-NEXT: dim 0: i in [0, N)
// CHECK-NEXT: parameters: N
// CHECK-NEXT: arrays:
// CHECK-NEXT: A dense<float, 1>
// CHECK-NEXT: refs:
// CHECK-NEXT: #0 readwrite A(?) 16:5 A(i % 8)
// CHECK-NEXT: subscript 0 'i % 8' is unknown: 'i % 8' is not affine (operator '%')
// CHECK-NEXT: #1 readwrite A(?) 17:5 A(i / 2)
// CHECK-NEXT: subscript 0 'i / 2' is unknown: 'i / 2' is not affine (operator '/')
// CHECK-NEXT: #2 readwrite A(?) 18:5 A(i * i)
// CHECK-NEXT: subscript 0 'i * i' is unknown: 'i * i' multiplies two non-constant values
// CHECK-NEXT: #3 readwrite A(?) 19:5 A(hash(i))
// CHECK-NEXT: subscript 0 'hash(i)' is unknown: call to 'hash'
// CHECK-NEXT: #4 readwrite A(?) 22:5 A(m)
// CHECK-NEXT: subscript 0 'm' is unknown: 'm' is modified inside the loop
// CHECK-NEXT: #5 readwrite A(?) 23:5 A(static_cast<int64_t>(i * scale))
// CHECK-NEXT: subscript 0 'static_cast<int64_t>(i * scale)' is unknown: 'i * scale' is not an integer
// CHECK-NEXT: #6 readwrite A(?) 24:5 A(i << 1)
// CHECK-NEXT: subscript 0 'i << 1' is unknown: 'i << 1' is not affine (operator '<<')
// CHECK-NOT: #{{[0-9]}}

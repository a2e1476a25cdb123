// Array elements and whole arrays passed to functions: an element bound to a non-const reference
// parameter is read-write, by value or const reference is read; a whole array passed to a
// function may be touched anywhere (all subscripts unknown), read-only through a const reference.
// RUN: %orionc --dump=loops %s | FileCheck %s
#include <orion/orion.hpp>

void bump(float &x) { x += 1; }
float twice(float x) { return 2 * x; }
float peek(const float &x) { return x; }
void touch_all(orion::DenseArray<float, 1> &A) { A.fill(0); }
float sum_all(const orion::DenseArray<float, 1> &A) { return A(0); }

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 64;
  orion::DenseArray<float, 1> A({N}), B({N}), C({N});
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    bump(A(i));
    B(i) = twice(A(i + 1)) + peek(A(i + 2));
    touch_all(C);
    B(i) += sum_all(A);
  }
}

// CHECK: function_args.cpp: 1 parallel loop
// CHECK-LABEL: loop 0 at {{.*}}function_args.cpp:18:3 in 'main' (pragma on line 17)
// CHECK-NEXT: clauses: (none)
// CHECK-NEXT: order: unordered
// CHECK-NEXT: iteration space: counted nest of depth 1
// CHECK-NEXT: dim 0: i in [0, N)
// CHECK-NEXT: parameters: N
// CHECK-NEXT: arrays:
// CHECK-NEXT: A dense<float, 1>
// CHECK-NEXT: B dense<float, 1>
// CHECK-NEXT: C dense<float, 1>
// CHECK-NEXT: refs:
// CHECK-NEXT: #0 readwrite A(i) 19:10 A(i)
// CHECK-NEXT: #1 write B(i) 20:5 B(i)
// CHECK-NEXT: #2 read A(i + 1) 20:18 A(i + 1)
// CHECK-NEXT: #3 read A(i + 2) 20:35 A(i + 2)
// CHECK-NEXT: #4 readwrite C(?) 21:15 C
// CHECK-NEXT: subscript 0 'C' is unknown: 'C' is passed to 'touch_all'
// CHECK-NEXT: #5 readwrite B(i) 22:5 B(i)
// CHECK-NEXT: #6 read A(?) 22:21 A
// CHECK-NEXT: subscript 0 'A' is unknown: 'A' is passed to 'sum_all'
// CHECK-NOT: #{{[0-9]}}

// Array elements and whole arrays passed to functions: an element bound to a non-const reference
// parameter is read-write, by value or const reference is read. A whole array passed to a
// function whose body is visible is analysed through the body as if inlined (the parameter stands
// for the array); one whose body is not visible, or a recursive one, may touch the array
// anywhere (all subscripts unknown), read-only through a const reference.
// RUN: %orionc --dump=loops %s | FileCheck %s
#include <orion/orion.hpp>

void bump(float &x) { x += 1; }
float twice(float x) { return 2 * x; }
float peek(const float &x) { return x; }
void touch_all(orion::DenseArray<float, 1> &A) { A.fill(0); }
float sum_all(const orion::DenseArray<float, 1> &A) { return A(0); }
float elsewhere(const orion::DenseArray<float, 1> &A, int64_t i);
float recursive(const orion::DenseArray<float, 1> &A, int64_t i) {
  return i <= 0 ? A(0) : recursive(A, i - 1);
}
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
    B(i) -= elsewhere(C, i) + recursive(C, i);
  }
}

// CHECK: function_args.cpp: 1 parallel loop
// CHECK-LABEL: loop 0 at {{.*}}function_args.cpp:23:3 in 'main' (pragma on line 22)
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
// CHECK-NEXT: #0 readwrite A(i) 24:10 A(i)
// CHECK-NEXT: #1 write B(i) 25:5 B(i)
// CHECK-NEXT: #2 read A(i + 1) 25:18 A(i + 1)
// CHECK-NEXT: #3 read A(i + 2) 25:35 A(i + 2)
// CHECK-NEXT: #4 readwrite C(?) 12:50 A.fill(0)
// CHECK-NEXT: subscript 0 'C.fill()' is unknown: 'C.fill()' may touch any element
// CHECK-NEXT: #5 readwrite B(i) 27:5 B(i)
// CHECK-NEXT: #6 read A(0) 13:62 A(0)
// CHECK-NEXT: #7 readwrite B(i) 28:5 B(i)
// CHECK-NEXT: #8 read C(?) 28:23 C
// CHECK-NEXT: subscript 0 'C' is unknown: 'C' is passed to 'elsewhere'
// CHECK-NEXT: #9 read C(0) 16:19 A(0)
// CHECK-NEXT: only where i <= 0 (-i >= 0)
// CHECK-NEXT: #10 read C(?) 16:36 A
// CHECK-NEXT: subscript 0 'C' is unknown: 'C' is passed to 'recursive'
// CHECK-NEXT: only where !(i <= 0) (i - 1 >= 0)
// CHECK-NOT: #{{[0-9]}}

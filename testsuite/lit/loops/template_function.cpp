// A parallel loop in a function template (instantiated once, with float): it is a canonical
// counted loop over A.extent(0) and should be analysed like the same loop in a plain function.
// XFAIL: *
// BUG: orionc analyses the uninstantiated pattern and rejects the loop: "bound 'A.extent(0)' is
// not affine (call to 'A.extent')".
// RUN: %orionc --dump=loops %s | FileCheck %s
#include <orion/orion.hpp>

template <class T> void scale(orion::DenseArray<T, 1> &A, T f) {
#pragma orion parallel_for
  for (int64_t i = 0; i < A.extent(0); ++i)
    A(i) *= f;
}

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  orion::DenseArray<float, 1> A({argc * 10});
  scale(A, 2.0f);
}

// CHECK: 1 parallel loop
// CHECK-LABEL: loop 0 at {{.*}}template_function.cpp:11:3 in 'scale' (pragma on line 10)
// CHECK: dim 0: i in [0, A.extent(0))
// CHECK-NEXT: parameters: A.extent(0)
// CHECK: refs:
// CHECK-NEXT: #0 readwrite A(i) 12:5 A(i)

// A parallel loop in a function template is rejected with a clear error (templates are analysed
// as uninstantiated patterns, where bounds such as A.extent(0) are not yet known). So is one in a
// generic lambda (`[](auto &X) {...}`), also inside a plain function: it was analysed as a loop
// that touches no array, and its writes never reached the other ranks.
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s
#include <orion/orion.hpp>

template <class T> void scale(orion::DenseArray<T, 1> &A, T f) {
// CHECK: {{.*}}pragma_in_template.cpp:[[@LINE+1]]:1: error: #pragma orion parallel_for inside a template or a generic lambda is not supported yet; move the loop into a function whose parameters have concrete types
#pragma orion parallel_for
  for (int64_t i = 0; i < A.extent(0); ++i)
    A(i) *= f;
}

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  orion::DenseArray<float, 1> A({argc * 10});
  scale(A, 2.0f);
  auto fill = [](auto &X) {
    // CHECK: {{.*}}pragma_in_template.cpp:[[@LINE+1]]:1: error: #pragma orion parallel_for inside a template or a generic lambda is not supported yet; move the loop into a function whose parameters have concrete types
#pragma orion parallel_for
    for (int64_t i = 0; i < 9; ++i)
      X(i) = i * 2;
  };
  fill(A);
  // A lambda with concrete parameter types is a plain function: accepted.
  auto twice = [](orion::DenseArray<float, 1> &X) {
#pragma orion parallel_for
    for (int64_t i = 0; i < 9; ++i)
      X(i) *= 2;
  };
  twice(A);
}
// CHECK-NOT: error
// CHECK: 2 errors generated.

// A counted loop whose bound is not affine cannot be partitioned: --emit=cpp fails with the
// front end's located error and writes nothing.
// RUN: rm -f %t.cpp
// RUN: not %orionc --emit=cpp %s -o %t.cpp 2>&1 | FileCheck %s
// RUN: test ! -e %t.cpp
#include <orion/orion.hpp>

int64_t half(int64_t n) { return n / 2; }

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t n = argc * 10;
  orion::DenseArray<float, 1> A({n});
  // CHECK: {{.*}}nonaffine_bound.cpp:[[@LINE+4]]:27: error: unsupported loop form for #pragma orion parallel_for: bound 'half(n)' is not affine (call to 'half');
  // CHECK-NEXT: | for (int64_t i = 0; i < half(n); ++i)
  // CHECK: 1 error generated.
#pragma orion parallel_for
  for (int64_t i = 0; i < half(n); ++i)
    A(i) = 1;
}

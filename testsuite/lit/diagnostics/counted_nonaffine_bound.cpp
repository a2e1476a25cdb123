// A counted loop whose bound is not affine (a function call, a product of two values, an array
// read, a data member) is rejected with the reason; for a data member, the fix.
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s
#include <orion/orion.hpp>

int64_t f(int64_t n) { return n / 2; }

struct Sweep {
  int64_t n;
  void run(orion::DenseArray<float, 1> &A) const {
    // CHECK: {{.*}}counted_nonaffine_bound.cpp:[[@LINE+2]]:29: error: unsupported loop form for #pragma orion parallel_for: bound 'n' is not affine ('n' is a data member; copy it into a local before the loop ('const auto n_ = n;') and use the local);
#pragma orion parallel_for
    for (int64_t i = 0; i < n; ++i)
      A(i) = 4;
  }
};

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t n = argc * 10, m = argc * 3;
  orion::DenseArray<float, 1> A({n * m});
  orion::DenseArray<int64_t, 1> len({2});
  // CHECK: {{.*}}counted_nonaffine_bound.cpp:[[@LINE+6]]:27: error: unsupported loop form for #pragma orion parallel_for: bound 'f(n)' is not affine (call to 'f'); compute it into a local before the loop ('const int64_t hi = f(n);') and use that; expected a counted loop 'for (int64_t i = lo; i < hi; ++i)' with bounds affine in outer loop indices and loop-invariant values
  // CHECK-NEXT: | for (int64_t i = 0; i < f(n); ++i)
  // CHECK-NEXT: | ^
  // CHECK: {{.*}}counted_nonaffine_bound.cpp:[[@LINE+6]]:20: error: unsupported loop form for #pragma orion parallel_for: bound 'n * m - 5' is not affine ('n * m' multiplies two non-constant values);
  // CHECK: {{.*}}counted_nonaffine_bound.cpp:[[@LINE+8]]:27: error: unsupported loop form for #pragma orion parallel_for: bound 'len(1)' is not affine (depends on the value of 'len(1)'); compute it into a local before the loop ('const int64_t hi = len(1);') and use that;
#pragma orion parallel_for
  for (int64_t i = 0; i < f(n); ++i)
    A(i) = 1;
#pragma orion parallel_for
  for (int64_t i = n * m - 5; i < n * m; ++i)
    A(i) = 2;
#pragma orion parallel_for
  for (int64_t i = 0; i < len(1); ++i)
    A(i) = 3;
  // CHECK: 4 errors generated.
}

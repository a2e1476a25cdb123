// A counted loop must step by one.
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s
#include <orion/orion.hpp>
#include <vector>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 10;
  orion::DenseArray<float, 1> A({N});
  // CHECK: {{.*}}counted_step_two.cpp:[[@LINE+4]]:30: error: unsupported loop form for #pragma orion parallel_for: the increment must be '++i', 'i++' or 'i += 1'; expected a counted loop 'for (int64_t i = lo; i < hi; ++i)' with bounds affine in outer loop indices and loop-invariant values
  // CHECK-NEXT: | for (int64_t i = 0; i < N; i += 2)
  // CHECK-NEXT: | ^
#pragma orion parallel_for
  for (int64_t i = 0; i < N; i += 2)
    A(i) = 1;
  // CHECK: 1 error generated.
}

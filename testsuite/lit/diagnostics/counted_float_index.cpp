// A counted loop's index must be an integer.
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s
#include <orion/orion.hpp>
#include <vector>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 10;
  orion::DenseArray<float, 1> A({N});
  // CHECK: {{.*}}counted_float_index.cpp:[[@LINE+4]]:15: error: unsupported loop form for #pragma orion parallel_for: index 'x' is not an integer; expected a counted loop
  // CHECK-NEXT: | for (double x = 0; x < N; ++x)
  // CHECK-NEXT: | ^
#pragma orion parallel_for
  for (double x = 0; x < N; ++x)
    A(0) += x;
  // CHECK: 1 error generated.
}

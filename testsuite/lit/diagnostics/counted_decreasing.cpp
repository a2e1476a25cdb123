// A decreasing counted loop is not supported.
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s
#include <orion/orion.hpp>
#include <vector>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 10;
  orion::DenseArray<float, 1> A({N});
  // CHECK: {{.*}}counted_decreasing.cpp:[[@LINE+4]]:27: error: unsupported loop form for #pragma orion parallel_for: the condition must be 'i < hi' or 'i <= hi'; expected a counted loop
  // CHECK-NEXT: | for (int64_t i = N - 1; i >= 0; --i)
  // CHECK-NEXT: | ^
#pragma orion parallel_for
  for (int64_t i = N - 1; i >= 0; --i)
    A(i) = 1;
  // CHECK: 1 error generated.
}

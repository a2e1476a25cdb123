// partition(x): the dimensions must be numbers.
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 10;
  orion::DenseArray<float, 1> A({N});
  // CHECK: {{.*}}partition_not_a_number.cpp:[[@LINE+3]]:38: error: expected a dimension number (0, 1, ...) in 'partition(...)', got 'x'
  // CHECK-NEXT: | #pragma orion parallel_for partition(x)
  // CHECK-NEXT: | ^
#pragma orion parallel_for partition(x)
  for (int64_t i = 0; i < N; ++i)
    A(i) = 2;
}

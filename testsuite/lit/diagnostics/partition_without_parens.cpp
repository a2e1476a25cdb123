// 'partition' must be followed by a parenthesized list of dimensions.
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 10;
  orion::DenseArray<float, 1> A({N});
  // CHECK: {{.*}}partition_without_parens.cpp:[[@LINE+3]]:37: error: expected '(' after 'partition', got end of line
  // CHECK-NEXT: | #pragma orion parallel_for partition
  // CHECK-NEXT: | ^
#pragma orion parallel_for partition
  for (int64_t i = 0; i < N; ++i)
    A(i) = 2;
}

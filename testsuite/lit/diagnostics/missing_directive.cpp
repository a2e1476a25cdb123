// '#pragma orion' alone: the directive is missing.
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 10;
  orion::DenseArray<float, 1> A({N});
  // CHECK: {{.*}}missing_directive.cpp:[[@LINE+3]]:1: error: expected an orion directive after '#pragma orion'; the only directive is 'parallel_for'
  // CHECK-NEXT: | #pragma orion
  // CHECK-NEXT: | ^
#pragma orion
  for (int64_t i = 0; i < N; ++i)
    A(i) = 2;
}

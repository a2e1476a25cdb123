// Two pragmas before one loop: the second is an error.
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s
#include <orion/orion.hpp>
#include <vector>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 10;
  orion::DenseArray<float, 1> A({N});
  // CHECK: {{.*}}two_pragmas_one_loop.cpp:[[@LINE+4]]:1: error: more than one #pragma orion parallel_for on the same loop
  // CHECK-NEXT: | #pragma orion parallel_for ordered
  // CHECK-NEXT: | ^
#pragma orion parallel_for
#pragma orion parallel_for ordered
  for (int64_t i = 0; i < N; ++i)
    A(i) = 1;
  // CHECK: 1 error generated.
}

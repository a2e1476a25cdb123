// ordered and unordered contradict each other, in either order.
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 10;
  orion::DenseArray<float, 1> A({N});
  // CHECK: {{.*}}ordered_unordered.cpp:[[@LINE+2]]:36: error: 'unordered' conflicts with 'ordered'
  // CHECK: {{.*}}ordered_unordered.cpp:[[@LINE+4]]:38: error: 'ordered' conflicts with 'unordered'
#pragma orion parallel_for ordered unordered
  for (int64_t i = 0; i < N; ++i)
    A(i) = 2;
#pragma orion parallel_for unordered ordered
  for (int64_t i = 0; i < N; ++i)
    A(i) = 3;
  // CHECK: 2 errors generated.
}

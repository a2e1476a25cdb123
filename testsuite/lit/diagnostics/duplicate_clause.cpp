// A clause given twice is an error at the second one.
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 10;
  orion::DenseArray<float, 1> A({N});
  // CHECK: {{.*}}duplicate_clause.cpp:[[@LINE+3]]:47: error: duplicate clause 'histogram'
  // CHECK-NEXT: | #pragma orion parallel_for histogram repeated histogram
  // CHECK-NEXT: | ^
#pragma orion parallel_for histogram repeated histogram
  for (int64_t i = 0; i < N; ++i)
    A(i) = 2;
}

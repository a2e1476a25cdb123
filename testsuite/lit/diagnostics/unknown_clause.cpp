// An unknown clause is an error naming it and listing the valid clauses.
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 10;
  orion::DenseArray<float, 1> A({N});
  // CHECK: {{.*}}unknown_clause.cpp:[[@LINE+4]]:28: error: unknown clause 'schedule' in '#pragma orion parallel_for'; valid clauses are: ordered, unordered, partition(d0[, d1]), histogram, repeated, relax(A, ...)
  // CHECK-NEXT: | #pragma orion parallel_for schedule(static)
  // CHECK-NEXT: | ^
  // CHECK: 1 error generated.
#pragma orion parallel_for schedule(static)
  for (int64_t i = 0; i < N; ++i)
    A(i) = 2;
}

// relax(Q) must name an orion array referenced in the loop (not an unknown name, not an unreferenced array).
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 10;
  orion::DenseArray<float, 1> A({N});
  orion::DenseArray<float, 1> B({N});
  // CHECK: {{.*}}relax_unknown_array.cpp:[[@LINE+4]]:34: error: relax(Q): 'Q' is not an orion array referenced in this loop
  // CHECK-NEXT: | #pragma orion parallel_for relax(Q)
  // CHECK-NEXT: | ^
  // CHECK: {{.*}}relax_unknown_array.cpp:[[@LINE+4]]:37: error: relax(B): 'B' is not an orion array referenced in this loop
#pragma orion parallel_for relax(Q)
  for (int64_t i = 0; i < N; ++i)
    A(i) = 2;
#pragma orion parallel_for relax(A, B)
  for (int64_t i = 0; i < N; ++i)
    A(i) += 3;
  // CHECK: 2 errors generated.
}

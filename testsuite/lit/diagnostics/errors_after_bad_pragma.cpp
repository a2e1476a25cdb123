// After a bad pragma the rest of the file is still checked: every error is reported, in source
// order, and the good loops are not dumped.
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 10;
  orion::DenseArray<float, 1> A({N});
  // CHECK: {{.*}}errors_after_bad_pragma.cpp:[[@LINE+4]]:28: error: unknown clause 'fast'
  // CHECK: {{.*}}errors_after_bad_pragma.cpp:[[@LINE+10]]:30: error: unsupported loop form for #pragma orion parallel_for: the increment must be
  // CHECK: {{.*}}errors_after_bad_pragma.cpp:[[@LINE+11]]:1: error: #pragma orion parallel_for must be followed by a for loop
  // CHECK: 3 errors generated.
#pragma orion parallel_for fast
  for (int64_t i = 0; i < N; ++i)
    A(i) = 1;
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    A(i) = 2;
#pragma orion parallel_for
  for (int64_t i = 0; i < N; --i)
    A(i) = 3;
#pragma orion parallel_for
  A(0) = 4;
  // CHECK-NOT: parallel loop
}

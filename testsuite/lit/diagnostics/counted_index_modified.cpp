// The index of a counted loop must not be modified in its body.
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s
#include <orion/orion.hpp>
#include <vector>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 10;
  orion::DenseArray<float, 1> A({N});
  // CHECK: {{.*}}counted_index_modified.cpp:[[@LINE+4]]:16: error: unsupported loop form for #pragma orion parallel_for: the index 'i' is modified in the loop body; expected a counted loop
  // CHECK-NEXT: | for (int64_t i = 0; i < N; ++i) {
  // CHECK-NEXT: | ^
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    A(i) = 1;
    i += A(i) > 0;
  }
  // CHECK: 1 error generated.
}

// A pragma with nothing after it in its block.
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s
#include <orion/orion.hpp>
#include <vector>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 10;
  orion::DenseArray<float, 1> A({N});
  if (argc > 1) {
    for (int64_t i = 0; i < N; ++i)
      A(i) = 2;
    // CHECK: {{.*}}pragma_at_end_of_block.cpp:[[@LINE+3]]:1: error: #pragma orion parallel_for must be followed by a for loop, but the block ends here
    // CHECK-NEXT: | #pragma orion parallel_for
    // CHECK-NEXT: | ^
#pragma orion parallel_for
  }
  // CHECK: 1 error generated.
}

// A counted loop must declare its index in the init statement.
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s
#include <orion/orion.hpp>
#include <vector>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 10;
  orion::DenseArray<float, 1> A({N});
  int64_t i;
  // CHECK: {{.*}}counted_no_init_declaration.cpp:[[@LINE+4]]:8: error: unsupported loop form for #pragma orion parallel_for: the loop must declare one index variable in its init statement; expected a counted loop
  // CHECK-NEXT: | for (i = 0; i < N; ++i)
  // CHECK-NEXT: | ^
#pragma orion parallel_for
  for (i = 0; i < N; ++i)
    A(i) = 1;
  // CHECK: 1 error generated.
}

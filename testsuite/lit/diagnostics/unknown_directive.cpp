// '#pragma orion foo': an unknown directive, named in the error.
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 10;
  orion::DenseArray<float, 1> A({N});
  // CHECK: {{.*}}unknown_directive.cpp:[[@LINE+3]]:15: error: unknown orion directive 'foo'; the only directive is 'parallel_for'
  // CHECK-NEXT: | #pragma orion foo bar
  // CHECK-NEXT: | ^
#pragma orion foo bar
  for (int64_t i = 0; i < N; ++i)
    A(i) = 2;
}

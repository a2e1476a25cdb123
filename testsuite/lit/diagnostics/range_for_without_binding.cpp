// Array iteration must bind '[key, value]'.
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s
#include <orion/orion.hpp>
#include <vector>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 10;
  orion::DenseArray<float, 1> A({N});
  // CHECK: {{.*}}range_for_without_binding.cpp:[[@LINE+4]]:15: error: unsupported loop form for #pragma orion parallel_for: the loop variable must be a structured binding '[key, value]'; expected array iteration 'for (auto&& [key, value] : A)' over an orion::SparseArray or orion::DenseArray
  // CHECK-NEXT: | for (auto &&entry : A)
  // CHECK-NEXT: | ^
#pragma orion parallel_for
  for (auto &&entry : A)
    entry.value = 1;
  // CHECK: 1 error generated.
}

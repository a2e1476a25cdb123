// partition takes one or two dimensions.
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 10;
  orion::DenseArray<float, 1> A({N});
  // CHECK: {{.*}}partition_three_dims.cpp:[[@LINE+1]]:28: error: 'partition' takes one or two dimensions: partition(d0[, d1])
#pragma orion parallel_for partition(0, 1, 2)
  for (int64_t i = 0; i < N; ++i)
    A(i) = 2;
}

// partition(0, 0): the two dimensions must differ.
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 10;
  orion::DenseArray<float, 1> A({N});
  // CHECK: {{.*}}partition_same_dim.cpp:[[@LINE+1]]:28: error: 'partition' needs two different dimensions
#pragma orion parallel_for partition(0, 0)
  for (int64_t i = 0; i < N; ++i)
    for (int64_t j = 0; j < N; ++j)
      A(i) += j;
}

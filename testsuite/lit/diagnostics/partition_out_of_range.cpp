// partition(2) on a 1-D iteration space names a dimension that does not exist.
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 10;
  orion::DenseArray<float, 1> A({N});
  // CHECK: {{.*}}partition_out_of_range.cpp:[[@LINE+2]]:28: error: partition(2) names dimension 2, but the iteration space has 1 dimension{{$}}
  // CHECK: {{.*}}partition_out_of_range.cpp:[[@LINE+4]]:28: error: partition(0, 3) names dimension 3, but the iteration space has 2 dimensions{{$}}
#pragma orion parallel_for partition(2)
  for (int64_t i = 0; i < N; ++i)
    A(i) = 2;
#pragma orion parallel_for partition(0, 3)
  for (int64_t i = 0; i < N; ++i)
    for (int64_t j = 0; j < N; ++j)
      A(i) += j;
  // CHECK: 2 errors generated.
}

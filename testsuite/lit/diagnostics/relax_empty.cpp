// relax() needs at least one array name.
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 10;
  orion::DenseArray<float, 1> A({N});
  // CHECK: {{.*}}relax_empty.cpp:[[@LINE+1]]:34: error: expected an array name in 'relax(...)', got ')'
#pragma orion parallel_for relax()
  for (int64_t i = 0; i < N; ++i)
    A(i) = 2;
}

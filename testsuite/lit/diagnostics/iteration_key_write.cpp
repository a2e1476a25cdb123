// Writing the key of an array iteration is an error: orionc reads key[d] as the iteration's
// coordinates, so `B(k[0])` after `k[0] = N - 1 - k[0]` would be analysed as the iteration's own
// element. (A DenseArray's key is a copy in the serial program, so this compiles there; the
// parallel build used to fail in the host compiler.) A copy of the key may be changed.
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s --implicit-check-not=error:
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = 40;
  orion::DenseArray<int64_t, 1> A({N}), B({N}, -1);
#pragma orion parallel_for
  for (auto &&[k, v] : A) {
    // CHECK: {{.*}}iteration_key_write.cpp:[[@LINE+1]]:5: error: 'k' is the key of the array iteration and cannot be written in a parallel loop: orionc reads 'k[d]' as the iteration's coordinates; copy it first ('auto k2 = k;') and change the copy
    k[0] = N - 1 - k[0];
    B(k[0]) = v;
  }
#pragma orion parallel_for
  for (auto &&[k, v] : A) {
    auto kk = k;
    kk[0] = N - 1 - kk[0];
    B(kk[0]) = v;
  }
  // CHECK: 1 error generated.
}

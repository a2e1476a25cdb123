// relax(A) on the array the loop iterates over is an error: its elements are partitioned with
// the iterations, so an update of another element stayed with the worker that made it (two ranks
// printed `0 1 1 1 0 1 1 1` for `1 1 1 1 1 1 1 1`, exit 0).
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = 8;
  orion::DenseArray<int, 1> A({N});
  // CHECK: {{.*}}relax_iterated_array.cpp:[[@LINE+1]]:34: error: relax(A): 'A' is the array this loop iterates over, whose elements are partitioned with the iterations; relax an array the loop does not iterate over (iterate over an index range instead), or update 'A' through an orion::Buffer
#pragma orion parallel_for relax(A)
  for (auto &&[k, v] : A)
    A((k[0] + 1) % N) += 1;
  orion::SparseArray<int, 2> S({N, N});
  // CHECK: {{.*}}relax_iterated_array.cpp:[[@LINE+1]]:34: error: relax(S): 'S' is the SparseArray this loop iterates over; relax applies to dense arrays the loop does not iterate over, and the loop writes 'S' only through its value binding
#pragma orion parallel_for relax(S)
  for (auto &&[k, v] : S)
    v += 1;
  // CHECK: 2 errors generated.
}

// A loop whose writes travel as records (`A(Q(i)) = ...`: a written array not aligned with the
// partition) reads every argument through a recording view, which reaches the array itself; a
// served array read there stays whole for the run instead of being sharded across the ranks.
// Regression test (found by a helper writing programs as a new user): `A(Q(i)) = P(Q(i))` stopped
// every rank with "array 'P' is sharded across ranks and cannot be made whole inside a parallel
// loop", on 2 ranks at the default shard size (1.6 MB arrays) or any size with
// --orion-shard-min-bytes=0.
// RUN: %orionc --dump=deps %s | FileCheck %s
// RUN: %orionc %s -O1 -o %t
// RUN: c++ -std=c++20 -Wno-unknown-pragmas -I%runtime_include %s -o %t.serial
// RUN: %t.serial > %t.serial.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t --orion-shard-min-bytes=0 > %t.np2.txt
// RUN: diff %t.serial.txt %t.np2.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 3 %t --orion-threads=2 --orion-shard-min-bytes=0 > %t.np3.txt
// RUN: diff %t.serial.txt %t.np3.txt
#include <orion/orion.hpp>

#include <cstdint>
#include <cstdio>

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  const int64_t N = 3000;
  orion::DenseArray<int64_t, 1> P({N}), Q({N}), A({N}), B({N});
  for (int64_t i = 0; i < N; ++i) {
    P(i) = i % 1000;
    Q(i) = (i * 11 + 3) % N; // a permutation: the scatter writes each element once
  }
  // CHECK: A served written, not aligned with a partitioned dimension
  // CHECK: P served read-only, unknown subscripts
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    A(Q(i)) = P(Q(i));
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    A(Q(i)) = i;
    B(i) = Q(Q(i));
  }
  uint64_t h = 0; // unsigned: the hash wraps around (defined, and UBSan-clean)
  for (int64_t i = 0; i < N; ++i)
    h = h * 31 + static_cast<uint64_t>(A(i) + B(i));
  if (orion::is_root())
    std::printf("h %llu\n", static_cast<unsigned long long>(h));
  return 0;
}

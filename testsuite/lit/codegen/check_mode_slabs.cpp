// --orion-check on several ranks keeps every write: the values of an iterated dense array
// (written in place, never through the access log) and an array a helper writes by its global
// name reach every rank as the owner's space slabs at the end of the loop, as in a normal run.
// Regression test: under --orion-check at np 2, rank 1's elements stayed 0 (and the global
// array's rank-1 half kept its old values), with exit 0 and no conflict reported.
// RUN: %orionc %s -O1 -o %t
// RUN: c++ -std=c++20 -Wno-unknown-pragmas -I%runtime_include %s -o %t.serial
// RUN: %t.serial > %t.serial.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 %mpiexec -np 2 %t --orion-threads=1 --orion-check > %t.np2.txt
// RUN: diff %t.serial.txt %t.np2.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 %mpiexec -np 2 %t --orion-threads=2 --orion-check > %t.np2t2.txt
// RUN: diff %t.serial.txt %t.np2t2.txt
#include <orion/orion.hpp>

#include <cstdio>

orion::DenseArray<int64_t, 1> G({8});
void add_index(int64_t i) { G(i) += i; }

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  const int64_t N = 6, M = 3;
  orion::DenseArray<int64_t, 2> A({N, M});
  orion::DenseArray<int64_t, 1> C({N});
#pragma orion parallel_for
  for (auto &&[k, v] : A)
    A(k[0], k[1]) = k[0] * 10 + k[1] + 1;
#pragma orion parallel_for
  for (auto &&[k, v] : C)
    v = k[0] + 100;
#pragma orion parallel_for
  for (int64_t i = 0; i < 8; ++i)
    G(i) = 2 * i;
#pragma orion parallel_for
  for (int64_t i = 0; i < 8; ++i)
    add_index(i);
  if (orion::is_root()) {
    for (int64_t i = 0; i < N; ++i)
      std::printf("%lld %lld %lld %lld\n", static_cast<long long>(A(i, 0)),
                  static_cast<long long>(A(i, 2)), static_cast<long long>(C(i)),
                  static_cast<long long>(G(i)));
  }
  return 0;
}

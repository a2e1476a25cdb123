// Two blocks of an unordered round may both write an element that nothing reads (write/write is
// no dependence in an unordered loop): here `last(v) = ...` with a data-dependent subscript under
// a 2D rotation, whose rounds run in lockstep on several ranks with the writes of `last` recorded
// and shipped. Every rank must end with the same copy, the one --orion-replay-serial computes.
// Regression test: each rank kept its own block's write and applied only the other ranks' ones,
// so at np 2 the ranks printed different values of `last`.
// RUN: %orionc %s -O1 -o %t
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t --orion-threads=2 > %t.np2.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t --orion-threads=2 --orion-replay-serial > %t.replay.txt
// RUN: sort %t.np2.txt > %t.np2.sorted
// RUN: sort %t.replay.txt > %t.replay.sorted
// RUN: diff %t.np2.sorted %t.replay.sorted
// RUN: FileCheck %s --input-file=%t.np2.sorted
#include <orion/orion.hpp>

#include <cstdio>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t R = 40, C = 36;
  orion::SparseArray<int32_t, 2> cells({R, C});
  for (int64_t i = 0; i < R; ++i)
    for (int64_t j = 0; j < C; ++j)
      if ((i * 13 + j * 7) % 3 != 0)
        cells.push_back({i, j}, static_cast<int32_t>((i * 5 + j * 11) % 9));
  orion::DenseArray<int64_t, 2> rows({R, 2}), cols({C, 2});
  orion::DenseArray<int64_t, 1> last({9});
  for (int pass = 0; pass < 3; ++pass) {
#pragma orion parallel_for
    for (auto &&[key, v] : cells) {
      rows(key[0], 0) += v;
      cols(key[1], 1) += 1;
      last(v) = key[0] * 100 + key[1];
    }
  }
  long long h = 0;
  for (int64_t b = 0; b < 9; ++b)
    h = h * 31 + last(b);
  std::printf("rank %d: %lld\n", orion::rank(), h);
}

// Both ranks print the same value.
// CHECK: rank 0: [[H:[0-9]+]]
// CHECK-NEXT: rank 1: [[H]]

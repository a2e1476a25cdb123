// An ordered loop over a sparse array runs each block's elements in the serial program's order:
// a 1D schedule sorts the elements into blocks stably, and a wavefront also sorts each block by
// key. A wavefront orders its blocks by key, so when the elements are not stored in key order
// (a shuffled file) it stops with an error naming the loop instead of running them in another
// order; one worker still runs the file as stored.
// Regression test: the in-place block sort moved elements past each other within a block, and
// two workers printed `1324 1324 1234 1324` instead of `1234 1234 1234 1234`, exit 0.
// RUN: %orionc %s -O1 -o %t
// RUN: c++ -std=c++20 -Wno-unknown-pragmas -I%runtime_include %s -o %t.serial
// RUN: printf '0 0 1\n0 1 2\n0 2 3\n1 0 4\n1 1 5\n1 2 6\n2 0 7\n2 1 8\n2 2 9\n3 0 1\n3 2 2\n' > %t.sorted
// RUN: printf '2 1 8\n0 0 1\n1 2 6\n3 0 1\n0 2 3\n1 0 4\n2 2 9\n0 1 2\n3 2 2\n1 1 5\n2 0 7\n' > %t.shuffled
// RUN: %t.serial %t.sorted > %t.serial.txt
// RUN: FileCheck %s --input-file=%t.serial.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 %t %t.sorted --orion-threads=2 > %t.two.txt
// RUN: diff %t.serial.txt %t.two.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 %mpiexec -np 2 %t %t.sorted --orion-threads=1 > %t.np2.txt
// RUN: diff %t.serial.txt %t.np2.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 %mpiexec -np 2 %t %t.sorted --orion-threads=2 > %t.np2t2.txt
// RUN: diff %t.serial.txt %t.np2t2.txt
// RUN: %t.serial %t.shuffled > %t.serial.shuffled.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 %t %t.shuffled --orion-threads=1 > %t.one.shuffled.txt
// RUN: diff %t.serial.shuffled.txt %t.one.shuffled.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   not %t %t.shuffled --orion-threads=2 2>&1 | FileCheck %s --check-prefix=SHUFFLED
#include <orion/orion.hpp>

#include <cstdio>

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  auto A = orion::load_triplets<int32_t>(argv[1]);
  const int64_t R = A.extent(0), C = A.extent(1);
  orion::DenseArray<int64_t, 1> rows({R}), cols({C});
  cols.fill(0);
  // 1D over the columns: each column records the order in which it sees its rows.
#pragma orion parallel_for ordered
  for (auto &&[k, v] : A)
    cols(k[1]) = cols(k[1]) * 10 + (k[0] + 1);
  for (int64_t c = 0; c < C; ++c)
    if (orion::is_root())
      std::printf("column %lld: %lld\n", static_cast<long long>(c),
                  static_cast<long long>(cols(c)));
  // CHECK: column 0: 1234
  // CHECK: column 1: 123
  // CHECK: column 2: 1234
  // A wavefront: rows and columns both carry a non-commutative state.
  rows.fill(1);
  cols.fill(1);
  // SHUFFLED: error: ordered parallel loop at {{.*}}ordered_sparse_order.cpp:[[@LINE+1]] runs as a wavefront over a sparse array whose elements are not stored in key order
#pragma orion parallel_for ordered
  for (auto &&[k, v] : A) {
    const int64_t x = (rows(k[0]) * 31 + cols(k[1]) + v) % 1000003;
    rows(k[0]) = x;
    cols(k[1]) = (cols(k[1]) * 7 + x) % 1000003;
  }
  long long check = 0;
  for (int64_t r = 0; r < R; ++r)
    check = check * 13 + rows(r);
  for (int64_t c = 0; c < C; ++c)
    check = check * 13 + cols(c);
  if (orion::is_root())
    std::printf("wavefront %lld\n", check);
  // CHECK: wavefront
  return 0;
}

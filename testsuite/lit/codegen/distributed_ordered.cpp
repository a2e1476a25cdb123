// An ordered loop after an unordered one over the same loaded array, on several ranks: the first
// loop moved each element to the rank that runs it, so the ordered loop gathers the array and
// sorts it back into the serial order, which it can because the ranks found, before moving
// anything, that the file was in strictly increasing key order. Every run prints what the serial
// build does; a file out of key order stops with the error naming where.
// RUN: printf '0 0 1\n0 1 2\n0 2 3\n1 0 4\n1 1 5\n1 2 6\n2 0 7\n2 1 8\n2 2 9\n3 0 1\n3 2 2\n' > %t.sorted
// RUN: printf '0 0 1\n0 1 2\n0 2 3\n1 0 4\n1 1 5\n2 0 7\n1 2 6\n2 1 8\n2 2 9\n3 0 1\n3 2 2\n' > %t.unsorted
// RUN: %orionc %s -O1 -o %t
// RUN: c++ -std=c++20 -Wno-unknown-pragmas -I%runtime_include %s -o %t.serial
// RUN: %t.serial %t.sorted > %t.serial.txt
// RUN: FileCheck %s --input-file=%t.serial.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t %t.sorted --orion-threads=1 --orion-cache=off > %t.np2.txt
// RUN: diff %t.serial.txt %t.np2.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 4 %t %t.sorted --orion-threads=1 --orion-cache=off > %t.np4.txt
// RUN: diff %t.serial.txt %t.np4.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   not %mpiexec -np 2 %t %t.unsorted --orion-threads=1 --orion-cache=off 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNSORTED
#include <orion/orion.hpp>

#include <cstdio>

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  auto A = orion::load_triplets<int32_t>(argv[1]);
  const int64_t R = A.extent(0), C = A.extent(1);
  orion::DenseArray<int64_t, 1> rows({R}), cols({C});
  rows.fill(0);
  cols.fill(0);
  // Unordered, 1D over the rows: places the elements by row.
#pragma orion parallel_for
  for (auto &&[k, v] : A)
    rows(k[0]) += v;
  // Ordered, 1D over the columns: each column records the order in which it sees its rows.
  // UNSORTED: ordered parallel loop at {{.*}}distributed_ordered.cpp:[[@LINE+1]] must run the elements of 'A' in the serial program's order, {{.*}}(element 6 has a smaller key than the one before it
#pragma orion parallel_for ordered
  for (auto &&[k, v] : A)
    cols(k[1]) = cols(k[1]) * 10 + (k[0] + 1);
  if (orion::is_root()) {
    for (int64_t r = 0; r < R; ++r)
      std::printf("row %lld: %lld\n", static_cast<long long>(r), static_cast<long long>(rows(r)));
    for (int64_t c = 0; c < C; ++c)
      std::printf("column %lld: %lld\n", static_cast<long long>(c),
                  static_cast<long long>(cols(c)));
  }
  return 0;
}
// CHECK: row 0: 6
// CHECK: row 3: 3
// CHECK: column 0: 1234
// CHECK: column 1: 123
// CHECK: column 2: 1234

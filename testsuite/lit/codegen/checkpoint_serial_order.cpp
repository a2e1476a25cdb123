// A checkpoint records what is known of a SparseArray's serial order. A parallel loop sorts the
// elements into its blocks, and the checkpoint writes them in that order; an ordered loop after
// restore, in a fresh process, must still run them in the serial program's order. Before, the
// restored (block) order was taken as the serial order: a file in key order restored at one rank
// stopped with "not stored in key order", and a file in column order printed another hash than
// the serial build, without a word.
// RUN: rm -rf %t.rows.dir %t.cols.dir
// RUN: awk 'BEGIN { for (u = 0; u < 200; u++) for (i = u % 3; i < 150; i += 5) print u, i, (u * 7 + i) % 5 + 1 }' > %t.rows
// RUN: awk 'BEGIN { for (i = 0; i < 150; i++) for (u = i % 4; u < 200; u += 5) print u, i, (u + i * 3) % 5 + 1 }' > %t.cols
// RUN: c++ -std=c++20 -Wno-unknown-pragmas -I%runtime_include %s -o %t.serial
// RUN: %t.serial %t.rows %t.serial.dir straight > %t.rows.want
// RUN: %orionc %s -O1 -o %t
//
// Key order: written at 2 ranks x 2 threads, restored at 1 rank and at 3.
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t %t.rows %t.rows.dir save --orion-threads=2
// RUN: FileCheck %s --input-file=%t.rows.dir/manifest.orion --check-prefix=RECORD
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 timeout 120 \
// RUN:   %mpiexec -np 1 %t %t.rows %t.rows.dir resume --orion-threads=1 > %t.rows.np1
// RUN: diff %t.rows.want %t.rows.np1
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 3 %t %t.rows %t.rows.dir resume --orion-threads=1 > %t.rows.np3
// RUN: diff %t.rows.want %t.rows.np3
//
// Column order: the serial order cannot be recovered once a loop sorted the elements, so the
// ordered loop refuses to run, as it does without the restart.
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t %t.cols %t.cols.dir save --orion-threads=1
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 timeout 120 \
// RUN:   not %mpiexec -np 1 %t %t.cols %t.cols.dir resume --orion-threads=1 > %t.cols.np1 2>&1
// RUN: FileCheck %s --input-file=%t.cols.np1 --check-prefix=REFUSED
#include <orion/orion.hpp>

#include <cstdint>
#include <cstdio>
#include <string>

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  if (argc < 4)
    return 2;
  auto R = orion::load_triplets<int64_t>(argv[1]);
  const std::string dir = argv[2], mode = argv[3];
  orion::DenseArray<int64_t, 1> W({R.extent(0)}), H({R.extent(1)});
  if (mode == "resume") {
    orion::restore(dir, R);
  } else {
    // A loop that sorts the elements into its blocks.
#pragma orion parallel_for
    for (auto &&[k, v] : R)
      v = v * 10 + k[1] % 7;
    if (mode == "save") {
      orion::checkpoint(dir, 1, R);
      return 0;
    }
  }
  // Each update depends on the one before it in the same row and column: only the serial order
  // gives the serial hash.
#pragma orion parallel_for ordered
  for (auto &&[k, v] : R) {
    W(k[0]) = (W(k[0]) * 3 + v + k[1]) % 1000003;
    H(k[1]) = (H(k[1]) * 5 + v + k[0]) % 1000003;
  }
  uint64_t h = 0;
  for (int64_t u = 0; u < R.extent(0); ++u)
    h = h * 131 + static_cast<uint64_t>(W(u));
  for (int64_t i = 0; i < R.extent(1); ++i)
    h = h * 131 + static_cast<uint64_t>(H(i));
  if (orion::is_root())
    std::printf("h %llu\n", static_cast<unsigned long long>(h));
  return 0;
}

// Sorted into blocks; in key order, strictly, rows in order, the last row 199, the last key
// (199, 146).
// RECORD: sparse int64 200 148 elements 3000 3000 order 1 1 1 -1 1 199 199 146{{$}}

// REFUSED: error: ordered parallel loop at {{.*}}checkpoint_serial_order.cpp:{{[0-9]+}} must run the elements of 'R' in the serial program's order, but an earlier parallel loop over it sorted them into its own blocks, and that order cannot be recovered: the elements were not stored in strictly increasing key order (element {{[0-9]+}} has a smaller key

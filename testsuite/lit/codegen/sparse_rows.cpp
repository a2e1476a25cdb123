// A SparseArray the body reads row by row at the row of its own iteration (`X.row(s)`, SLR's
// features) stays distributed after load_libsvm: each rank keeps the samples it parsed, and a loop
// over the samples fetches only the rows its rank runs and another rank parsed (the file is split
// by bytes, the loop by samples: the first half of this file has longer lines, so rank 0 runs rows
// rank 1 parsed). A loop over a slice of the rows, where a rank would fetch more than half of
// what it reads, gathers the array instead, once. Every run prints what the serial build prints.
// RUN: %system_python -c "import sys; sys.stdout.write(''.join('{} {}\n'.format(s %% 2, ' '.join('{}:{}'.format(f + 1, 0.25 * ((s * 7 + f) %% 5)) for f in range(s %% 3, 40, 3 if s < 150 else 5))) for s in range(300)))" > %t.svm
// RUN: %orionc %s -O1 -o %t
// RUN: c++ -std=c++20 -Wno-unknown-pragmas -I%runtime_include %s -o %t.serial
// RUN: %t.serial %t.svm > %t.serial.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t %t.svm --orion-threads=1 --orion-verbose > %t.np2.txt 2> %t.np2.err
// RUN: diff %t.serial.txt %t.np2.txt
// RUN: FileCheck %s --input-file=%t.np2.err
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 3 %t %t.svm --orion-threads=2 > %t.np3.txt
// RUN: diff %t.serial.txt %t.np3.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t %t.svm --orion-threads=1 --orion-distribute=off --orion-verbose \
// RUN:   > %t.off.txt 2> %t.off.err
// RUN: diff %t.serial.txt %t.off.txt
// RUN: FileCheck %s --input-file=%t.off.err --check-prefix=OFF
#include <orion/orion.hpp>

#include <cstdint>
#include <cstdio>

// Every sample's label plus (feature + 1) * value over its row: a function of the row alone.
static double checksum(const orion::DenseArray<double, 1> &a) {
  double sum = 0;
  for (int64_t s = 0; s < a.extent(0); ++s)
    sum += static_cast<double>(s % 17 + 1) * a(s);
  return sum;
}

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  if (argc < 2)
    return 2;
  auto [X, y] = orion::load_libsvm<double>(argv[1]);
  const int64_t N = y.extent(0);
  const int64_t fifth = N / 5;
  orion::DenseArray<double, 1> score({N}), part({N});
  for (int pass = 0; pass < 3; ++pass) {
    if (pass == 2) {
      // A slice of the first fifth of the rows: rank 1 of 2 runs rows rank 0 parsed, all of them.
#pragma orion parallel_for
      for (int64_t s = 0; s < fifth; ++s) {
        double sum = 0;
        for (auto &&[f, v] : X.row(s))
          sum += v * static_cast<double>(f % 3 + 1);
        part(s) = sum;
      }
    }
#pragma orion parallel_for
    for (auto &&[key, label] : y) {
      const int64_t s = key[0];
      double sum = label;
      for (auto &&[f, v] : X.row(s))
        sum += static_cast<double>(f + 1) * v;
      score(s) = sum + static_cast<double>(pass);
    }
    if (orion::is_root())
      std::printf("pass %d score %.6f part %.6f\n", pass, checksum(score), checksum(part));
  }
  return 0;
}

// The loop over the samples fetches the rows its ranks lack (said on its first run; the second
// run fetches again, or its workers could not read X), then the slice gathers X, and the third run
// of the loop over the samples finds it whole.
// CHECK: orion: loop {{.*}}sparse_rows.cpp:58: 'X' stays distributed: each rank reads the rows it runs where they are (rank 0: [0, 150)), {{[1-9][0-9]*}} row(s) fetched from other ranks in all
// CHECK: orion: gathered a distributed SparseArray of {{[0-9]+}} elements whole on every rank
// CHECK-NOT: stays distributed
// OFF-NOT: stays distributed
// OFF-NOT: gathered a distributed

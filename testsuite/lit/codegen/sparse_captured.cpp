// How a loop body may reach a SparseArray that load_libsvm left distributed, besides X.row(s) in
// its own body: through a helper taking `SparseArray &` (not const) that reads the row of the
// loop's sample, which keeps X distributed (the body gets X itself, still non-const: regression
// test, it did not compile), and any other way (X.value(i) here), for which orionc gathers X
// whole before the loop, on every rank (regression test: a worker found it distributed and the
// run stopped). Every run prints what the serial build prints.
// RUN: %system_python -c "import sys; sys.stdout.write(''.join('{} {}\n'.format(s %% 2, ' '.join('{}:{}'.format(f + 1, 0.5 * ((s + f) %% 4)) for f in range(s %% 2, 30, 2 if s < 100 else 7))) for s in range(200)))" > %t.svm
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
#include <orion/orion.hpp>

#include <cstdint>
#include <cstdio>

static double row_sum(orion::SparseArray<double, 2> &X, int64_t s) {
  double sum = 0;
  for (auto &&[f, v] : X.row(s))
    sum += v * static_cast<double>(f + 1);
  return sum;
}

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  if (argc < 2)
    return 2;
  auto [X, y] = orion::load_libsvm<double>(argv[1]);
  orion::DenseArray<double, 1> a({y.extent(0)}), b({y.extent(0)});
#pragma orion parallel_for
  for (auto &&[key, label] : y)
    a(key[0]) = row_sum(X, key[0]) + label;
#pragma orion parallel_for
  for (auto &&[key, label] : y) {
    double sum = X.value(0);
    for (auto &&[f, v] : X.row(key[0]))
      sum += v;
    b(key[0]) = sum * label;
  }
  double sa = 0, sb = 0;
  for (int64_t s = 0; s < a.extent(0); ++s) {
    sa += a(s) * static_cast<double>(s % 5 + 1);
    sb += b(s) * static_cast<double>(s % 3 + 1);
  }
  if (orion::is_root())
    std::printf("a %.6f b %.6f\n", sa, sb);
  return 0;
}

// CHECK: orion: loop {{.*}}sparse_captured.cpp:38: 'X' stays distributed
// CHECK: orion: gathered a distributed SparseArray of {{[0-9]+}} elements whole on every rank
// CHECK: orion: loop {{.*}}sparse_captured.cpp:41: 1d (0) [1D]

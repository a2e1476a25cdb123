// A fill of a large array is written when the array is first read, on several ranks
// (detail/pending_fill.hpp), unless driver code was handed a pointer, reference or span into the
// array before: reads through it would see the old values and a write through it would be
// overwritten when the fill lands. Regression test (programs with no parallel loop, where orionc
// inserts nothing): on 2 ranks `p = w.data(); w.fill(3); p[5]` read 0 for 3, a write `p[5] = 7`
// after the fill was lost, and a reference, a span and std::accumulate over the pointer read 0.
// RUN: %orionc %s -O1 -o %t
// RUN: c++ -std=c++20 -Wno-unknown-pragmas -I%runtime_include %s -o %t.serial
// RUN: %t.serial > %t.serial.txt
// RUN: FileCheck %s --input-file=%t.serial.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t > %t.np2.txt
// RUN: diff %t.serial.txt %t.np2.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 3 %t --orion-threads=2 > %t.np3.txt
// RUN: diff %t.serial.txt %t.np3.txt
#include <orion/orion.hpp>

#include <cstdint>
#include <cstdio>
#include <numeric>
#include <span>

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  const int64_t F = int64_t{1} << 14; // 128 KiB: above the size from which fills wait
  orion::DenseArray<int64_t, 1> w({F}), v({F});
  orion::DenseArray<double, 1> u({F});

  int64_t *p = w.data();
  w.fill(3);
  const int64_t read = p[5];
  p[6] = 7;
  // CHECK: read 3 written 7
  if (orion::is_root())
    std::printf("read %lld written %lld\n", static_cast<long long>(read),
                static_cast<long long>(w(6)));

  double &first = u(0);
  const std::span<double> all = u.row();
  u.fill_uniform(1.0, 2.0, 7);
  const double sum = std::accumulate(all.begin(), all.end(), 0.0);
  // CHECK: first 1.{{[0-9]+}} sum 2{{[0-9][0-9][0-9][0-9]}}.{{[0-9]+}}
  if (orion::is_root())
    std::printf("first %f sum %f\n", first, sum);

  // Untouched before the fill: written when first read, with the same values.
  v.fill(5);
  // CHECK: v 5 5
  if (orion::is_root())
    std::printf("v %lld %lld\n", static_cast<long long>(v(0)), static_cast<long long>(v(F - 1)));
  return 0;
}

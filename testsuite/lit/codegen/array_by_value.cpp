// An orion array copied whole in a loop body (an argument a function takes by value, whether
// orionc can read the function or not, a lambda's by-value parameter, a local copy) reads every
// element of it: a reference with unknown subscripts, like an array passed to a function orionc
// cannot read. Regression test: the copy left no reference at all; an ordered chain through a
// by-value helper ran as 1D and two ranks printed 1231234 for 1234567, and a loop that copied an
// array an earlier loop had left on the ranks that wrote it stopped on two ranks ("cannot be made
// whole inside a parallel loop").
// RUN: %orionc --dump=loops %s | FileCheck %s --check-prefix=DUMP
// RUN: %orionc --dump=loops -DOPAQUE %s | FileCheck %s --check-prefix=OPAQUE
// RUN: not %orionc -DCHAIN %s -o %t.chain 2>&1 | FileCheck %s --check-prefix=CHAIN
// RUN: %orionc %s -O1 -o %t
// RUN: c++ -std=c++20 -Wno-unknown-pragmas -I%runtime_include %s -o %t.serial
// RUN: %t.serial > %t.serial.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 %t --orion-threads=2 > %t.two.txt
// RUN: diff %t.serial.txt %t.two.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t --orion-threads=1 --orion-shard-min-bytes=0 > %t.np2.txt
// RUN: diff %t.serial.txt %t.np2.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 3 %t --orion-threads=2 --orion-shard-min-bytes=0 > %t.np3.txt
// RUN: diff %t.serial.txt %t.np3.txt
#include <orion/orion.hpp>

#include <cstdint>
#include <cstdio>

using A1 = orion::DenseArray<int64_t, 1>;

namespace {

// By value: writes only its own copy.
int64_t peek(A1 v, int64_t i) {
  v(0) = -1;
  return v(i) * 2;
}

} // namespace

int64_t opaque(A1 v, int64_t i); // declared only (-DOPAQUE: the dump, never linked)

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  const int64_t N = 12;
  A1 src({N}), dst({N});
  for (int64_t i = 0; i < N; ++i)
    src(i) = i + 1;
#ifdef CHAIN
  // CHAIN: array_by_value.cpp:[[@LINE+1]]:1: error: no parallel schedule for this loop: no 1D, 2D or unimodular schedule keeps these dependences: RAW
#pragma orion parallel_for ordered
  for (int64_t i = 1; i < N; ++i)
    src(i) = peek(src, i - 1) + 1;
#endif
  for (int epoch = 0; epoch < 2; ++epoch) {
    // Leaves src on the ranks that write its rows (with --orion-shard-min-bytes=0).
#pragma orion parallel_for
    for (int64_t i = 0; i < N; ++i)
      src(i) = src(i) * 3 % 101;
    // DUMP: loop 1 at {{.*}}array_by_value.cpp:[[@LINE+5]]:5
    // DUMP: read      src(?)
    // DUMP: read      src(?)
    // DUMP: read      src(?)
#pragma orion parallel_for
    for (int64_t i = 0; i < N; ++i) {
      const A1 copy = src;
      dst(i) += peek(src, N - 1 - i) + [](A1 v, int64_t j) { return v(j); }(src, i) + copy(0);
#ifdef OPAQUE
      dst(i) += opaque(src, i); // a function orionc cannot read, taking the array by value
#endif
    }
  }
  long long h = 0;
  for (int64_t i = 0; i < N; ++i)
    h = h * 31 + dst(i) + src(i);
  if (orion::is_root())
    std::printf("h %lld\n", h);
  return 0;
}
// OPAQUE: loop 1 at
// OPAQUE-COUNT-4: read      src(?)

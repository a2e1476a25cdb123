// Updates that C++ converts, and one accumulator under two names, give the serial program's result
// with one worker, bit for bit, and exact integers on several ranks. Regression tests:
// - `hits += 100` on `Accumulator &hits = count`, or a helper whose two accumulator parameters
//   are bound to one accumulator: each name's partial stored the running value back, so one
//   name's updates were lost (`count 0` for 11000, with one worker);
// - `F(b) += 0.1` on a relaxed float array converted 0.1 to float before adding; the serial
//   program rounds the double sum (and `int -= 0.5` subtracted 0; orionc now rejects that form
//   for relaxed integers, lit diagnostics/relax_rounded_update.cpp).
// RUN: c++ -std=c++20 -Wno-unknown-pragmas -I%runtime_include %s -o %t.serial
// RUN: %t.serial > %t.want
// RUN: %orionc %s -O1 -o %t
// RUN: %t --orion-threads=1 > %t.one
// RUN: diff %t.want %t.one
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t --orion-threads=2 > %t.two
// RUN: FileCheck %s --input-file=%t.two
#include <orion/orion.hpp>

#include <cstdint>
#include <cstdio>

using Counts = orion::Accumulator<long long>;

void tally(const orion::DenseArray<int64_t, 1> &x, Counts &small, Counts &large) {
  const int64_t n = x.extent(0);
#pragma orion parallel_for
  for (int64_t i = 0; i < n; ++i) {
    if (x(i) < 50)
      small += x(i);
    else
      large += 2 * x(i);
  }
}

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  const int64_t N = 1000;
  orion::DenseArray<int64_t, 1> x({N});
  for (int64_t i = 0; i < N; ++i)
    x(i) = i % 100;
  Counts count;
  Counts &hits = count;
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    count += 1;
    if (i % 10 == 0)
      hits += 100;
  }
  Counts total;
  tally(x, total, total);
  orion::DenseArray<float, 1> F({4}, 1.0f);
#pragma orion parallel_for relax(F)
  for (int64_t i = 0; i < N; ++i)
    F(i % 4) += 0.1 * static_cast<double>(x(i));
  const long long c = count.aggregate(), t = total.aggregate();
  if (orion::is_root()) {
    std::printf("count %lld\ntotal %lld\n", c, t);
    for (int64_t b = 0; b < 4; ++b)
      std::printf("F(%ld) %.9g\n", static_cast<long>(b), static_cast<double>(F(b)));
  }
  return 0;
}
// CHECK: count 11000
// CHECK: total 86750
// CHECK: F(0) 1201

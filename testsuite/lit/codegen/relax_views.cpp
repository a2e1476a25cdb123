// A relaxed array read as a whole: passed to a helper taking `const DenseArray &`, read through a
// row, kept as `auto r = A.row(d)`. These did not compile (no conversion from the body's view of a
// relaxed array, no row()), or were refused with advice for element proxies. They read the values
// at the last merge: with one worker that is everything, as in the serial build (line 2 equals
// the serial build's); with more, stale reads (line 2 differs) while the counts stay exact (line 1).
// RUN: %orionc %s -O1 -o %t
// RUN: c++ -std=c++20 -Wno-unknown-pragmas -I%runtime_include %s -o %t.serial
// RUN: %t.serial > %t.serial.txt
// RUN: FileCheck %s --input-file=%t.serial.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 %t --orion-threads=1 > %t.one.txt
// RUN: diff %t.serial.txt %t.one.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 %t --orion-threads=2 | head -1 > %t.two.txt
// RUN: head -1 %t.serial.txt | diff - %t.two.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 %mpiexec -np 2 %t | head -1 > %t.np2.txt
// RUN: head -1 %t.serial.txt | diff - %t.np2.txt
#include <orion/orion.hpp>

#include <cstdint>
#include <cstdio>

using Counts = orion::DenseArray<std::int64_t, 2>;

std::int64_t row_total(const Counts &c, std::int64_t d) {
  std::int64_t t = 0;
  for (std::int64_t k = 0; k < c.extent(1); ++k)
    t += c(d, k);
  return t;
}

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const std::int64_t N = 200, D = 5, K = 3;
  Counts c({D, K}, 0);
  orion::DenseArray<std::int64_t, 1> x({N});
  for (std::int64_t i = 0; i < N; ++i)
    x(i) = i;
  orion::Accumulator<std::int64_t> seen;
#pragma orion parallel_for relax(c)
  for (auto &&[k, v] : x) {
    const std::int64_t d = v % D;
    std::int64_t by_row = 0;
    for (const std::int64_t e : c.row(d))
      by_row += e;
    auto r = c.row(d);
    seen += row_total(c, d) + by_row + r[0];
    c(d, v % K) += 1;
  }
  const std::int64_t total = seen.aggregate();
  if (orion::is_root()) {
    for (std::int64_t d = 0; d < D; ++d)
      std::printf("%lld ", (long long)row_total(c, d));
    std::printf("\n%lld\n", (long long)total);
  }
}
// CHECK: 40 40 40 40 40

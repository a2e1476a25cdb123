// relax(...) merges every worker's commutative updates under every kind of schedule: a 2D
// rotation (rowsum local, colsum rotated), a 2D wavefront (ordered), a unimodular (skewed)
// wavefront and 1D. Integer totals, and every other result, equal the serial build's at any
// ranks x threads; --orion-replay-serial and --orion-check agree with the parallel run.
// Regression test: a relaxed array written under a rotation on two ranks was refused ("neither
// local nor rotated"); under threads its updates raced.
// RUN: %orionc --dump=deps %s | FileCheck %s
// RUN: %orionc %s -O1 -o %t
// RUN: c++ -std=c++20 -O1 -Wno-unknown-pragmas -I%runtime_include %s -o %t.serial
// RUN: %t.serial > %t.serial.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 %t --orion-threads=2 > %t.t2.txt
// RUN: diff %t.serial.txt %t.t2.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t --orion-threads=2 --orion-digest > %t.np2.txt 2> %t.np2.digest
// RUN: diff %t.serial.txt %t.np2.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t --orion-threads=2 --orion-digest --orion-replay-serial \
// RUN:   > %t.replay.txt 2> %t.replay.digest
// RUN: diff %t.np2.digest %t.replay.digest
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t --orion-threads=2 --orion-digest --orion-check \
// RUN:   > %t.check.txt 2> %t.check.digest
// RUN: diff %t.np2.digest %t.check.digest
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 4 %t --orion-threads=1 > %t.np4.txt
// RUN: diff %t.serial.txt %t.np4.txt
#include <orion/orion.hpp>

#include <cstdio>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t R = 48, C = 40;
  orion::SparseArray<int32_t, 2> cells({R, C});
  for (int64_t i = 0; i < R; ++i)
    for (int64_t j = 0; j < C; ++j)
      if ((i * 31 + j * 17) % 5 != 0)
        cells.push_back({i, j}, static_cast<int32_t>((i * 7 + j * 3) % 11));
  orion::DenseArray<int64_t, 2> rowsum({R, 4}), colsum({C, 4});
  orion::DenseArray<int64_t, 1> hist({11}), hist2({11}), hist3({11}), hist4({11});
  orion::DenseArray<double, 2> G({R, C}), S({R, C});
  // 2D rotation: rowsum local, colsum rotated, hist relaxed.
#pragma orion parallel_for relax(hist)
  for (auto &&[key, v] : cells) {
    rowsum(key[0], v % 4) += 1;
    colsum(key[1], v % 4) += 1;
    hist(v) += 1;
  }
  // 2D wavefront (ordered): Gauss-Seidel sweep with a relaxed histogram of rounded values.
#pragma orion parallel_for ordered relax(hist2)
  for (int64_t i = 1; i < R; ++i)
    for (int64_t j = 1; j < C; ++j) {
      G(i, j) = 0.5 * G(i - 1, j) + 0.25 * G(i, j - 1) + 1.0;
      ++hist2(static_cast<int64_t>(G(i, j)) % 11);
    }
  // Unimodular (skewed): the stencil needs a skew; hist3 relaxed.
#pragma orion parallel_for relax(hist3)
  for (int64_t i = 1; i < R; ++i)
    for (int64_t j = 1; j < C - 1; ++j) {
      S(i, j) = 0.3 * S(i - 1, j + 1) + 0.3 * S(i, j - 1) + 1.0;
      hist3((i + j) % 11) += 2;
      hist3((i + j) % 11)--;
    }
  // 1D: one block per worker.
#pragma orion parallel_for relax(hist4)
  for (int64_t i = 0; i < R; ++i)
    hist4((i * i) % 11) -= 1;
  long long t[4] = {0, 0, 0, 0}, rs = 0, cs = 0;
  for (int64_t b = 0; b < 11; ++b) {
    t[0] += hist(b);
    t[1] += hist2(b);
    t[2] += hist3(b);
    t[3] += hist4(b);
  }
  for (int64_t i = 0; i < R; ++i)
    for (int64_t k = 0; k < 4; ++k)
      rs += rowsum(i, k);
  for (int64_t j = 0; j < C; ++j)
    for (int64_t k = 0; k < 4; ++k)
      cs += colsum(j, k);
  if (orion::is_root())
    std::printf("%lld %lld %lld %lld %lld %lld %lld %lld %lld %.6f %.6f\n", t[0], t[1], t[2], t[3],
                rs, cs, static_cast<long long>(hist(3)), static_cast<long long>(hist2(5)),
                static_cast<long long>(hist3(7)), G(R - 1, C - 1), S(R - 1, C - 2));
}

// CHECK-LABEL: loop 0 at {{.*}}relax_schedules.cpp
// CHECK: schedule: 2d (0, 1)
// CHECK: rowsum{{ +}}local
// CHECK-NEXT: colsum{{ +}}rotated
// CHECK-NEXT: hist{{ +}}relaxed
// CHECK-LABEL: loop 1 at
// CHECK: schedule: 2d (0, 1)
// CHECK: hist2{{ +}}relaxed
// CHECK-LABEL: loop 2 at
// CHECK: schedule: unimodular (0, 1)
// CHECK: hist3{{ +}}relaxed
// CHECK-LABEL: loop 3 at
// CHECK: schedule: 1d (0)
// CHECK: hist4{{ +}}relaxed

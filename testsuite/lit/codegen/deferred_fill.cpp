// On several ranks a fill of a large DenseArray (fill, fill_normal, fill_uniform) is written when
// the array is first read (detail/pending_fill.hpp): driver code that reads it, a checkpoint, or a
// parallel loop. A loop that leaves a local array on the ranks that write its rows writes the
// fill on each rank in those rows only: driver code fills W on every rank before the first loop,
// and written whole it set a rank's peak memory on 8 ranks. Every value is the serial build's.
// RUN: %orionc %s -O1 -o %t
// RUN: c++ -std=c++20 -Wno-unknown-pragmas -I%runtime_include %s -o %t.serial
// RUN: rm -rf %t.ckpt-serial %t.ckpt-np2 %t.ckpt-np3 %t.ckpt-off %t.ckpt-check
// RUN: %t.serial %t.ckpt-serial > %t.serial.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t %t.ckpt-np2 --orion-threads=1 --orion-shard-min-bytes=0 --orion-verbose \
// RUN:   > %t.np2.txt 2> %t.np2.err
// RUN: diff %t.serial.txt %t.np2.txt
// RUN: FileCheck %s --input-file=%t.np2.err
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 3 %t %t.ckpt-np3 --orion-threads=2 --orion-shard-min-bytes=0 > %t.np3.txt
// RUN: diff %t.serial.txt %t.np3.txt
// With the arrays whole (--orion-distribute=off) or checked, the fills are written whole.
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t %t.ckpt-off --orion-threads=1 --orion-distribute=off --orion-verbose \
// RUN:   > %t.off.txt 2> %t.off.err
// RUN: diff %t.serial.txt %t.off.txt
// RUN: FileCheck %s --input-file=%t.off.err --check-prefix=WHOLE
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t %t.ckpt-check --orion-threads=1 --orion-shard-min-bytes=0 \
// RUN:   --orion-check > %t.check.txt
// RUN: diff %t.serial.txt %t.check.txt
#include <orion/orion.hpp>

#include <cstdint>
#include <cstdio>
#include <string>

namespace {

double sum(const orion::DenseArray<float, 2> &a) {
  double s = 0;
  for (int64_t r = 0; r < a.extent(0); ++r)
    for (int64_t c = 0; c < a.extent(1); ++c)
      s += static_cast<double>(a(r, c)) * static_cast<double>((r + 3 * c) % 11 + 1);
  return s;
}

} // namespace

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  if (argc < 2)
    return 2;
  const std::string dir = argv[1];
  // 3000 x 16 floats: 192 KB each, large enough to be filled when first read.
  const int64_t U = 3000, I = 200, K = 16;
  orion::DenseArray<float, 2> W({U, K}), H({I, K}), V({U, K}), X({U, K}), C({U, K});
  W.fill_normal(0.0f, 0.1f, 7);
  H.fill_uniform(-1.0f, 1.0f, 8); // small: written at once
  V.fill(0.5f);
  V.fill_uniform(0.0f, 2.0f, 10); // replaces the fill before, neither written yet
  X.fill_normal(1.0f, 0.5f, 9);
  const float x53 = X(5, 3); // driver code reads X before any loop: written whole here
  C.fill_normal(2.0f, 1.0f, 11);
  orion::checkpoint(dir, 1, C); // a checkpoint reads C: written whole first
  for (int pass = 0; pass < 3; ++pass) {
    // Each element of W is written by one iteration, from values that do not depend on the
    // order: the same bits as the serial build on any number of workers.
#pragma orion parallel_for
    for (int64_t u = 0; u < U; ++u) {
      const int64_t h = u % I; // a statement before the inner loop: a 1D space over u
      for (int64_t k = 0; k < K; ++k)
        W(u, k) = W(u, k) * 0.5f + H(h, k) + X(u, k);
    }
  }
  orion::DenseArray<float, 2> restored({U, K});
  const int64_t step = orion::restore(dir, restored);
  if (orion::is_root())
    std::printf("W %.9g V %.9g X %.9g x53 %.9g C %.9g restored %lld %.9g\n", sum(W), sum(V),
                sum(X), static_cast<double>(x53), sum(C), static_cast<long long>(step),
                sum(restored));
  return 0;
}

// CHECK: orion: loop {{.*}}deferred_fill.cpp:[[#LOOP:]]: 'W' ({{.*}} MB) stays on the ranks that write it
// CHECK-NEXT: orion: loop {{.*}}deferred_fill.cpp:[[#LOOP]]: the fill of 'W' that driver code asked for is written on each rank in the rows it holds (rows [0, 1500) on rank 0), not whole
// CHECK-NOT: the fill of
// WHOLE-NOT: the fill of

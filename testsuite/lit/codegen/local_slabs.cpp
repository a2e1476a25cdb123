// A local array (written by each worker in the rows of its users, W below) stays on the ranks
// that wrote it between runs of its loop instead of going to every rank after each run. What
// must see it whole still does: the next run of the same loop needs nothing moved, a loop that
// reads it in other slabs fetches only the rows each rank lacks, and driver code (every rank, the
// root only, a fill, a checkpoint and its restore) gathers it first. An array driver code keeps a
// pointer into (P) goes to every rank as before. Integer sums: every run prints what the serial
// build prints.
// RUN: %orionc %s -O1 -o %t
// RUN: c++ -std=c++20 -Wno-unknown-pragmas -I%runtime_include %s -o %t.serial
// RUN: rm -rf %t.ckpt-serial %t.ckpt-np2 %t.ckpt-np3 %t.ckpt-off %t.ckpt-small
// RUN: %t.serial %t.ckpt-serial > %t.serial.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t %t.ckpt-np2 --orion-threads=1 --orion-shard-min-bytes=0 --orion-verbose \
// RUN:   --orion-stats \
// RUN:   > %t.np2.txt 2> %t.np2.err
// RUN: diff %t.serial.txt %t.np2.txt
// RUN: FileCheck %s --input-file=%t.np2.err
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 3 %t %t.ckpt-np3 --orion-threads=2 --orion-shard-min-bytes=0 > %t.np3.txt
// RUN: diff %t.serial.txt %t.np3.txt
// With --orion-distribute=off every rank holds every array after every loop, as before; so does
// an array below --orion-shard-min-bytes (1 MiB by default; W here is 9.6 KB).
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t %t.ckpt-off --orion-threads=1 --orion-distribute=off \
// RUN:   --orion-shard-min-bytes=0 --orion-verbose \
// RUN:   > %t.off.txt 2> %t.off.err
// RUN: diff %t.serial.txt %t.off.txt
// RUN: FileCheck %s --input-file=%t.off.err --check-prefix=OFF
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t %t.ckpt-small --orion-threads=1 --orion-verbose \
// RUN:   > %t.small.txt 2> %t.small.err
// RUN: diff %t.serial.txt %t.small.txt
// RUN: FileCheck %s --input-file=%t.small.err --check-prefix=OFF
#include <orion/orion.hpp>

#include <cstdint>
#include <cstdio>
#include <string>

namespace {

int64_t checksum(const orion::DenseArray<int64_t, 2> &a) {
  int64_t s = 0;
  for (int64_t r = 0; r < a.extent(0); ++r)
    for (int64_t c = 0; c < a.extent(1); ++c)
      s = (s * 31 + a(r, c)) % 1000003;
  return s;
}

} // namespace

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  if (argc < 2)
    return 2;
  const std::string dir = argv[1];
  const int64_t U = 400, I = 120, K = 3;
  // R: users in a skewed order; T: other users, so that its partitions differ from R's.
  orion::SparseArray<int64_t, 2> R({U, I}), T({U, I});
  for (int64_t e = 0; e < 6000; ++e)
    R.push_back({(e % 97) * (e % 4 + 1), (e * 7919) % I}, e % 7 + 1);
  for (int64_t e = 0; e < 2000; ++e)
    T.push_back({(e * 13) % (U / 2) + (e % 3 == 0 ? U / 2 : 0), (e * 31) % I}, e % 5 + 1);
  orion::DenseArray<int64_t, 2> W({U, K}), H({I, K}), P({U, K});
  W.fill(1);
  H.fill(2);
  const int64_t *held = &P(0, 0); // driver code keeps a pointer into P: it stays whole
  orion::Accumulator<int64_t> dot;
  for (int epoch = 0; epoch < 4; ++epoch) {
    // histogram: rows split by their ratings, so a rank's rows are not an equal range.
#pragma orion parallel_for histogram
    for (auto &&[key, v] : R) {
      const int64_t u = key[0], i = key[1];
      for (int64_t k = 0; k < K; ++k) {
        W(u, k) += v * (k + 1);
        H(i, k) += v + k;
        P(u, k) += v;
      }
    }
    if (epoch == 1) {
      // W is left where its slabs were written: the checkpoint gathers it (its pieces are equal
      // ranges of rows).
      orion::checkpoint(dir, epoch, W);
    }
    if (epoch == 2)
      W.fill(7); // each rank fills the rows it holds; the next run writes the same rows
  }
  // A loop that also writes with a subscript from the data runs in lockstep with its writes
  // recorded, through views that reach W's elements through the DenseArray: they read the slab
  // shard where it is (regression test: they gathered it inside a worker, which stopped the run).
  orion::DenseArray<int64_t, 1> seen({8});
  for (int pass = 0; pass < 2; ++pass) {
#pragma orion parallel_for
    for (auto &&[key, v] : R) {
      W(key[0], 0) += v;
      H(key[1], 1) += 1;
      seen(v) = 1;
    }
  }
  // Reads W in T's slabs: each rank fetches the rows it lacks.
#pragma orion parallel_for
  for (auto &&[key, t] : T) {
    const int64_t u = key[0];
    for (int64_t k = 0; k < K; ++k)
      dot += W(u, k) * t;
  }
  // Only the root reads W here (orionc gathers it on every rank before); then driver code on every
  // rank reads the arrays, and the root prints.
  if (orion::is_root())
    std::printf("W(399, 2) %lld\n", static_cast<long long>(W(399, 2)));
  const int64_t sums[] = {dot.aggregate(), held[0],     held[K * (U - 1) + 2], checksum(W),
                          checksum(H),     checksum(P), seen(1) + seen(7)};
  if (orion::is_root())
    std::printf("dot %lld held %lld %lld W %lld H %lld P %lld seen %lld\n",
                static_cast<long long>(sums[0]), static_cast<long long>(sums[1]),
                static_cast<long long>(sums[2]), static_cast<long long>(sums[3]),
                static_cast<long long>(sums[4]), static_cast<long long>(sums[5]),
                static_cast<long long>(sums[6]));
  const int64_t step = orion::restore(dir, W);
  const int64_t restored = checksum(W);
  if (orion::is_root())
    std::printf("restored step %lld W %lld\n", static_cast<long long>(step),
                static_cast<long long>(restored));
  return 0;
}

// CHECK: orion: loop {{.*}}local_slabs.cpp:[[#LOOP:]]: 'W' ({{.*}} MB) stays on the ranks that write it
// CHECK-NOT: 'P' {{.*}} stays on the ranks
// CHECK: orion: 'W' ({{.*}} MB) gathered whole on every rank
// CHECK: orion: loop {{.*}}local_slabs.cpp:[[#LOOP]]: 'W' ({{.*}} MB) stays on the ranks that write it
// CHECK: orion: stats: loop {{.*}}local_slabs.cpp:[[#LOOP]]: all 2 rank(s) sent {{.*}} per run; the cost model predicted {{.*}} per pass (sent / model 1.000)
// OFF-NOT: stays on the ranks

// A block of a row-sorted file keeps each row's elements back to back after the block sort, so a
// loop writing that row would wait on every update; the runtime runs such blocks as two
// interleaved streams (docs/runtime.md, Partition). --orion-verbose names the loop and how many
// blocks (those whose sort kept enough of the rows together: the in-place sort moves some
// elements out of file order); a loop that only reads, a shuffled file and one worker run in storage order. The order
// depends on the stored data only: --orion-replay-serial and --orion-check print what the
// parallel run prints, at 2 threads and at 2 ranks.
// RUN: awk 'BEGIN { for (u = 0; u < 100; ++u) for (j = 0; j < 40; ++j) { i = (j * 17) % 40; print u, i, (u + i) % 5 + 1 } }' > %t.sorted.txt
// RUN: awk 'BEGIN { srand(7); for (u = 0; u < 100; ++u) for (i = 0; i < 40; ++i) printf "%.9f %d %d %d\n", rand(), u, i, (u + i) % 5 + 1 }' | sort -n | cut -d' ' -f2- > %t.shuffled.txt
// RUN: %orionc %s -O1 -o %t
// RUN: %t %t.sorted.txt --orion-threads=2 --orion-cache=off --orion-verbose > %t.t2.txt 2> %t.t2.err
// RUN: FileCheck %s --input-file=%t.t2.err --check-prefix=T2
// RUN: FileCheck %s --input-file=%t.t2.err --check-prefix=READS
// RUN: %t %t.sorted.txt --orion-threads=2 --orion-cache=off --orion-replay-serial > %t.t2r.txt
// RUN: diff %t.t2.txt %t.t2r.txt
// RUN: %t %t.sorted.txt --orion-threads=2 --orion-cache=off --orion-check > %t.t2c.txt
// RUN: diff %t.t2.txt %t.t2c.txt
// RUN: %t %t.shuffled.txt --orion-threads=2 --orion-cache=off --orion-verbose > /dev/null 2> %t.shuf.err
// RUN: FileCheck %s --input-file=%t.shuf.err --check-prefix=NONE
// RUN: %t %t.sorted.txt --orion-threads=1 --orion-cache=off --orion-verbose > /dev/null 2> %t.t1.err
// RUN: FileCheck %s --input-file=%t.t1.err --check-prefix=NONE
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t %t.sorted.txt --orion-threads=1 --orion-cache=off --orion-verbose \
// RUN:   > %t.np2.txt 2> %t.np2.err
// RUN: FileCheck %s --input-file=%t.np2.err --check-prefix=NP2
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t %t.sorted.txt --orion-threads=1 --orion-cache=off \
// RUN:   --orion-replay-serial > %t.np2r.txt
// RUN: diff %t.np2.txt %t.np2r.txt
//
// T2: orion: loop {{.*}}interleaved_streams.cpp:[[#TRAIN:]]: 2d (0, 1) [2D rotation], 2 worker(s) (1 rank(s) x 2 thread(s)), 2 x 2 blocks
// T2-NEXT: orion: loop {{.*}}interleaved_streams.cpp:[[#TRAIN]]: {{[1-4]}} of the 4 blocks rank 0 holds run as 2 interleaved streams (neighbouring elements in storage share a key coordinate the schedule partitions, and the body writes)
// T2-NOT: interleaved streams
// NP2: orion: loop {{.*}}interleaved_streams.cpp:[[#TRAIN:]]: 2d (0, 1) [2D rotation], 2 worker(s) (2 rank(s) x 1 thread(s)), 2 x 2 blocks
// NP2-NEXT: orion: loop {{.*}}interleaved_streams.cpp:[[#TRAIN]]: {{[12]}} of the 2 blocks rank 0 holds run as 2 interleaved streams
// NP2-NOT: interleaved streams
// The loop that only reads is never interleaved.
// READS: orion: loop {{.*}}interleaved_streams.cpp:[[#TEST:]]: 1d (0) [1D]
// READS-NOT: interleaved_streams.cpp:[[#TEST]]: {{.*}}interleaved streams
// NONE-NOT: interleaved streams
#include <orion/orion.hpp>

#include <cmath>
#include <cstdio>

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  auto ratings = orion::load_triplets<float>(argv[1]);
  const int64_t U = ratings.extent(0), I = ratings.extent(1);
  const int K = 4;
  orion::DenseArray<float, 2> W({U, K}), H({I, K});
  W.fill_normal(0.0f, 0.1f, 1);
  H.fill_normal(0.0f, 0.1f, 2);
  orion::Accumulator<double> sq_err;
  for (int epoch = 0; epoch < 3; ++epoch) {
#pragma orion parallel_for
    for (auto &&[key, r] : ratings) {
      const int64_t u = key[0], i = key[1];
      float pred = 0;
      for (int k = 0; k < K; ++k)
        pred += W(u, k) * H(i, k);
      const float e = r - pred;
      for (int k = 0; k < K; ++k) {
        const float w = W(u, k), h = H(i, k);
        W(u, k) = w + 0.05f * (e * h - 0.01f * w);
        H(i, k) = h + 0.05f * (e * w - 0.01f * h);
      }
    }
    // Reads only: nothing to wait for, so its blocks run in storage order.
#pragma orion parallel_for
    for (auto &&[key, r] : ratings) {
      float pred = 0;
      for (int k = 0; k < K; ++k)
        pred += W(key[0], k) * H(key[1], k);
      sq_err += (r - pred) * (r - pred);
    }
    const double rmse = std::sqrt(sq_err.aggregate() / ratings.nnz());
    sq_err.reset();
    if (orion::is_root())
      std::printf("epoch %d rmse %.9f\n", epoch, rmse);
  }
}

// --orion-stats sums the bytes all ranks sent for each loop and sets them against the cost model's
// bytes per pass for the schedule the loop ran, the figure that chose it. For a 2D rotation on
// ranks of one thread the two agree exactly: the rotated array goes once around the ring of
// workers, and each rank writes back its rows of both arrays. With threads too: the model counts
// the ring's hops between ranks, not the hand-offs between a rank's threads, which send nothing.
// RUN: %orionc %s -O1 -o %t
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t --orion-threads=1 --orion-stats 2> %t.np2.err | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --input-file=%t.np2.err --check-prefix=NP2
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 4 %t --orion-threads=1 --orion-stats 2> %t.np4.err | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --input-file=%t.np4.err --check-prefix=NP4
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t --orion-threads=2 --orion-stats 2> %t.t2.err | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --input-file=%t.t2.err --check-prefix=T2

#include <orion/orion.hpp>

#include <cstdint>
#include <cstdio>

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  const int64_t rows = 400, cols = 300, k = 8;
  orion::SparseArray<float, 2> ratings({rows, cols});
  for (int64_t n = 0; n < 6000; ++n)
    ratings.push_back({(n * 7919) % rows, (n * 104729) % cols}, static_cast<float>(n % 5));
  orion::DenseArray<float, 2> W({rows, k}), H({cols, k});
  W.fill(0.1f);
  H.fill(0.1f);
  for (int epoch = 0; epoch < 3; ++epoch) {
#pragma orion parallel_for
    for (auto &&[key, r] : ratings) {
      float pred = 0;
      for (int64_t c = 0; c < k; ++c)
        pred += W(key[0], c) * H(key[1], c);
      const float err = r - pred;
      for (int64_t c = 0; c < k; ++c) {
        const float w = W(key[0], c), h = H(key[1], c);
        W(key[0], c) = w + 0.01f * err * h;
        H(key[1], c) = h + 0.01f * err * w;
      }
    }
  }
  if (orion::is_root())
    std::printf("done\n");
  return 0;
}

// OUT: done

// W is 400 x 8 floats (12.8 kB), H 300 x 8 (9.6 kB). Two ranks: H once around (9.6 kB), then the
// rows of W and H each rank wrote, to the other (12.8 + 9.6 kB).
// NP2: orion: stats: loop {{.*}}stats_traffic.cpp:35: all 2 rank(s) sent 0.032 MB per run; the cost model predicted 0.032 MB per pass (sent / model 1.000){{$}}
// Four ranks: 3 x 9.6 kB around the ring, 3 x (12.8 + 9.6) kB written back.
// NP4: orion: stats: loop {{.*}}stats_traffic.cpp:35: all 4 rank(s) sent 0.096 MB per run; the cost model predicted 0.096 MB per pass (sent / model 1.000){{$}}
// Two ranks of two threads, 2 x 4 time parts of H: the first (staggered) pass passes every part
// from rank 0 to rank 1 (9.6 kB), each later one passes a part from worker g to g - 1 around the
// ring, crossing both rank boundaries unless it starts on a rank's last worker, the half of H
// (2 - 1/2 = 1.5 times 9.6 kB); each pass then writes back 12.8 + 9.6 kB. Per run:
// (9.6 + 2 x 14.4) / 3 + 22.4 = 35.2 kB.
// T2: orion: stats: loop {{.*}}stats_traffic.cpp:35: all 2 rank(s) sent 0.035 MB per run; the cost model predicted 0.035 MB per pass (sent / model 1.000){{$}}

// --orion-stats against the cost model for a rotation that runs in lockstep (it updates a relaxed
// array): after each round the time parts it used go to every other rank, so a pass sends each
// part of H once per use (P uses) to R - 1 ranks, and nothing is left to send at the end; W's
// rows go back to every rank as in a normal run. The relaxed counter's merges are not in the
// model (a few bytes per merge here).
// RUN: %orionc %s -O1 -o %t
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 3 %t --orion-threads=1 --orion-stats 2> %t.np3.err | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --input-file=%t.np3.err --check-prefix=NP3
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 3 %t --orion-threads=2 --orion-stats 2> %t.t2.err | FileCheck %s --check-prefix=OUT
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
  orion::DenseArray<int64_t, 1> updates({1});
  W.fill(0.1f);
  H.fill(0.1f);
  for (int epoch = 0; epoch < 3; ++epoch) {
#pragma orion parallel_for relax(updates)
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
      updates(0) += 1;
    }
  }
  if (orion::is_root())
    std::printf("updates %lld\n", static_cast<long long>(updates(0)));
  return 0;
}

// OUT: updates 18000

// W is 400 x 8 floats (12.8 kB), H 300 x 8 (9.6 kB). Three ranks of one thread: every part of H
// goes to the 2 other ranks after each of its 3 uses, 6 x 9.6 kB, and each rank's rows of W to the
// others, 2 x 12.8 kB: 83.2 kB (the hand-offs between workers, 2 + 2 x 9.6 kB written back, would
// be 64.0 kB).
// NP3: orion: stats: loop {{.*}}stats_lockstep.cpp:32: all 3 rank(s) sent 0.08{{[0-9]}} MB per run; the cost model predicted 0.083 MB per pass (sent / model 1.0{{[0-9]+}}){{$}}
// Three ranks of two threads: 6 uses of every part, 12 x 9.6 kB, and W's rows: 140.8 kB.
// T2: orion: stats: loop {{.*}}stats_lockstep.cpp:32: all 3 rank(s) sent 0.14{{[0-9]}} MB per run; the cost model predicted 0.141 MB per pass (sent / model 1.0{{[0-9]+}}){{$}}

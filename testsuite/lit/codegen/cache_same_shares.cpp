// A text load and a load from the binary cache give every rank the same elements: the first parallel
// loop places them where they run and each rank sorts its share into its blocks in the order they
// arrived, so other shares meant another order inside the blocks and another result. The same
// command printed other numbers once the cache existed (regression test: rank r kept the lines of
// its byte range after a text load, elements [nnz r / P, nnz (r + 1) / P) after a cache load; the
// lines here have very different lengths, so the two differ).
// RUN: %system_python -c "import sys; sys.stdout.write(''.join('{} {} {}\n'.format(e %% 50, (e * 7) %% 40, '{:.6f}'.format(((e * 13) %% 9) / 3.0) if e %% 3 else '1' + ' ' * 80) for e in range(3000)))" > %t.ratings
// RUN: %orionc %s -O1 -o %t
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t %t.ratings --orion-threads=2 --orion-cache=refresh > %t.text.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t %t.ratings --orion-threads=2 --orion-verbose > %t.cache.txt 2> %t.cache.err
// RUN: diff %t.text.txt %t.cache.txt
// RUN: FileCheck %s --input-file=%t.cache.err
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 3 %t %t.ratings --orion-threads=1 --orion-cache=refresh > %t.text3.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 3 %t %t.ratings --orion-threads=1 > %t.cache3.txt
// RUN: diff %t.text3.txt %t.cache3.txt
#include <orion/orion.hpp>

#include <cstdint>
#include <cstdio>

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  if (argc < 2)
    return 2;
  auto ratings = orion::load_triplets<float>(argv[1]);
  const int64_t K = 4;
  orion::DenseArray<float, 2> W({ratings.extent(0), K}), H({ratings.extent(1), K});
  W.fill(0.3f);
  H.fill(0.2f);
  orion::Accumulator<double> err;
  for (int epoch = 0; epoch < 3; ++epoch) {
#pragma orion parallel_for
    for (auto &&[key, r] : ratings) {
      float pred = 0;
      for (int64_t k = 0; k < K; ++k)
        pred += W(key[0], k) * H(key[1], k);
      const float e = r - pred;
      for (int64_t k = 0; k < K; ++k) {
        const float w = W(key[0], k), h = H(key[1], k);
        W(key[0], k) = w + 0.05f * e * h;
        H(key[1], k) = h + 0.05f * e * w;
      }
      err += static_cast<double>(e) * e;
    }
    const double sum = err.aggregate();
    err.reset();
    if (orion::is_root())
      std::printf("epoch %d %.9g\n", epoch, sum);
  }
  return 0;
}

// The second run read the cache the first one wrote.
// CHECK: orion: loaded '{{.*}}.ratings' from cache '{{.*}}.ratings.orion-cache'

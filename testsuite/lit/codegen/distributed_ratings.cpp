// On several ranks a loaded SparseArray is distributed: each rank keeps the lines it parsed, and
// the first parallel loop over it moves every element to the rank that runs it. Driver code that
// only the root runs and that reads the array would gather it on the root alone; orionc gathers
// it on every rank before that code, as it does for sharded dense arrays. Every run prints what
// the serial build does (the sum is exact; the RMSE of an unordered loop's other legal order is
// compared to 2 digits).
// RUN: awk 'BEGIN { for (n = 0; n < 3000; ++n) print (n * 7) % 200, (n * 13) % 150, n % 5 }' > %t.txt
// RUN: %orionc --emit=cpp %s -o %t.cpp
// RUN: FileCheck %s --input-file=%t.cpp --check-prefix=CODE
// RUN: %orionc %s -O1 -o %t
// RUN: c++ -std=c++20 -Wno-unknown-pragmas -I%runtime_include %s -o %t.serial
// RUN: %t.serial %t.txt > %t.serial.txt
// RUN: FileCheck %s --input-file=%t.serial.txt --check-prefix=OUT
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t %t.txt --orion-threads=1 --orion-cache=off --orion-verbose \
// RUN:   > %t.np2.txt 2> %t.np2.err
// RUN: diff %t.serial.txt %t.np2.txt
// RUN: FileCheck %s --input-file=%t.np2.err --check-prefix=VERBOSE
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 4 %t %t.txt --orion-threads=1 --orion-cache=off > %t.np4.txt
// RUN: diff %t.serial.txt %t.np4.txt
// The local array W (kept with its rows even when small: --orion-shard-min-bytes=0) becomes a slab
// shard before the loop places the ratings, so a rank gives back its pages of the other ranks'
// rows before its memory peaks, not after the loop (regression: the shard was made when the first
// run ended, and every rank held W whole through the placement).
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t %t.txt --orion-threads=1 --orion-cache=off --orion-verbose \
// RUN:   --orion-shard-min-bytes=0 > %t.slab.txt 2> %t.slab.err
// RUN: diff %t.serial.txt %t.slab.txt
// RUN: FileCheck %s --input-file=%t.slab.err --check-prefix=SLAB
#include <orion/orion.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  auto ratings = orion::load_triplets<float>(argv[1]);
  const int64_t k = 4;
  orion::DenseArray<float, 2> W({ratings.extent(0), k}), H({ratings.extent(1), k});
  W.fill(0.3f);
  H.fill(0.3f);
  orion::Accumulator<double> sq_err;
  for (int epoch = 0; epoch < 3; ++epoch) {
    sq_err.reset();
#pragma orion parallel_for
    for (auto &&[key, r] : ratings) {
      float pred = 0;
      for (int64_t c = 0; c < k; ++c)
        pred += W(key[0], c) * H(key[1], c);
      const float err = r - pred;
      sq_err += err * err;
      for (int64_t c = 0; c < k; ++c) {
        const float w = W(key[0], c);
        W(key[0], c) += 0.01f * (err * H(key[1], c) - 0.05f * w);
        H(key[1], c) += 0.01f * (err * w - 0.05f * H(key[1], c));
      }
    }
  }
  const double rmse = std::sqrt(sq_err.aggregate() / static_cast<double>(ratings.nnz()));
  if (orion::is_root()) {
    double sum = 0;
    for (auto &&[key, r] : ratings)
      sum += r;
    std::printf("%lld ratings, sum %.1f, rmse %.2f\n", static_cast<long long>(ratings.nnz()), sum,
                rmse);
  }
}
// CODE: ::orion::detail::make_whole(ratings); if (orion::is_root())
// OUT: 3000 ratings, sum 6000.0, rmse {{[0-9]\.[0-9][0-9]$}}
// VERBOSE: orion: loop {{.*}}distributed_ratings.cpp:{{[0-9]+}}: placed the elements of 'ratings' on the ranks that run them: rank 0 holds {{[0-9]+}} of 3000 and sent {{[0-9]+}}
// VERBOSE-NOT: placed the elements
// VERBOSE: orion: gathered a distributed SparseArray of 3000 elements whole on every rank

// SLAB: orion: loop {{.*}}distributed_ratings.cpp:[[#LOOP:]]: 'W' ({{.*}} MB) stays on the ranks that write it
// SLAB-NOT: 'H' {{.*}} stays on the ranks
// SLAB: orion: loop {{.*}}distributed_ratings.cpp:[[#LOOP]]: placed the elements of 'ratings' on the ranks that run them

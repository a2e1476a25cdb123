// The rotation depth k (time parts per worker) is chosen from the data when the user gives none:
// 1 when the ratings, as stored, are sorted by row (the rotation's space dimension; the columns
// of a row in any order), else 2. The order is checked before any loop moves the elements,
// across the ranks for a distributed array, so every split of two workers into ranks and threads
// picks the same k; --orion-rotation-depth overrides it. Every run prints what the serial build
// does (to 2 digits: another legal order).
// RUN: awk 'BEGIN { for (u = 0; u < 60; ++u) for (j = 0; j < 40; ++j) { i = (j * 17) % 40; if ((u * 7 + i * 3) % 4 == 0) print u, i, (u + i) % 5 } }' > %t.sorted.txt
// RUN: awk 'BEGIN { for (n = 0; n < 600; ++n) { m = (n * 367) % 600; print int(m / 10), (m % 10) * 4, m % 5 } }' > %t.shuffled.txt
// Each half in key order, the second before the first: each rank's share may be in order, the
// file is not.
// RUN: awk 'BEGIN { for (h = 1; h >= 0; --h) for (u = 30 * h; u < 30 * h + 30; ++u) for (i = 0; i < 40; i += 2) print u, i, (u + i) % 5 }' > %t.halves.txt
// RUN: %orionc %s -O1 -o %t
// RUN: c++ -std=c++20 -Wno-unknown-pragmas -I%runtime_include %s -o %t.serial
// RUN: %t.serial %t.sorted.txt > %t.serial.sorted.txt
// RUN: %t.serial %t.shuffled.txt > %t.serial.shuffled.txt
// RUN: %t.serial %t.halves.txt > %t.serial.halves.txt
// RUN: %t %t.sorted.txt --orion-threads=2 --orion-cache=off --orion-verbose > %t.t2.txt 2> %t.t2.err
// RUN: diff %t.serial.sorted.txt %t.t2.txt
// RUN: FileCheck %s --input-file=%t.t2.err --check-prefix=K1
// RUN: %t %t.shuffled.txt --orion-threads=2 --orion-cache=off --orion-verbose > %t.t2s.txt 2> %t.t2s.err
// RUN: diff %t.serial.shuffled.txt %t.t2s.txt
// RUN: FileCheck %s --input-file=%t.t2s.err --check-prefix=K2
// RUN: %t %t.sorted.txt --orion-threads=2 --orion-cache=off --orion-verbose \
// RUN:   --orion-rotation-depth=2 > %t.forced.txt 2> %t.forced.err
// RUN: diff %t.serial.sorted.txt %t.forced.txt
// RUN: FileCheck %s --input-file=%t.forced.err --check-prefix=K2
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t %t.sorted.txt --orion-threads=1 --orion-cache=off --orion-verbose \
// RUN:   > %t.np2.txt 2> %t.np2.err
// RUN: diff %t.serial.sorted.txt %t.np2.txt
// RUN: FileCheck %s --input-file=%t.np2.err --check-prefix=K1
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t %t.shuffled.txt --orion-threads=1 --orion-cache=off --orion-verbose \
// RUN:   > %t.np2s.txt 2> %t.np2s.err
// RUN: diff %t.serial.shuffled.txt %t.np2s.txt
// RUN: FileCheck %s --input-file=%t.np2s.err --check-prefix=K2
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t %t.halves.txt --orion-threads=1 --orion-cache=off --orion-verbose \
// RUN:   > %t.np2h.txt 2> %t.np2h.err
// RUN: diff %t.serial.halves.txt %t.np2h.txt
// RUN: FileCheck %s --input-file=%t.np2h.err --check-prefix=K2
#include <orion/orion.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  auto ratings = orion::load_triplets<float>(argv[1]);
  const int64_t k = 3;
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
  if (orion::is_root())
    std::printf("%lld ratings, rmse %.2f\n", static_cast<long long>(ratings.nnz()), rmse);
}
// K1: [2D rotation], 2 worker(s) {{.*}}, 2 x 2 blocks;
// K2: [2D rotation], 2 worker(s) {{.*}}, 2 x 4 blocks;

// A parallel loop over a const array: a const SparseArray (the executor still sorts its elements
// into blocks, which changes no element) and a const DenseArray. The generated program used to
// fail to compile (no for_each for a const space). Each run must print what the serial build
// prints, on threads and on ranks, with --orion-check.
// RUN: %orionc %s -O1 -o %t
// RUN: c++ -std=c++20 -O1 -Wno-unknown-pragmas -I%runtime_include %s -o %t.serial
// RUN: %t.serial > %t.serial.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 %t --orion-threads=2 > %t.t2.txt
// RUN: diff %t.serial.txt %t.t2.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t --orion-threads=2 --orion-check > %t.np2.txt
// RUN: diff %t.serial.txt %t.np2.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 3 %t --orion-threads=1 > %t.np3.txt
// RUN: diff %t.serial.txt %t.np3.txt
#include <orion/orion.hpp>

#include <cstdio>

static orion::SparseArray<float, 2> make_ratings(int64_t rows, int64_t cols) {
  orion::SparseArray<float, 2> out({rows, cols});
  for (int64_t n = 0; n < 4000; ++n)
    out.push_back({(n * 7919) % rows, (n * 104729) % cols}, static_cast<float>(n % 13) - 6.0f);
  return out;
}

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  const int64_t U = 97, I = 61;
  const auto ratings = make_ratings(U, I);
  orion::DenseArray<float, 2> W({U, 4});
  orion::Accumulator<double> loss;
  for (int epoch = 0; epoch < 3; ++epoch) {
#pragma orion parallel_for
    for (const auto &[key, r] : ratings) {
      for (int k = 0; k < 4; ++k)
        W(key[0], k) += r * (k + 1) + epoch;
      loss += r * r;
    }
  }
  const orion::DenseArray<float, 2> frozen = W;
  orion::DenseArray<double, 1> row_sums({U});
#pragma orion parallel_for
  for (auto &&[key, v] : frozen)
    row_sums(key[0]) += static_cast<double>(v) * (key[1] + 1);
  // Every figure is a sum of small integers, exact in any order; the key sum shows that the
  // elements survived the reordering.
  double total = 0;
  for (int64_t u = 0; u < U; ++u)
    total += row_sums(u);
  int64_t key_sum = 0;
  for (const auto &[key, r] : ratings)
    key_sum += key[0] * I + key[1];
  const double loss_total = loss.aggregate(); // collective: on every rank
  if (orion::is_root())
    std::printf("nnz %lld keys %lld loss %.1f sums %.1f\n", static_cast<long long>(ratings.nnz()),
                static_cast<long long>(key_sum), loss_total, total);
}

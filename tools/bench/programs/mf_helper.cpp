// SGD MF whose inner products and updates live in helper functions that take the factor arrays
// by reference, the rank read at run time. A benchmark variant (tools/bench/grid.py), not an
// example.
//
//   mf_helper TRAIN TEST [--epochs N] [--k RANK]
//
// Prints "epoch E train_rmse X test_rmse Y" per epoch on the root.
#include <orion/orion.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

using Factors = orion::DenseArray<float, 2>;

static float predict(const Factors &U, const Factors &V, int64_t u, int64_t v, int rank) {
  float sum = 0;
  for (int k = 0; k < rank; ++k)
    sum += U(u, k) * V(v, k);
  return sum;
}

static void sgd_step(Factors &U, Factors &V, int64_t u, int64_t v, int rank, float err,
                     float rate, float reg) {
  for (int k = 0; k < rank; ++k) {
    const float a = U(u, k), b = V(v, k);
    U(u, k) = a + rate * (err * b - reg * a);
    V(v, k) = b + rate * (err * a - reg * b);
  }
}

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  if (argc < 3) {
    if (orion::is_root())
      std::fprintf(stderr, "usage: mf_helper TRAIN TEST [--epochs N] [--k RANK]\n");
    return 2;
  }
  int epochs = 10, rank = 32;
  for (int a = 3; a + 1 < argc; ++a) {
    if (!std::strcmp(argv[a], "--epochs"))
      epochs = std::atoi(argv[a + 1]);
    else if (!std::strcmp(argv[a], "--k"))
      rank = std::atoi(argv[a + 1]);
  }
  auto ratings = orion::load_triplets<float>(argv[1]);
  auto probe = orion::load_triplets<float>(argv[2], {ratings.extent(0), ratings.extent(1)});
  Factors U({ratings.extent(0), rank}), V({ratings.extent(1), rank});
  U.fill_normal(0.0f, 0.1f, 7);
  V.fill_normal(0.0f, 0.1f, 8);
  orion::Accumulator<double> sse, probe_sse;
  for (int it = 0; it < epochs; ++it) {
#pragma orion parallel_for
    for (auto &&[key, r] : ratings) {
      const float err = r - predict(U, V, key[0], key[1], rank);
      sgd_step(U, V, key[0], key[1], rank, err, 0.05f, 0.01f);
      sse += err * err;
    }
#pragma orion parallel_for
    for (auto &&[key, r] : probe) {
      const float err = r - predict(U, V, key[0], key[1], rank);
      probe_sse += err * err;
    }
    const double train_rmse = std::sqrt(sse.aggregate() / ratings.nnz());
    const double test_rmse = std::sqrt(probe_sse.aggregate() / probe.nnz());
    sse.reset();
    probe_sse.reset();
    if (orion::is_root())
      std::printf("epoch %d train_rmse %.6f test_rmse %.6f\n", it, train_rmse, test_rmse);
  }
  return 0;
}

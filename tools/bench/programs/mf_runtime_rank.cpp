// SGD MF as an outside user wrote it: the rank is read at run time, the factors are P and Q, the
// update is written with `+=` on the elements. A benchmark variant (tools/bench/grid.py), not an
// example: it is here because orionc must be fast on programs the team did not write.
//
//   mf_runtime_rank TRAIN TEST [--epochs N] [--k RANK]
//
// Prints "epoch E train_rmse X test_rmse Y" per epoch on the root.
#include <orion/orion.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const char *train_path = nullptr, *test_path = nullptr;
  int epochs = 10, rank = 32;
  for (int a = 1; a < argc; ++a) {
    if (!std::strcmp(argv[a], "--epochs") && a + 1 < argc)
      epochs = std::atoi(argv[++a]);
    else if (!std::strcmp(argv[a], "--k") && a + 1 < argc)
      rank = std::atoi(argv[++a]);
    else if (!std::strncmp(argv[a], "--orion-", 8))
      continue;
    else if (!train_path)
      train_path = argv[a];
    else if (!test_path)
      test_path = argv[a];
  }
  if (!train_path || !test_path || epochs < 0 || rank <= 0) {
    if (orion::is_root())
      std::fprintf(stderr, "usage: mf_runtime_rank TRAIN TEST [--epochs N] [--k RANK]\n");
    return 2;
  }
  auto data = orion::load_triplets<float>(train_path);
  const int64_t n_users = data.extent(0), n_items = data.extent(1);
  auto held_out = orion::load_triplets<float>(test_path, {n_users, n_items});
  orion::DenseArray<float, 2> P({n_users, rank}), Q({n_items, rank});
  P.fill_normal(0.0f, 0.1f, 11);
  Q.fill_normal(0.0f, 0.1f, 12);
  const float eta = 0.05f, lambda = 0.01f;
  orion::Accumulator<double> loss, test_loss;
  for (int ep = 0; ep < epochs; ++ep) {
#pragma orion parallel_for
    for (auto &&[idx, val] : data) {
      const int64_t row = idx[0], col = idx[1];
      float dot = 0;
      for (int f = 0; f < rank; ++f)
        dot += P(row, f) * Q(col, f);
      const float err = val - dot;
      for (int f = 0; f < rank; ++f) {
        const float p = P(row, f), q = Q(col, f);
        P(row, f) += eta * (err * q - lambda * p);
        Q(col, f) += eta * (err * p - lambda * q);
      }
      loss += err * err;
    }
#pragma orion parallel_for
    for (auto &&[idx, val] : held_out) {
      float dot = 0;
      for (int f = 0; f < rank; ++f)
        dot += P(idx[0], f) * Q(idx[1], f);
      test_loss += (val - dot) * (val - dot);
    }
    const double tr = std::sqrt(loss.aggregate() / data.nnz());
    const double te = std::sqrt(test_loss.aggregate() / held_out.nnz());
    loss.reset();
    test_loss.reset();
    if (orion::is_root())
      std::printf("epoch %d train_rmse %.6f test_rmse %.6f\n", ep, tr, te);
  }
}

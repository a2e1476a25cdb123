// SGD MF written with row spans: `auto w = W.row(u)` and indexing into it, the rank read at run
// time. A benchmark variant (tools/bench/grid.py), not an example.
//
//   mf_row_span TRAIN TEST [--epochs N] [--k RANK]
//
// Prints "epoch E train_rmse X test_rmse Y" per epoch on the root.
#include <orion/orion.hpp>

#include <cmath>
#include <cstdio>
#include <string>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  std::string paths[2];
  int npaths = 0, epochs = 10;
  long K = 32;
  for (int a = 1; a < argc; ++a) {
    const std::string arg = argv[a];
    if (arg == "--epochs" && a + 1 < argc)
      epochs = std::stoi(argv[++a]);
    else if (arg == "--k" && a + 1 < argc)
      K = std::stol(argv[++a]);
    else if (arg.rfind("--", 0) != 0 && npaths < 2)
      paths[npaths++] = arg;
  }
  if (npaths != 2 || K <= 0) {
    if (orion::is_root())
      std::fprintf(stderr, "usage: mf_row_span TRAIN TEST [--epochs N] [--k RANK]\n");
    return 2;
  }
  auto R = orion::load_triplets<float>(paths[0]);
  auto T = orion::load_triplets<float>(paths[1], {R.extent(0), R.extent(1)});
  orion::DenseArray<float, 2> W({R.extent(0), K}), H({R.extent(1), K});
  W.fill_normal(0.0f, 0.1f, 5);
  H.fill_normal(0.0f, 0.1f, 6);
  const float lr = 0.05f, reg = 0.01f;
  orion::Accumulator<double> se, test_se;
  for (int e = 0; e < epochs; ++e) {
#pragma orion parallel_for
    for (auto &&[key, r] : R) {
      auto w = W.row(key[0]);
      auto h = H.row(key[1]);
      float pred = 0;
      for (long k = 0; k < K; ++k)
        pred += w[k] * h[k];
      const float err = r - pred;
      for (long k = 0; k < K; ++k) {
        const float wk = w[k];
        w[k] += lr * (err * h[k] - reg * wk);
        h[k] += lr * (err * wk - reg * h[k]);
      }
      se += err * err;
    }
#pragma orion parallel_for
    for (auto &&[key, r] : T) {
      auto w = W.row(key[0]);
      auto h = H.row(key[1]);
      float pred = 0;
      for (long k = 0; k < K; ++k)
        pred += w[k] * h[k];
      test_se += (r - pred) * (r - pred);
    }
    const double train_rmse = std::sqrt(se.aggregate() / R.nnz());
    const double test_rmse = std::sqrt(test_se.aggregate() / T.nnz());
    se.reset();
    test_se.reset();
    if (orion::is_root())
      std::printf("epoch %d train_rmse %.6f test_rmse %.6f\n", e, train_rmse, test_rmse);
  }
}

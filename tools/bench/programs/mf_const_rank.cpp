// SGD MF with the rank fixed at compile time (-DMF_RANK=16/32/64, default 32), the factors named
// user_f and item_f, and the update computed into temporaries first. A benchmark variant
// (tools/bench/grid.py), not an example.
//
//   mf_const_rank TRAIN TEST [--epochs N]
//
// Prints "epoch E train_rmse X test_rmse Y" per epoch on the root.
#include <orion/orion.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#ifndef MF_RANK
#define MF_RANK 32
#endif

constexpr int kRank = MF_RANK;
constexpr float kStep = 0.05f;
constexpr float kDecay = 0.01f;

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  const char *files[2] = {nullptr, nullptr};
  int n_files = 0, n_epochs = 10;
  for (int a = 1; a < argc; ++a) {
    if (!std::strcmp(argv[a], "--epochs") && a + 1 < argc)
      n_epochs = std::atoi(argv[++a]);
    else if (argv[a][0] != '-' && n_files < 2)
      files[n_files++] = argv[a];
  }
  if (n_files != 2 || n_epochs < 0) {
    if (orion::is_root())
      std::fprintf(stderr, "usage: mf_const_rank TRAIN TEST [--epochs N]\n");
    return 2;
  }
  const auto train = orion::load_triplets<float>(files[0]);
  const auto test = orion::load_triplets<float>(files[1], {train.extent(0), train.extent(1)});
  orion::DenseArray<float, 2> user_f({train.extent(0), kRank});
  orion::DenseArray<float, 2> item_f({train.extent(1), kRank});
  user_f.fill_normal(0.0f, 0.1f, 3);
  item_f.fill_normal(0.0f, 0.1f, 4);
  orion::Accumulator<double> train_se, test_se;

  for (int epoch = 0; epoch < n_epochs; ++epoch) {
#pragma orion parallel_for
    for (auto &&[ui, rating] : train) {
      const auto user = ui[0];
      const auto item = ui[1];
      float estimate = 0.0f;
      for (int c = 0; c < kRank; ++c)
        estimate += user_f(user, c) * item_f(item, c);
      const float residual = rating - estimate;
      for (int c = 0; c < kRank; ++c) {
        const float old_u = user_f(user, c);
        const float old_i = item_f(item, c);
        const float new_u = old_u + kStep * (residual * old_i - kDecay * old_u);
        const float new_i = old_i + kStep * (residual * old_u - kDecay * old_i);
        user_f(user, c) = new_u;
        item_f(item, c) = new_i;
      }
      train_se += residual * residual;
    }
#pragma orion parallel_for
    for (auto &&[ui, rating] : test) {
      float estimate = 0.0f;
      for (int c = 0; c < kRank; ++c)
        estimate += user_f(ui[0], c) * item_f(ui[1], c);
      test_se += (rating - estimate) * (rating - estimate);
    }
    const double train_rmse = std::sqrt(train_se.aggregate() / train.nnz());
    const double test_rmse = std::sqrt(test_se.aggregate() / test.nnz());
    train_se.reset();
    test_se.reset();
    if (orion::is_root())
      std::printf("epoch %d train_rmse %.6f test_rmse %.6f\n", epoch, train_rmse, test_rmse);
  }
  return 0;
}

// Sparse logistic regression with one parallel loop per epoch, for the served-array benchmark
// (tools/bench/served.py): the weights are relaxed (every worker's updates merged) and, on several
// ranks, served: sharded across the ranks, each block's rows prefetched by the slice orionc
// synthesizes. How often the workers' updates merge is the runtime's --orion-merge-every=N.
//
//   slr_served TRAIN TEST [--epochs N] [--lr R] [--reg L2]
//
// Built with -DSLR_REPEATED, the training loop carries `repeated`: every epoch runs the same
// blocks over the same samples, so each block's row lists are computed once.
//
// Prints per epoch (root only) the mean log-loss of the predictions made while training and the
// seconds the epoch's loop took, then the test log-loss and accuracy and this rank's peak RSS.
#include <orion/orion.hpp>

#include <sys/resource.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#ifdef SLR_REPEATED
#define SLR_TRAIN_LOOP _Pragma("orion parallel_for relax(w) repeated")
#else
#define SLR_TRAIN_LOOP _Pragma("orion parallel_for relax(w)")
#endif

namespace {

float sigmoid(float z) { return 1.0f / (1.0f + std::exp(-z)); }

double log_loss(float margin, bool positive) {
  const double z = positive ? margin : -margin;
  return std::fmax(-z, 0.0) + std::log1p(std::exp(-std::fabs(z)));
}

} // namespace

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  if (argc < 3) {
    if (orion::is_root())
      std::fputs("usage: slr_served TRAIN TEST [--epochs N] [--lr R] [--reg L2]\n", stderr);
    return 2;
  }
  int epochs = 5;
  float lr0 = 0.1f, reg = 1e-4f;
  for (int a = 3; a + 1 < argc; a += 2) {
    if (std::strcmp(argv[a], "--epochs") == 0)
      epochs = std::atoi(argv[a + 1]);
    else if (std::strcmp(argv[a], "--lr") == 0)
      lr0 = std::strtof(argv[a + 1], nullptr);
    else if (std::strcmp(argv[a], "--reg") == 0)
      reg = std::strtof(argv[a + 1], nullptr);
  }
  auto [X, y] = orion::load_libsvm<float>(argv[1]);
  auto [Xt, yt] = orion::load_libsvm<float>(argv[2]);
  const int64_t N = y.extent(0), F = X.extent(1);
  orion::DenseArray<float, 1> w({F + 1}); // w(F): the intercept
  orion::Accumulator<double> train_loss;

  for (int epoch = 0; epoch < epochs; ++epoch) {
    const float lr = lr0 / std::sqrt(1.0f + static_cast<float>(epoch));
    const auto start = std::chrono::steady_clock::now();
    SLR_TRAIN_LOOP
    for (int64_t s = 0; s < N; ++s) {
      float margin = w(F);
      for (auto &&[f, v] : X.row(s))
        margin += w(f) * v;
      const bool positive = y(s) > 0;
      const float g = sigmoid(margin) - (positive ? 1.0f : 0.0f);
      for (auto &&[f, v] : X.row(s))
        w(f) -= lr * (g * v + reg * w(f));
      w(F) -= lr * g;
      train_loss += log_loss(margin, positive);
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double loss = train_loss.aggregate() / static_cast<double>(N);
    train_loss.reset();
    if (orion::is_root())
      std::printf("epoch %d train_logloss %.6f seconds %.4f\n", epoch, loss, seconds);
  }

  const int64_t Nt = yt.extent(0);
  orion::Accumulator<double> test_loss, correct;
#pragma orion parallel_for
  for (int64_t s = 0; s < Nt; ++s) {
    float margin = w(F);
    for (auto &&[f, v] : Xt.row(s))
      if (f < F)
        margin += w(f) * v;
    const bool positive = yt(s) > 0;
    test_loss += log_loss(margin, positive);
    correct += (margin > 0) == positive ? 1.0 : 0.0;
  }
  const double loss = test_loss.aggregate() / static_cast<double>(Nt);
  const double accuracy = correct.aggregate() / static_cast<double>(Nt);
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  if (orion::is_root())
    std::printf("final test_logloss %.6f test_accuracy %.4f rank0_peak_rss_kb %ld\n", loss,
                accuracy, usage.ru_maxrss);
  return 0;
}

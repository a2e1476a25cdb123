// Sparse logistic regression by stochastic gradient descent.
//
//   slr TRAIN [TEST] [--epochs N] [--lr R] [--reg L2] [--sync S]
//
// TRAIN and TEST are LIBSVM files ("label fid:val ..."; a positive label is class 1, anything else
// class 0; tools/gen_libsvm writes them). The model is a weight per feature plus an intercept.
// Prints, on the root only, one line per epoch (the mean log-loss of the predictions made while
// training, each before its update) and a final line with the log-loss and accuracy of the model
// on TRAIN and, with TEST, on TEST.
//
// Every sample may touch any weight (feature ids come from the data), so the training loop has a
// dependence at every distance and no exact schedule. `relax(w)` accepts stale weights: each
// worker updates its own view of w, and the runtime adds every worker's updates into every copy
// when the loop ends. Only `+=` / `-=` on an element of w are allowed in that loop, which is what
// SGD needs. An epoch therefore runs as one loop per slice of S samples (--sync, default 64): a
// worker's view of w lags the others' by at most one slice. With one worker the run is the serial
// program, bit for bit.
//
// The same file is the serial program (any C++20 compiler, `#pragma orion` ignored) and the
// parallel one (through orionc).

#include <orion/orion.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string_view>

namespace {

constexpr const char *kUsage =
    "usage: slr TRAIN [TEST] [--epochs N] [--lr R] [--reg L2] [--sync S]\n";

struct Args {
  const char *train = nullptr;
  const char *test = nullptr;
  int epochs = 10;
  float lr = 0.1f;
  float reg = 1e-4f;
  int64_t sync = 64;
};

template <typename T> bool parse_number(std::string_view s, T &out) {
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && p == s.data() + s.size();
}

// Returns false on a usage error. Runtime flags (--orion-*) are skipped, so the parse does not
// depend on whether the Session already removed them.
bool parse_args(int argc, char **argv, Args &args) {
  for (int a = 1; a < argc; ++a) {
    const std::string_view arg = argv[a];
    if (arg.starts_with("--orion-"))
      continue;
    if (arg.starts_with("-")) {
      if (a + 1 >= argc)
        return false;
      const std::string_view v = argv[++a];
      bool ok = false;
      if (arg == "--epochs")
        ok = parse_number(v, args.epochs) && args.epochs >= 0;
      else if (arg == "--lr")
        ok = parse_number(v, args.lr) && args.lr > 0;
      else if (arg == "--reg")
        ok = parse_number(v, args.reg) && args.reg >= 0;
      else if (arg == "--sync")
        ok = parse_number(v, args.sync) && args.sync > 0;
      if (!ok)
        return false;
    } else if (!args.train) {
      args.train = argv[a];
    } else if (!args.test) {
      args.test = argv[a];
    } else {
      return false;
    }
  }
  return args.train != nullptr;
}

float sigmoid(float z) { return 1.0f / (1.0f + std::exp(-z)); }

// -log P(class | margin) without overflow for large |margin|: softplus(-z), z = +-margin.
double log_loss(float margin, bool positive) {
  const double z = positive ? margin : -margin;
  return std::fmax(-z, 0.0) + std::log1p(std::exp(-std::fabs(z)));
}

struct Eval {
  double loss, accuracy;
};

// Log-loss and accuracy of the model (w, bias = w(F)) on (X, y).
Eval evaluate(const orion::SparseArray<float, 2> &X, orion::DenseArray<float, 1> &y,
              orion::DenseArray<float, 1> &w, int64_t F) {
  orion::Accumulator<double> loss, correct;
#pragma orion parallel_for
  for (auto &&[key, label] : y) {
    const int64_t s = key[0];
    float margin = w(F);
    for (auto &&[f, v] : X.row(s))
      if (f < F) // a test feature never seen in training has no weight
        margin += w(f) * v;
    const bool positive = label > 0;
    loss += log_loss(margin, positive);
    correct += (margin > 0) == positive ? 1.0 : 0.0;
  }
  const double n = static_cast<double>(y.extent(0));
  return {loss.aggregate() / n, correct.aggregate() / n};
}

} // namespace

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  Args args;
  if (!parse_args(argc, argv, args)) {
    if (orion::is_root())
      std::fputs(kUsage, stderr);
    return 2;
  }

  auto [X, y] = orion::load_libsvm<float>(args.train);
  const int64_t N = y.extent(0), F = X.extent(1);
  if (N == 0) {
    if (orion::is_root())
      std::fprintf(stderr, "slr: %s: no samples\n", args.train);
    return 1;
  }
  // w(F) is the intercept: the classes need not be balanced.
  orion::DenseArray<float, 1> w({F + 1});
  orion::Accumulator<double> train_loss;

  for (int epoch = 0; epoch < args.epochs; ++epoch) {
    // 1/sqrt(t) decay: late epochs refine instead of bouncing between samples.
    const float lr = args.lr / std::sqrt(1.0f + static_cast<float>(epoch));
    const float reg = args.reg;
    // The epoch runs in slices of `sync` samples: the workers' updates of w are merged when a loop
    // ends, so a slice bounds how stale a worker's w can get. One loop per epoch would let every
    // worker take a whole epoch of steps from the same start and then add them all up, which
    // overshoots (the intercept most) once there are more than a couple of workers.
    for (int64_t begin = 0; begin < N; begin += args.sync) {
      const int64_t end = std::min(N, begin + args.sync);
#pragma orion parallel_for relax(w)
      for (int64_t s = begin; s < end; ++s) {
        float margin = w(F);
        for (auto &&[f, v] : X.row(s))
          margin += w(f) * v;
        const bool positive = y(s) > 0;
        const float g = sigmoid(margin) - (positive ? 1.0f : 0.0f);
        // Lazy L2: only the weights of this sample's features shrink, as usual for sparse SGD.
        for (auto &&[f, v] : X.row(s))
          w(f) -= lr * (g * v + reg * w(f));
        w(F) -= lr * g;
        train_loss += log_loss(margin, positive);
      }
    }
    const double loss = train_loss.aggregate() / static_cast<double>(N);
    train_loss.reset();
    if (orion::is_root())
      std::printf("epoch %d train_logloss %.6f\n", epoch, loss);
  }

  const Eval train = evaluate(X, y, w, F);
  if (!args.test) {
    if (orion::is_root())
      std::printf("final train_logloss %.6f train_accuracy %.4f\n", train.loss, train.accuracy);
    return 0;
  }
  auto [Xt, yt] = orion::load_libsvm<float>(args.test);
  if (yt.extent(0) == 0) {
    if (orion::is_root())
      std::fprintf(stderr, "slr: %s: no samples\n", args.test);
    return 1;
  }
  const Eval test = evaluate(Xt, yt, w, F);
  if (orion::is_root())
    std::printf("final train_logloss %.6f train_accuracy %.4f test_logloss %.6f "
                "test_accuracy %.4f\n",
                train.loss, train.accuracy, test.loss, test.accuracy);
  return 0;
}

// Sparse logistic regression by SGD with AdaGrad step sizes, through an orion::Buffer.
//
//   slr_adagrad TRAIN [TEST] [--epochs N] [--lr R] [--reg L2] [--delay D]
//
// Same data, model and output as slr.cpp (LIBSVM files, a weight per feature plus an intercept;
// one line per epoch with the mean log-loss seen while training, then the final log-loss and
// accuracy on TRAIN and TEST). The step of each weight is lr / sqrt(sum of its squared gradients),
// so each parameter is a struct of the weight and its AdaGrad sum.
//
// AdaGrad's update is not a `+=` on the weight (the step depends on the weight's own history), so
// relax() cannot take it; the loop writes the gradients into a Buffer instead. Each worker sums
// the gradients of one parameter (the combiner adds both fields) and `apply` runs the AdaGrad step
// once per combined gradient, at least every D iterations of the worker (--delay, default 16) and
// at the end of the loop; the body reads the parameters directly and sees other workers' steps
// after their flushes. Buffered writes are exempt from the dependence analysis, so the loop is an
// ordinary 1D loop. With one worker every gradient is applied at once: the serial program, bit
// for bit.
//
// The same file is the serial program (any C++20 compiler, `#pragma orion` ignored) and the
// parallel one (through orionc).

#include <orion/orion.hpp>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string_view>

namespace {

constexpr const char *kUsage =
    "usage: slr_adagrad TRAIN [TEST] [--epochs N] [--lr R] [--reg L2] [--delay D]\n";

struct Args {
  const char *train = nullptr;
  const char *test = nullptr;
  int epochs = 10;
  float lr = 0.1f;
  float reg = 1e-4f;
  int64_t delay = 16;
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
      else if (arg == "--delay")
        ok = parse_number(v, args.delay) && args.delay > 0;
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

// One parameter: its weight and AdaGrad's sum of squared gradients. As a Buffer update it carries
// a gradient and that gradient's square.
struct Param {
  float w, g2;
};

Param add(const Param &a, const Param &b) { return {a.w + b.w, a.g2 + b.g2}; }

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
              orion::DenseArray<Param, 1> &w, int64_t F) {
  orion::Accumulator<double> loss, correct;
#pragma orion parallel_for
  for (auto &&[key, label] : y) {
    const int64_t s = key[0];
    float margin = w(F).w;
    for (auto &&[f, v] : X.row(s))
      if (f < F) // a test feature never seen in training has no weight
        margin += w(f).w * v;
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
      std::fprintf(stderr, "slr_adagrad: %s: no samples\n", args.train);
    return 1;
  }
  // w(F) is the intercept: the classes need not be balanced.
  orion::DenseArray<Param, 1> w({F + 1});
  orion::Accumulator<double> train_loss;
  const float lr = args.lr, reg = args.reg;
  // The AdaGrad step for a (combined) gradient g: the sum of squares grows first, so the first
  // step of a weight is lr * sign(g), not a division by zero.
  orion::Buffer<Param, 1> adagrad(
      w,
      [lr](Param &p, const Param &g) {
        p.g2 += g.g2;
        p.w -= lr * g.w / std::sqrt(p.g2);
      },
      orion::max_delay(args.delay), add);

  for (int epoch = 0; epoch < args.epochs; ++epoch) {
#pragma orion parallel_for
    for (auto &&[key, label] : y) {
      const int64_t s = key[0];
      float margin = w(F).w;
      for (auto &&[f, v] : X.row(s))
        margin += w(f).w * v;
      const bool positive = label > 0;
      const float g = sigmoid(margin) - (positive ? 1.0f : 0.0f);
      // Lazy L2: only the weights of this sample's features shrink, as usual for sparse SGD.
      for (auto &&[f, v] : X.row(s)) {
        const float grad = g * v + reg * w(f).w;
        adagrad(f) += Param{grad, grad * grad};
      }
      adagrad(F) += Param{g, g * g};
      train_loss += log_loss(margin, positive);
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
      std::fprintf(stderr, "slr_adagrad: %s: no samples\n", args.test);
    return 1;
  }
  const Eval test = evaluate(Xt, yt, w, F);
  if (orion::is_root())
    std::printf("final train_logloss %.6f train_accuracy %.4f test_logloss %.6f "
                "test_accuracy %.4f\n",
                train.loss, train.accuracy, test.loss, test.accuracy);
  return 0;
}

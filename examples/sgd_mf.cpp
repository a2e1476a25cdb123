// Matrix factorization by stochastic gradient descent: ratings ~ W * H^T.
//
//   sgd_mf TRAIN [TEST] [--epochs N] [--checkpoint DIR]
//
// TRAIN and TEST are "row col value" files (0-based ids; tools/gen_ratings writes them). Prints,
// on the root only, one line per epoch: the training RMSE (of the errors seen while training,
// before each update) and, with TEST, the RMSE of the model on the test set after the epoch.
//
// With --checkpoint, the factors are saved to DIR after every epoch, and a run that finds a
// checkpoint in DIR starts after the epoch it holds: a killed run, started again with the same
// arguments, prints the epochs it had not finished.
//
// TEST is loaded with the extents of TRAIN: a test rating whose row or column does not occur in
// TRAIN's range would have no trained factors (cold start), and is an error naming file:line.
// gen_ratings never writes such ratings.
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

constexpr const char *kUsage = "usage: sgd_mf TRAIN [TEST] [--epochs N] [--checkpoint DIR]\n";

struct Args {
  const char *train = nullptr;
  const char *test = nullptr;
  const char *checkpoint = nullptr;
  int epochs = 20;
};

// Returns false on a usage error. Runtime flags (--orion-*) are skipped, so the parse does not
// depend on whether the Session already removed them.
bool parse_args(int argc, char **argv, Args &args) {
  for (int a = 1; a < argc; ++a) {
    const std::string_view arg = argv[a];
    if (arg.starts_with("--orion-"))
      continue;
    if (arg == "--epochs") {
      if (a + 1 >= argc)
        return false;
      const std::string_view v = argv[++a];
      const auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), args.epochs);
      if (ec != std::errc() || p != v.data() + v.size() || args.epochs < 0)
        return false;
    } else if (arg == "--checkpoint") {
      if (a + 1 >= argc)
        return false;
      args.checkpoint = argv[++a];
    } else if (arg.starts_with("-")) {
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

// An empty file has no RMSE; every rank returns the same status, no collective is pending.
int no_ratings(const char *path) {
  if (orion::is_root())
    std::fprintf(stderr, "sgd_mf: %s: no ratings\n", path);
  return 1;
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

  auto ratings = orion::load_triplets<float>(args.train);
  if (ratings.nnz() == 0)
    return no_ratings(args.train);
  const int64_t U = ratings.extent(0), I = ratings.extent(1);
  // K above the true rank of gen_ratings data; lr and reg tuned on it (docs/examples.md).
  const int K = 16;
  const float lr = 0.05f, reg = 0.01f;
  orion::DenseArray<float, 2> W({U, K}), H({I, K});
  W.fill_normal(0.0f, 0.1f, /*seed=*/1);
  H.fill_normal(0.0f, 0.1f, /*seed=*/2);
  orion::Accumulator<double> sq_err;

  orion::SparseArray<float, 2> test;
  if (args.test) {
    test = orion::load_triplets<float>(args.test, {U, I});
    if (test.nnz() == 0)
      return no_ratings(args.test);
  }
  orion::Accumulator<double> test_sq_err;

  int first_epoch = 0;
  if (args.checkpoint)
    first_epoch = static_cast<int>(orion::restore(args.checkpoint, W, H)) + 1;

  for (int epoch = first_epoch; epoch < args.epochs; ++epoch) {
#pragma orion parallel_for histogram
    for (auto &&[key, r] : ratings) {
      const int64_t u = key[0], i = key[1];
      float pred = 0;
      for (int k = 0; k < K; ++k)
        pred += W(u, k) * H(i, k);
      const float e = r - pred;
      for (int k = 0; k < K; ++k) {
        const float w = W(u, k), h = H(i, k);
        W(u, k) = w + lr * (e * h - reg * w);
        H(i, k) = h + lr * (e * w - reg * h);
      }
      sq_err += e * e;
    }
    const double train_rmse = std::sqrt(sq_err.aggregate() / static_cast<double>(ratings.nnz()));
    sq_err.reset();
    if (args.checkpoint)
      orion::checkpoint(args.checkpoint, epoch, W, H);
    if (!args.test) {
      if (orion::is_root())
        std::printf("epoch %d train_rmse %.6f\n", epoch, train_rmse);
      continue;
    }

#pragma orion parallel_for
    for (auto &&[key, r] : test) {
      const int64_t u = key[0], i = key[1];
      float pred = 0;
      for (int k = 0; k < K; ++k)
        pred += W(u, k) * H(i, k);
      const float e = r - pred;
      test_sq_err += e * e;
    }
    const double test_rmse = std::sqrt(test_sq_err.aggregate() / static_cast<double>(test.nnz()));
    test_sq_err.reset();
    if (orion::is_root())
      std::printf("epoch %d train_rmse %.6f test_rmse %.6f\n", epoch, train_rmse, test_rmse);
  }
  return 0;
}

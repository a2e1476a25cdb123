// Matrix factorization by SGD with adaptive revision (AdaRevision, McMahan & Streeter, NIPS
// 2014), as in Orion's sgd_mf_adarevision: ratings ~ W * H^T.
//
//   sgd_mf_adarev TRAIN TEST [--epochs N] [--lr A] [--delay D]
//
// TRAIN and TEST are "row col value" files (tools/gen_ratings). Prints, on the root only, one line
// per epoch with the training RMSE (of the errors seen while training, each before its update),
// and a final line with the training and test RMSE of the model after the last epoch.
//
// The loop runs over the ratings, 1D across rows: a row's factors W(u, :) are local to the worker
// that owns the row, and are updated in place with AdaGrad steps (their squared-gradient sums
// Wg2 are local too). The item factors H(i, :) are shared by all workers; their updates go through
// an orion::Buffer, so they are exempt from the dependence analysis and reach the other workers
// after at most D iterations of a worker (--delay, default 64). AdaRevision makes those delayed
// updates safe: every element of H carries, next to its value x, the sum gsum of all gradients
// applied to it and AdaGrad's accumulator z (with its running maximum zmax). A worker sends each
// gradient g together with the gsum it saw when it read x; when the update is applied, the
// gradients other workers applied since that read, g_bck = gsum - gsum_read, were computed
// without knowing about g. AdaRevision then
//
//   eta_old = lr / sqrt(zmax);  z += g^2 + 2 g g_bck;  zmax = max(zmax, z);
//   eta = lr / sqrt(zmax);      x += -eta g + (eta_old - eta) g_bck;  gsum += g;
//
// i.e. it counts g's interaction with the updates it missed in the step size, and revises those
// updates' steps down to the new step size.
//
// Simplifications of the paper's algorithm: one step size per element rather than per coordinate
// of a sparse vector is the same thing here; the gradients one worker buffers for one element
// between flushes are summed (the combiner) and applied as one gradient, with the gsum of the
// worker's first read of the element (the oldest, so g_bck covers every update the worker may
// have missed); and z and zmax start at 1 instead of 0, so a first gradient does not take a full
// lr-sized step. With one worker every gradient is applied at once, g_bck is always 0, and the
// update is plain AdaGrad: exactly the serial program.
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
    "usage: sgd_mf_adarev TRAIN TEST [--epochs N] [--lr A] [--delay D]\n";

struct Args {
  const char *train = nullptr;
  const char *test = nullptr;
  int epochs = 20;
  float lr = 0.2f;
  int64_t delay = 64;
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
  return args.test != nullptr;
}

// An element of H, and (with x, z and zmax unused) an update of one: the gradient in gsum and the
// gsum its worker read in gsum_read.
struct Factor {
  float x, gsum, z, zmax, gsum_read;
};

Factor combine(const Factor &a, const Factor &b) {
  return {0.0f, a.gsum + b.gsum, 0.0f, 0.0f, a.gsum_read};
}

int no_ratings(const char *path) {
  if (orion::is_root())
    std::fprintf(stderr, "sgd_mf_adarev: %s: no ratings\n", path);
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
  auto test = orion::load_triplets<float>(args.test, {U, I});
  if (test.nnz() == 0)
    return no_ratings(args.test);

  const int K = 16;
  const float lr = args.lr, reg = 0.01f;
  orion::DenseArray<float, 2> W({U, K}), Wg2({U, K});
  W.fill_normal(0.0f, 0.1f, /*seed=*/1);
  Wg2.fill(1.0f);
  orion::DenseArray<Factor, 2> H({I, K});
  for (int64_t i = 0; i < I; ++i)
    for (int64_t k = 0; k < K; ++k)
      H(i, k) = Factor{static_cast<float>(orion::rng().normal(0.0, 0.1)), 0.0f, 1.0f, 1.0f, 0.0f};

  orion::Buffer<Factor, 2> h_updates(
      H,
      [lr](Factor &h, const Factor &u) {
        const float g = u.gsum, g_bck = h.gsum - u.gsum_read;
        const float eta_old = lr / std::sqrt(h.zmax);
        h.z += g * g + 2.0f * g * g_bck;
        h.zmax = std::max(h.zmax, h.z);
        const float eta = lr / std::sqrt(h.zmax);
        h.x += -eta * g + (eta_old - eta) * g_bck;
        h.gsum += g;
      },
      orion::max_delay(args.delay), combine);
  orion::Accumulator<double> sq_err, test_sq_err;

  double train_rmse = 0;
  for (int epoch = 0; epoch < args.epochs; ++epoch) {
#pragma orion parallel_for histogram
    for (auto &&[key, r] : ratings) {
      const int64_t u = key[0], i = key[1];
      float pred = 0;
      for (int k = 0; k < K; ++k)
        pred += W(u, k) * H(i, k).x;
      const float e = r - pred;
      for (int k = 0; k < K; ++k) {
        const float w = W(u, k), h = H(i, k).x;
        // Gradients of (r - pred)^2 / 2 + reg (w^2 + h^2) / 2.
        const float gw = reg * w - e * h, gh = reg * h - e * w;
        Wg2(u, k) += gw * gw;
        W(u, k) = w - lr * gw / std::sqrt(Wg2(u, k));
        h_updates(i, k) += Factor{0.0f, gh, 0.0f, 0.0f, H(i, k).gsum};
      }
      sq_err += e * e;
    }
    train_rmse = std::sqrt(sq_err.aggregate() / static_cast<double>(ratings.nnz()));
    sq_err.reset();
    if (orion::is_root())
      std::printf("epoch %d train_rmse %.6f\n", epoch, train_rmse);
  }

#pragma orion parallel_for
  for (auto &&[key, r] : test) {
    const int64_t u = key[0], i = key[1];
    float pred = 0;
    for (int k = 0; k < K; ++k)
      pred += W(u, k) * H(i, k).x;
    const float e = r - pred;
    test_sq_err += e * e;
  }
  const double test_rmse = std::sqrt(test_sq_err.aggregate() / static_cast<double>(test.nnz()));
  if (orion::is_root())
    std::printf("final train_rmse %.6f test_rmse %.6f\n", train_rmse, test_rmse);
  return 0;
}

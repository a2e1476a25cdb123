// stratified_sgd: the hand-written std::thread SGD matrix factorization that orionc is measured
// against (the project's throughput target): the manual parallelization a user would write
// instead of annotating examples/sgd_mf.cpp.
//
//   stratified_sgd TRAIN [TEST] [--threads P] [--epochs N]
//
// The ratings are cut into P x P blocks (row ranges x column ranges, each cut balancing the number
// of ratings, since gen_ratings data is Zipf-skewed). An epoch is P strata; in stratum s thread p
// trains block (p, (p + s) mod P), so no two threads touch the same rows of W or H, and a barrier
// separates strata. Each block's ratings are shuffled once (fixed seed), as DSGD prescribes: in
// file order (sorted by row) consecutive updates of one row of W would wait on each other. The
// model, hyper-parameters, initialization and output lines are those of
// examples/sgd_mf.cpp, so the harness can compare RMSEs line by line:
//
//   stdout: epoch E train_rmse X [test_rmse Y]
//   stderr: load_seconds S, then epoch_seconds E S per epoch (parsed by tools/bench/run_bench.py)
//
// The visiting order differs from the serial program (block by block instead of file order), so
// the RMSEs agree only approximately, as they do for the orionc build.

#include <orion/dense_array.hpp>
#include <orion/loaders.hpp>
#include <orion/session.hpp>

#include <algorithm>
#include <barrier>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <random>
#include <string_view>
#include <thread>
#include <vector>

namespace {

constexpr const char *kUsage = "usage: stratified_sgd TRAIN [TEST] [--threads P] [--epochs N]\n";

// Same values as examples/sgd_mf.cpp; K is a compile-time constant there too.
constexpr int K = 16;
constexpr float kLr = 0.05f, kReg = 0.01f;

struct Args {
  const char *train = nullptr;
  const char *test = nullptr;
  int epochs = 20;
  int threads = 0; // 0: std::thread::hardware_concurrency()
};

bool parse_int(std::string_view v, int &out) {
  const auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), out);
  return ec == std::errc() && p == v.data() + v.size();
}

bool parse_args(int argc, char **argv, Args &args) {
  for (int a = 1; a < argc; ++a) {
    const std::string_view arg = argv[a];
    if (arg == "--epochs" || arg == "--threads") {
      if (a + 1 >= argc)
        return false;
      int &target = arg == "--epochs" ? args.epochs : args.threads;
      if (!parse_int(argv[++a], target) || target < 0)
        return false;
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

// 32-bit ids: what a hand-tuned program stores (12 bytes per rating instead of 20), which keeps
// the baseline honest as the fast reference rather than a copy of the runtime's layout.
struct Rating {
  std::int32_t u, i;
  float r;
};

/// P + 1 cut points over [0, extent) so that each range holds about nnz / P ratings.
std::vector<std::int64_t> balanced_cuts(const std::vector<std::int64_t> &counts, int parts) {
  std::int64_t total = 0;
  for (const std::int64_t c : counts)
    total += c;
  std::vector<std::int64_t> cuts{0};
  std::int64_t seen = 0;
  for (std::size_t id = 0; id < counts.size() && static_cast<int>(cuts.size()) < parts; ++id) {
    seen += counts[id];
    if (seen * parts >= total * static_cast<std::int64_t>(cuts.size()))
      cuts.push_back(static_cast<std::int64_t>(id) + 1);
  }
  while (static_cast<int>(cuts.size()) <= parts)
    cuts.push_back(static_cast<std::int64_t>(counts.size()));
  cuts.back() = static_cast<std::int64_t>(counts.size());
  return cuts;
}

int range_of(const std::vector<std::int64_t> &cuts, std::int64_t id) {
  return static_cast<int>(std::upper_bound(cuts.begin(), cuts.end(), id) - cuts.begin()) - 1;
}

/// blocks[bu * P + bi]: the ratings of row range bu and column range bi, in file order (rows
/// ascending for gen_ratings output), which keeps W accesses sequential within a block.
std::vector<std::vector<Rating>> make_blocks(const orion::SparseArray<float, 2> &ratings, int P) {
  std::vector<std::int64_t> row_counts(static_cast<std::size_t>(ratings.extent(0)));
  std::vector<std::int64_t> col_counts(static_cast<std::size_t>(ratings.extent(1)));
  for (auto &&[key, r] : ratings) {
    ++row_counts[static_cast<std::size_t>(key[0])];
    ++col_counts[static_cast<std::size_t>(key[1])];
  }
  const auto row_cuts = balanced_cuts(row_counts, P);
  const auto col_cuts = balanced_cuts(col_counts, P);
  std::vector<std::vector<Rating>> blocks(static_cast<std::size_t>(P) * P);
  for (auto &&[key, r] : ratings)
    blocks[static_cast<std::size_t>(range_of(row_cuts, key[0])) * P + range_of(col_cuts, key[1])]
        .push_back({static_cast<std::int32_t>(key[0]), static_cast<std::int32_t>(key[1]), r});
  std::mt19937_64 rng(1);
  for (std::vector<Rating> &block : blocks)
    std::shuffle(block.begin(), block.end(), rng);
  return blocks;
}

/// The update of examples/sgd_mf.cpp's loop body, on raw rows; returns the squared error seen.
// A row of W and a row of H never overlap: __restrict lets the compiler vectorize the update
// without a run-time overlap check (what a user tuning this loop by hand would write).
inline float sgd_step(float *__restrict w, float *__restrict h, float r) {
  float pred = 0;
  for (int k = 0; k < K; ++k)
    pred += w[k] * h[k];
  const float e = r - pred;
  for (int k = 0; k < K; ++k) {
    const float wk = w[k], hk = h[k];
    w[k] = wk + kLr * (e * hk - kReg * wk);
    h[k] = hk + kLr * (e * wk - kReg * hk);
  }
  return e;
}

double train_block(const std::vector<Rating> &block, float *W, float *H) {
  double sq_err = 0;
  for (const Rating &x : block) {
    const float e = sgd_step(W + static_cast<std::int64_t>(x.u) * K,
                             H + static_cast<std::int64_t>(x.i) * K, x.r);
    sq_err += e * e;
  }
  return sq_err;
}

double test_sq_err(const std::vector<Rating> &test, std::size_t begin, std::size_t end,
                   const float *W, const float *H) {
  double sq_err = 0;
  for (std::size_t n = begin; n < end; ++n) {
    const Rating &x = test[n];
    const float *w = W + static_cast<std::int64_t>(x.u) * K;
    const float *h = H + static_cast<std::int64_t>(x.i) * K;
    float pred = 0;
    for (int k = 0; k < K; ++k)
      pred += w[k] * h[k];
    const float e = x.r - pred;
    sq_err += e * e;
  }
  return sq_err;
}

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

int run(const Args &args) {
  const int P = args.threads > 0
                    ? args.threads
                    : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  const auto load_started = std::chrono::steady_clock::now();
  std::vector<std::vector<Rating>> blocks;
  std::vector<Rating> test;
  std::int64_t U = 0, I = 0, nnz = 0;
  {
    // The loader's SparseArray lives only in this scope: the blocks are the working copy.
    const auto ratings = orion::load_triplets<float>(args.train);
    if (ratings.nnz() == 0) {
      std::fprintf(stderr, "stratified_sgd: %s: no ratings\n", args.train);
      return 1;
    }
    U = ratings.extent(0);
    I = ratings.extent(1);
    nnz = ratings.nnz();
    if (U > INT32_MAX || I > INT32_MAX) {
      std::fprintf(stderr, "stratified_sgd: %s: ids above 2^31 are not supported\n", args.train);
      return 1;
    }
    blocks = make_blocks(ratings, P);
  }
  if (args.test) {
    const auto t = orion::load_triplets<float>(args.test, {U, I});
    if (t.nnz() == 0) {
      std::fprintf(stderr, "stratified_sgd: %s: no ratings\n", args.test);
      return 1;
    }
    test.reserve(static_cast<std::size_t>(t.nnz()));
    for (auto &&[key, r] : t)
      test.push_back({static_cast<std::int32_t>(key[0]), static_cast<std::int32_t>(key[1]), r});
  }
  orion::DenseArray<float, 2> Wa({U, K}), Ha({I, K});
  Wa.fill_normal(0.0f, 0.1f, /*seed=*/1);
  Ha.fill_normal(0.0f, 0.1f, /*seed=*/2);
  float *W = Wa.data();
  float *H = Ha.data();
  std::fprintf(stderr, "load_seconds %.6f\n", seconds_since(load_started));

  // Per-thread partial sums, padded to a cache line so the threads do not share one.
  struct alignas(64) Partial {
    double train = 0, test = 0;
  };
  std::vector<Partial> partial(static_cast<std::size_t>(P));
  // Phase 1 of an epoch: P strata separated by the barrier; phase 2: the test RMSE, split evenly.
  // The driver joins the last barrier of each epoch to print between epochs.
  std::barrier sync(P + 1);
  auto worker = [&](int p) {
    for (int epoch = 0; epoch < args.epochs; ++epoch) {
      double sq = 0;
      for (int s = 0; s < P; ++s) {
        sq += train_block(blocks[static_cast<std::size_t>(p) * P + (p + s) % P], W, H);
        sync.arrive_and_wait();
      }
      partial[p].train = sq;
      const std::size_t n = test.size();
      partial[p].test = test_sq_err(test, n * p / P, n * (p + 1) / P, W, H);
      sync.arrive_and_wait();
      sync.arrive_and_wait(); // the driver has read the partials
    }
  };
  std::vector<std::thread> threads;
  for (int p = 0; p < P; ++p)
    threads.emplace_back(worker, p);

  for (int epoch = 0; epoch < args.epochs; ++epoch) {
    const auto started = std::chrono::steady_clock::now();
    for (int s = 0; s < P; ++s)
      sync.arrive_and_wait();
    sync.arrive_and_wait(); // test partials done
    double train = 0, tst = 0;
    for (const Partial &x : partial) {
      train += x.train;
      tst += x.test;
    }
    sync.arrive_and_wait();
    const double train_rmse = std::sqrt(train / static_cast<double>(nnz));
    if (args.test)
      std::printf("epoch %d train_rmse %.6f test_rmse %.6f\n", epoch, train_rmse,
                  std::sqrt(tst / static_cast<double>(test.size())));
    else
      std::printf("epoch %d train_rmse %.6f\n", epoch, train_rmse);
    std::fflush(stdout); // the harness timestamps lines as they arrive
    std::fprintf(stderr, "epoch_seconds %d %.6f\n", epoch, seconds_since(started));
  }
  for (std::thread &t : threads)
    t.join();
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  Args args;
  try {
    // Only for the loader's options (--orion-cache): the baseline parallelizes by hand.
    orion::Session session(argc, argv);
    if (!parse_args(argc, argv, args)) {
      std::fputs(kUsage, stderr);
      return 2;
    }
    return run(args);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "stratified_sgd: %s\n", e.what());
    return 1;
  }
}

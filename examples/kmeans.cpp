// k-means clustering (Lloyd's algorithm) on generated Gaussian blobs.
//
//   kmeans [--points N] [--dims D] [--clusters C] [--iters T] [--spread SIGMA] [--seed S]
//
// The data are C blobs with centres uniform in [-10, 10]^D and standard deviation SIGMA; every
// coordinate is a pure function of (seed, point, dim), so the data are the same however the
// generating loop is partitioned. Prints, on the root only, one line per iteration (the
// objective, i.e. the sum of squared distances of the points to the centroids they are assigned
// to, and how many assignments changed), then the final centroids and their sizes.
//
// The same file is the serial program (any C++20 compiler, `#pragma orion` ignored) and the
// parallel one (through orionc).

#include <orion/orion.hpp>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <string_view>
#include <vector>

namespace {

constexpr const char *kUsage = "usage: kmeans [--points N] [--dims D] [--clusters C] [--iters T] "
                               "[--spread SIGMA] [--seed S]\n";

struct Args {
  int64_t points = 20000, dims = 4, clusters = 8, iters = 10;
  double spread = 2.0;
  uint64_t seed = 1;
};

template <typename T> bool parse_number(std::string_view s, T &out) {
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && p == s.data() + s.size();
}

// Returns false on a usage error. Runtime flags (--orion-*) are skipped, so the parse does not
// depend on whether the Session already removed them.
bool parse_args(int argc, char **argv, Args &args) {
  for (int a = 1; a < argc; ++a) {
    const std::string_view flag = argv[a];
    if (flag.starts_with("--orion-"))
      continue;
    if (a + 1 >= argc)
      return false;
    const std::string_view v = argv[++a];
    bool ok = false;
    if (flag == "--points")
      ok = parse_number(v, args.points) && args.points > 0;
    else if (flag == "--dims")
      ok = parse_number(v, args.dims) && args.dims > 0;
    else if (flag == "--clusters")
      ok = parse_number(v, args.clusters) && args.clusters > 0;
    else if (flag == "--iters")
      ok = parse_number(v, args.iters) && args.iters >= 0;
    else if (flag == "--spread")
      ok = parse_number(v, args.spread) && args.spread >= 0;
    else if (flag == "--seed")
      ok = parse_number(v, args.seed);
    if (!ok)
      return false;
  }
  return args.clusters <= args.points;
}

// Counter-based randomness: a value depends only on its coordinates, never on the order in
// which values are drawn (which changes with the number of workers).
uint64_t mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

uint64_t hash3(uint64_t seed, uint64_t a, uint64_t b) { return mix(mix(mix(seed) ^ a) ^ b); }

// In (0, 1]: never 0, so its log is finite.
double unit(uint64_t h) { return (static_cast<double>(h >> 11) + 1.0) * 0x1.0p-53; }

struct Blobs {
  uint64_t seed;
  int64_t dims, clusters;
  double spread;
  std::vector<double> centres; // clusters x dims, row-major

  Blobs(uint64_t seed_, int64_t dims_, int64_t clusters_, double spread_)
      : seed(seed_), dims(dims_), clusters(clusters_), spread(spread_),
        centres(static_cast<std::size_t>(clusters_ * dims_)) {
    for (int64_t c = 0; c < clusters; ++c)
      for (int64_t d = 0; d < dims; ++d)
        centres[c * dims + d] = 20.0 * unit(hash3(seed, ~uint64_t{0} - c, d)) - 10.0;
  }

  float coord(int64_t p, int64_t d) const {
    const int64_t blob = static_cast<int64_t>(hash3(seed, p, ~uint64_t{0}) % clusters);
    // Box-Muller on two independent hashes.
    const double u1 = unit(hash3(seed, p, 2 * d)), u2 = unit(hash3(seed, p, 2 * d + 1));
    const double z = std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
    return static_cast<float>(centres[blob * dims + d] + spread * z);
  }
};

} // namespace

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  Args args;
  if (!parse_args(argc, argv, args)) {
    if (orion::is_root())
      std::fputs(kUsage, stderr);
    return 2;
  }
  const int64_t N = args.points, D = args.dims, C = args.clusters;
  const Blobs blobs(args.seed, D, C, args.spread);

  orion::DenseArray<float, 2> X({N, D});
#pragma orion parallel_for
  for (int64_t p = 0; p < N; ++p)
    for (int64_t d = 0; d < D; ++d)
      X(p, d) = blobs.coord(p, d);

  // Initial centroids: C points spread over the index range. Blob membership is a hash of the
  // index, so these are random points; computed from the generator rather than read back from X.
  std::vector<double> centroids(C * D);
  for (int64_t c = 0; c < C; ++c)
    for (int64_t d = 0; d < D; ++d)
      centroids[c * D + d] = blobs.coord((2 * c + 1) * N / (2 * C), d);

  orion::DenseArray<int64_t, 1> assign({N});
  assign.fill(-1);
  orion::Accumulator<double> objective;
  orion::Accumulator<int64_t> changed;
  // One accumulator per cluster and per (cluster, dim): the M-step's sums.
  std::vector<orion::Accumulator<int64_t>> count(C);
  std::vector<orion::Accumulator<double>> sum(C * D);
  std::vector<int64_t> size(C, 0);

  for (int64_t iter = 0; iter < args.iters; ++iter) {
#pragma orion parallel_for
    for (int64_t p = 0; p < N; ++p) {
      int64_t best = 0;
      double best_dist = std::numeric_limits<double>::infinity();
      for (int64_t c = 0; c < C; ++c) {
        double dist = 0;
        for (int64_t d = 0; d < D; ++d) {
          const double diff = X(p, d) - centroids[c * D + d];
          dist += diff * diff;
        }
        if (dist < best_dist) {
          best_dist = dist;
          best = c;
        }
      }
      if (assign(p) != best)
        changed += 1;
      assign(p) = best;
      objective += best_dist;
      count[best] += 1;
      for (int64_t d = 0; d < D; ++d)
        sum[best * D + d] += X(p, d);
    }

    // M-step: an empty cluster keeps its centroid.
    for (int64_t c = 0; c < C; ++c) {
      size[c] = count[c].aggregate();
      count[c].reset();
      for (int64_t d = 0; d < D; ++d) {
        const double s = sum[c * D + d].aggregate();
        sum[c * D + d].reset();
        if (size[c] > 0)
          centroids[c * D + d] = s / static_cast<double>(size[c]);
      }
    }
    const double obj = objective.aggregate();
    const int64_t moved = changed.aggregate();
    objective.reset();
    changed.reset();
    if (orion::is_root())
      std::printf("iter %lld objective %.6f changed %lld\n", static_cast<long long>(iter), obj,
                  static_cast<long long>(moved));
  }

  if (orion::is_root()) {
    for (int64_t c = 0; c < C; ++c) {
      std::printf("centroid %lld size %lld:", static_cast<long long>(c),
                  static_cast<long long>(size[c]));
      for (int64_t d = 0; d < D; ++d)
        std::printf(" %.6f", centroids[c * D + d]);
      std::printf("\n");
    }
  }
  return 0;
}

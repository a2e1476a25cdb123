// gen_ratings: synthetic rating matrices with a known low-rank truth, for SGD MF.
//
//   gen_ratings --rows U --cols I --nnz N --rank R --train PATH --test PATH
//               [--test-fraction 0.1] [--zipf-rows 1.1] [--zipf-cols 1.1] [--noise 0.1]
//               [--seed 1]
//
// Writes "row col value" lines (0-based). Standalone on purpose (no orion headers): it is a data
// tool that must stay usable while the runtime changes, and it must be fast enough for 1e8
// ratings, so numbers are formatted with std::to_chars into a large buffer.
//
// Model: truth factors u_r, v_c ~ N(0, R^-1/2) per entry, so dot(u_r, v_c) has variance 1 and
// ratings are O(1) whatever the rank; rating = dot + N(0, noise^2). Row and column popularity
// follow Zipf laws over a random permutation of the ids (heavy rows are not all at low ids).
// Every (row, col) pair occurs at most once across train and test. The test set is drawn from the
// same truth, and every row and column of a test rating also occurs in train, so a model trained
// on the train file has factors for every test rating (and the test file's extents never exceed
// the train file's).
//
// Output order: rows in increasing id order, each row's columns in generation order. Everything is
// a function of the seed only: the PRNGs are our own (std distributions differ across libraries).

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <unistd.h>
#include <utility>
#include <vector>

#include "gen_support.hpp"

namespace {

// ---------------------------------------------------------------------------------------------
// Randomness

using orion_gen::OutFile;
using orion_gen::Rng;

// Independent streams, so that e.g. changing --noise does not change which pairs are generated.
enum Stream : uint64_t { kPermute = 1, kFactors, kRowCounts, kColumns, kNoise, kSplit };

// Vose's alias method over Zipf weights 1/k^s, k = 1..n: O(1) per draw after O(n) set-up.
class ZipfAlias {
public:
  ZipfAlias(uint64_t n, double s) : prob_(n), alias_(n), weight_(n) {
    double total = 0;
    for (uint64_t k = 0; k < n; ++k)
      total += weight_[k] = std::pow(static_cast<double>(k + 1), -s);
    std::vector<double> scaled(n);
    std::vector<uint64_t> small, large;
    for (uint64_t k = 0; k < n; ++k) {
      weight_[k] /= total;
      scaled[k] = weight_[k] * static_cast<double>(n);
      (scaled[k] < 1.0 ? small : large).push_back(k);
    }
    while (!small.empty() && !large.empty()) {
      const uint64_t l = small.back(), g = large.back();
      small.pop_back();
      prob_[l] = scaled[l];
      alias_[l] = g;
      scaled[g] = (scaled[g] + scaled[l]) - 1.0;
      if (scaled[g] < 1.0) {
        large.pop_back();
        small.push_back(g);
      }
    }
    // Leftovers are 1 up to rounding.
    for (uint64_t k : large)
      prob_[k] = 1.0, alias_[k] = k;
    for (uint64_t k : small)
      prob_[k] = 1.0, alias_[k] = k;
  }

  uint64_t size() const { return prob_.size(); }
  double weight(uint64_t k) const { return weight_[k]; }

  uint64_t draw(Rng &rng) const {
    const uint64_t k = rng.below(prob_.size());
    return rng.uniform() < prob_[k] ? k : alias_[k];
  }

private:
  std::vector<double> prob_;
  std::vector<uint64_t> alias_;
  std::vector<double> weight_; // normalized, for weighted sampling without replacement
};

std::vector<uint64_t> random_permutation(uint64_t n, Rng &rng) {
  std::vector<uint64_t> p(n);
  for (uint64_t k = 0; k < n; ++k)
    p[k] = k;
  for (uint64_t k = n; k > 1; --k)
    std::swap(p[k - 1], p[rng.below(k)]);
  return p;
}

// ---------------------------------------------------------------------------------------------
// Output

/// One "row col value" line; the value in shortest round-trip form, so a float parser recovers
/// exactly the value computed.
void write_rating(OutFile &out, uint64_t row, uint64_t col, float value) {
  // Worst case: two 20-digit integers, a float (<= 15 chars in shortest form), 3 separators.
  char *p = out.reserve(64), *end = p + 64;
  p = std::to_chars(p, end, row).ptr;
  *p++ = ' ';
  p = std::to_chars(p, end, col).ptr;
  *p++ = ' ';
  p = std::to_chars(p, end, value).ptr;
  *p++ = '\n';
  out.advance(p);
}

// ---------------------------------------------------------------------------------------------
// Command line

struct Options {
  uint64_t rows = 0, cols = 0, nnz = 0, rank = 0;
  std::string train, test;
  double test_fraction = 0.1, zipf_rows = 1.1, zipf_cols = 1.1, noise = 0.1;
  uint64_t seed = 1;
};

constexpr const char *kUsage =
    "usage: gen_ratings --rows U --cols I --nnz N --rank R --train PATH --test PATH\n"
    "                   [--test-fraction F] [--zipf-rows S] [--zipf-cols S] [--noise SIGMA]\n"
    "                   [--seed S]\n"
    "  --rows U, --cols I    matrix shape; ids are 0-based, row < U, col < I\n"
    "  --nnz N               distinct (row, col) pairs in train + test; N <= U * I\n"
    "  --rank R              rank of the true factors (entries ~ N(0, 1/sqrt(R)))\n"
    "  --train, --test PATH  output files of \"row col value\" lines\n"
    "  --test-fraction F     probability that a rating is held out, 0 <= F < 1 (default 0.1)\n"
    "  --zipf-rows S         Zipf exponent of row popularity, 0 = uniform (default 1.1)\n"
    "  --zipf-cols S         Zipf exponent of column popularity, 0 = uniform (default 1.1)\n"
    "  --noise SIGMA         std. dev. of the Gaussian noise added to each rating (default 0.1)\n"
    "  --seed S              64-bit seed; same seed and options give the same files (default 1)\n";

[[noreturn]] void usage_error(const std::string &msg) {
  std::fprintf(stderr, "gen_ratings: %s\n%s", msg.c_str(), kUsage);
  std::exit(2);
}

uint64_t parse_u64(std::string_view flag, std::string_view s) {
  uint64_t v = 0;
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size())
    usage_error(std::string(flag) + ": expected a non-negative integer, got '" + std::string(s) +
                "'");
  return v;
}

double parse_double(std::string_view flag, std::string_view s) {
  double v = 0;
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size() || !std::isfinite(v))
    usage_error(std::string(flag) + ": expected a number, got '" + std::string(s) + "'");
  return v;
}

Options parse_options(int argc, char **argv) {
  Options o;
  bool have_rows = false, have_cols = false, have_nnz = false, have_rank = false;
  for (int a = 1; a < argc; ++a) {
    std::string_view flag = argv[a], value;
    if (flag == "-h" || flag == "--help") {
      std::fputs(kUsage, stdout);
      std::exit(0);
    }
    // Accept both "--flag value" and "--flag=value".
    if (const auto eq = flag.find('='); flag.starts_with("--") && eq != std::string_view::npos) {
      value = flag.substr(eq + 1);
      flag = flag.substr(0, eq);
    } else {
      if (a + 1 >= argc)
        usage_error(std::string(flag) +
                    (flag.starts_with("--") ? ": missing value" : ": unexpected argument"));
      value = argv[++a];
    }
    if (flag == "--rows")
      o.rows = parse_u64(flag, value), have_rows = true;
    else if (flag == "--cols")
      o.cols = parse_u64(flag, value), have_cols = true;
    else if (flag == "--nnz")
      o.nnz = parse_u64(flag, value), have_nnz = true;
    else if (flag == "--rank")
      o.rank = parse_u64(flag, value), have_rank = true;
    else if (flag == "--train")
      o.train = value;
    else if (flag == "--test")
      o.test = value;
    else if (flag == "--test-fraction")
      o.test_fraction = parse_double(flag, value);
    else if (flag == "--zipf-rows")
      o.zipf_rows = parse_double(flag, value);
    else if (flag == "--zipf-cols")
      o.zipf_cols = parse_double(flag, value);
    else if (flag == "--noise")
      o.noise = parse_double(flag, value);
    else if (flag == "--seed")
      o.seed = parse_u64(flag, value);
    else
      usage_error("unknown option '" + std::string(flag) + "'");
  }
  if (!have_rows || !have_cols || !have_nnz || !have_rank || o.train.empty() || o.test.empty())
    usage_error("--rows, --cols, --nnz, --rank, --train and --test are required");
  if (o.rows == 0 || o.cols == 0 || o.rank == 0)
    usage_error("--rows, --cols and --rank must be positive");
  if (o.rows > (uint64_t{1} << 40) || o.cols > (uint64_t{1} << 40))
    usage_error("--rows and --cols must be at most 2^40");
  if (static_cast<unsigned __int128>(o.rows) * o.cols < o.nnz)
    usage_error("--nnz exceeds rows * cols: pairs are distinct");
  if (!(o.test_fraction >= 0.0 && o.test_fraction < 1.0))
    usage_error("--test-fraction must be in [0, 1)");
  if (o.zipf_rows < 0 || o.zipf_cols < 0 || o.noise < 0)
    usage_error("--zipf-rows, --zipf-cols and --noise must be >= 0");
  if (o.train == o.test)
    usage_error("--train and --test must be different files");
  return o;
}

// ---------------------------------------------------------------------------------------------
// Generation

// Ratings per row rank: a multinomial draw of nnz rows from the Zipf law, with rows that got
// more than `cols` (impossible: pairs are distinct) capped and their excess redrawn among the
// rows that still have room.
std::vector<uint64_t> row_counts(const Options &o, const ZipfAlias &rows, Rng &rng) {
  std::vector<uint64_t> count(o.rows, 0);
  uint64_t pending = o.nnz;
  // Redrawing is rejection sampling against full rows; when nearly everything is full that
  // stalls, so after a bounded effort the rest is filled deterministically.
  for (int round = 0; pending > 0 && round < 64; ++round) {
    for (uint64_t n = 0; n < pending; ++n)
      ++count[rows.draw(rng)];
    pending = 0;
    for (auto &c : count)
      if (c > o.cols)
        pending += c - o.cols, c = o.cols;
  }
  for (uint64_t r = 0; pending > 0 && r < o.rows; ++r) {
    const uint64_t add = std::min(pending, o.cols - count[r]);
    count[r] += add;
    pending -= add;
  }
  return count;
}

// Picks `want` distinct column ranks, sampled successively without replacement from the Zipf
// law. Rejection sampling is cheap while the row is sparse; for dense rows (or when rejections
// pile up) the rest is taken by Efraimidis-Spirakis keys, which samples the same distribution.
class ColumnSampler {
public:
  explicit ColumnSampler(const ZipfAlias &cols) : cols_(cols), taken_(cols.size(), 0) {}

  const std::vector<uint64_t> &sample(uint64_t want, Rng &rng) {
    for (uint64_t c : picked_)
      taken_[c] = 0;
    picked_.clear();
    const uint64_t n = cols_.size();
    if (want * 4 < n) {
      const uint64_t budget = 8 * want + 64;
      for (uint64_t tries = 0; picked_.size() < want && tries < budget; ++tries) {
        const uint64_t c = cols_.draw(rng);
        if (!taken_[c])
          taken_[c] = 1, picked_.push_back(c);
      }
    }
    if (picked_.size() < want) {
      keyed_.clear();
      for (uint64_t c = 0; c < n; ++c)
        if (!taken_[c]) // key = log(u) / w: the largest keys are a weighted sample
          keyed_.emplace_back(std::log(1.0 - rng.uniform()) / cols_.weight(c), c);
      const std::size_t more = want - picked_.size();
      std::nth_element(keyed_.begin(), keyed_.begin() + (more - 1), keyed_.end(), std::greater<>());
      for (std::size_t j = 0; j < more; ++j)
        taken_[keyed_[j].second] = 1, picked_.push_back(keyed_[j].second);
    }
    return picked_;
  }

private:
  const ZipfAlias &cols_;
  std::vector<unsigned char> taken_;
  std::vector<uint64_t> picked_;
  std::vector<std::pair<double, uint64_t>> keyed_;
};

struct Rating {
  uint64_t row, col;
  float value;
  double noise; // value - dot(u, v), float rounding included
};

struct Summary {
  uint64_t train = 0, test = 0;
  uint64_t train_rows = 0, train_cols = 0; // extents of the train file: max id + 1
  double sum = 0, sum_sq = 0;              // of all ratings
  double test_noise_sq = 0;                // sum of squared noise on test: the best test MSE
};

Summary generate(const Options &o) {
  Rng perm_rng(o.seed, kPermute), factor_rng(o.seed, kFactors), count_rng(o.seed, kRowCounts),
      col_rng(o.seed, kColumns), noise_rng(o.seed, kNoise), split_rng(o.seed, kSplit);

  // Zipf rank -> id: a random permutation spreads heavy rows and columns over the id range.
  const std::vector<uint64_t> row_of_rank = random_permutation(o.rows, perm_rng);
  const std::vector<uint64_t> col_of_rank = random_permutation(o.cols, perm_rng);
  std::vector<uint64_t> rank_of_row(o.rows);
  for (uint64_t k = 0; k < o.rows; ++k)
    rank_of_row[row_of_rank[k]] = k;

  const std::size_t R = o.rank;
  const double factor_std = std::pow(static_cast<double>(R), -0.25);
  std::vector<float> U(o.rows * R), V(o.cols * R);
  for (auto &x : U)
    x = static_cast<float>(factor_std * factor_rng.normal());
  for (auto &x : V)
    x = static_cast<float>(factor_std * factor_rng.normal());

  const ZipfAlias row_law(o.rows, o.zipf_rows), col_law(o.cols, o.zipf_cols);
  const std::vector<uint64_t> count = row_counts(o, row_law, count_rng);
  ColumnSampler sampler(col_law);

  OutFile train(o.train), test(o.test);
  Summary s;
  // A test rating may only be written once its column is known to occur in train; the few whose
  // column has not appeared yet wait here and are settled at the end.
  std::vector<unsigned char> col_in_train(o.cols, 0);
  std::vector<Rating> waiting, row_ratings;
  std::vector<unsigned char> to_test;
  auto emit_train = [&](const Rating &r) {
    write_rating(train, r.row, r.col, r.value);
    col_in_train[r.col] = 1;
    s.train_rows = std::max(s.train_rows, r.row + 1);
    s.train_cols = std::max(s.train_cols, r.col + 1);
    ++s.train;
  };
  auto emit_test = [&](const Rating &r) {
    write_rating(test, r.row, r.col, r.value);
    s.test_noise_sq += r.noise * r.noise;
    ++s.test;
  };

  for (uint64_t row = 0; row < o.rows; ++row) {
    const uint64_t want = count[rank_of_row[row]];
    if (want == 0)
      continue;
    const std::vector<uint64_t> &ranks = sampler.sample(want, col_rng);
    row_ratings.clear();
    to_test.clear();
    const float *u = &U[row * R];
    for (uint64_t rank : ranks) {
      const uint64_t col = col_of_rank[rank];
      const float *v = &V[col * R];
      double dot = 0;
      for (std::size_t k = 0; k < R; ++k)
        dot += static_cast<double>(u[k]) * v[k];
      const float value = static_cast<float>(dot + o.noise * noise_rng.normal());
      row_ratings.push_back({row, col, value, value - dot});
      to_test.push_back(split_rng.uniform() < o.test_fraction);
      s.sum += value;
      s.sum_sq += static_cast<double>(value) * value;
    }
    // Keep the row in train: if every rating of the row was held out, the first one stays.
    if (std::all_of(to_test.begin(), to_test.end(), [](unsigned char t) { return t; }))
      to_test[0] = 0;
    for (std::size_t j = 0; j < row_ratings.size(); ++j)
      if (!to_test[j])
        emit_train(row_ratings[j]);
    for (std::size_t j = 0; j < row_ratings.size(); ++j) {
      if (!to_test[j])
        continue;
      if (col_in_train[row_ratings[j].col])
        emit_test(row_ratings[j]);
      else
        waiting.push_back(row_ratings[j]);
    }
  }
  // Columns that never made it into train would be unknown to a model: their ratings move to
  // train (the first one of each column; later ones can then stay in test).
  for (const Rating &r : waiting) {
    if (col_in_train[r.col])
      emit_test(r);
    else
      emit_train(r);
  }
  train.commit();
  test.commit();
  return s;
}

} // namespace

int main(int argc, char **argv) {
  const Options o = parse_options(argc, argv);
  const auto t0 = std::chrono::steady_clock::now();
  try {
    const Summary s = generate(o);
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double n = static_cast<double>(s.train + s.test);
    const double mean = n > 0 ? s.sum / n : 0.0;
    const double stddev = n > 0 ? std::sqrt(std::max(0.0, s.sum_sq / n - mean * mean)) : 0.0;
    std::fprintf(
        stderr,
        "gen_ratings: %llux%llu rank %llu seed %llu: %llu train + %llu test ratings, "
        "train extents %llux%llu, rating mean %.4f std %.4f, noise rmse on test %.4f, %.2f s\n",
        static_cast<unsigned long long>(o.rows), static_cast<unsigned long long>(o.cols),
        static_cast<unsigned long long>(o.rank), static_cast<unsigned long long>(o.seed),
        static_cast<unsigned long long>(s.train), static_cast<unsigned long long>(s.test),
        static_cast<unsigned long long>(s.train_rows),
        static_cast<unsigned long long>(s.train_cols), mean, stddev,
        s.test > 0 ? std::sqrt(s.test_noise_sq / static_cast<double>(s.test)) : 0.0, secs);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "gen_ratings: error: %s\n", e.what());
    return 1;
  }
  return 0;
}

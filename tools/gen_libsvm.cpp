// gen_libsvm: synthetic sparse binary classification data in LIBSVM format, with a known truth.
//
//   gen_libsvm --out PATH [--test PATH] [--samples 100000] [--test-samples N/10]
//              [--features 10000] [--nnz-per-sample 20] [--zipf 1.1] [--margin 4] [--seed 1]
//
// Writes "label fid:val ..." lines: labels +1/-1, feature ids 1-based and increasing.
// Standalone on purpose (no orion headers), like gen_ratings.
//
// Model: feature popularity follows a Zipf law over a random permutation of the ids (the popular
// features are not all at low ids). A sample has about F distinct features (uniformly between
// F/2 and 3F/2, at least 1), each with a value uniform in (0, 1]. A hidden weight vector
// w ~ N(0, s^2) and a bias b (the expected margin's opposite, plus N(0, 0.1^2)) define P(y = +1 |
// x) = sigmoid(w.x + b), with s chosen so that the margin w.x has a standard deviation of about
// --margin: large margins make the classes nearly separable, small ones noisy. The test file is
// drawn from the same model. The summary line reports the accuracy of the true model on the test
// set (or train), the best a learner can expect.
//
// Everything is a function of the seed only: the PRNG and the distributions are our own.

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

#include "gen_support.hpp"

namespace {

using orion_gen::OutFile;
using orion_gen::Rng;

// Separate streams: changing --margin does not change which features the samples have.
enum Stream : uint64_t { kPermute = 1, kWeights, kTrain, kTest, kLabels };

// Vose's alias method over Zipf weights 1/k^s: O(1) per draw.
class ZipfAlias {
public:
  ZipfAlias(uint64_t n, double s) : prob_(n), alias_(n) {
    std::vector<double> scaled(n);
    double total = 0;
    for (uint64_t k = 0; k < n; ++k)
      total += scaled[k] = std::pow(static_cast<double>(k + 1), -s);
    std::vector<uint64_t> small, large;
    for (uint64_t k = 0; k < n; ++k) {
      scaled[k] *= static_cast<double>(n) / total;
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
    for (uint64_t k : large)
      prob_[k] = 1.0, alias_[k] = k;
    for (uint64_t k : small)
      prob_[k] = 1.0, alias_[k] = k;
  }
  uint64_t draw(Rng &rng) const {
    const uint64_t k = rng.below(prob_.size());
    return rng.uniform() < prob_[k] ? k : alias_[k];
  }

private:
  std::vector<double> prob_;
  std::vector<uint64_t> alias_;
};

struct Options {
  std::string out, test;
  uint64_t samples = 100000, test_samples = 0, features = 10000, per_sample = 20, seed = 1;
  double zipf = 1.1, margin = 4.0;
};

[[noreturn]] void usage(const char *why) {
  std::fprintf(stderr,
               "gen_libsvm: %s\nusage: gen_libsvm --out PATH [--test PATH] [--samples N] "
               "[--test-samples M] [--features D] [--nnz-per-sample F] [--zipf S] "
               "[--margin M] [--seed K]\n",
               why);
  std::exit(2);
}

Options parse_options(int argc, char **argv) {
  Options o;
  bool test_samples_given = false;
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    if (i + 1 >= argc)
      usage(("missing value for " + flag).c_str());
    const char *value = argv[++i];
    auto count = [&](uint64_t &out) {
      const char *end = value + std::strlen(value);
      if (std::from_chars(value, end, out).ptr != end)
        usage(("invalid count for " + flag + ": " + value).c_str());
    };
    auto real = [&](double &out) {
      char *end = nullptr;
      out = std::strtod(value, &end);
      if (end == value || *end != '\0' || !std::isfinite(out))
        usage(("invalid number for " + flag + ": " + value).c_str());
    };
    if (flag == "--out")
      o.out = value;
    else if (flag == "--test")
      o.test = value;
    else if (flag == "--samples")
      count(o.samples);
    else if (flag == "--test-samples")
      count(o.test_samples), test_samples_given = true;
    else if (flag == "--features")
      count(o.features);
    else if (flag == "--nnz-per-sample")
      count(o.per_sample);
    else if (flag == "--seed")
      count(o.seed);
    else if (flag == "--zipf")
      real(o.zipf);
    else if (flag == "--margin")
      real(o.margin);
    else
      usage(("unknown flag " + flag).c_str());
  }
  if (o.out.empty())
    usage("--out is required");
  if (o.features == 0 || o.per_sample == 0)
    usage("--features and --nnz-per-sample must be positive");
  if (o.zipf < 0 || o.margin < 0)
    usage("--zipf and --margin must not be negative");
  if (!test_samples_given)
    o.test_samples = o.test.empty() ? 0 : std::max<uint64_t>(1, o.samples / 10);
  return o;
}

struct Model {
  std::vector<uint64_t> id; // Zipf rank -> feature id (0-based)
  std::vector<double> w;    // hidden weights, by feature id
  double b = 0;
};

struct Counts {
  uint64_t samples = 0, nonzeros = 0, positives = 0, model_correct = 0;
};

// Writes `n` samples; `stream` makes train and test independent draws of the same model.
Counts write_samples(const std::string &path, uint64_t n, Stream stream, const Options &o,
                     const Model &m, const ZipfAlias &zipf) {
  Rng rng(o.seed, stream), labels(o.seed, kLabels + 16 * stream);
  OutFile out(path);
  Counts c;
  std::vector<uint64_t> ids;
  std::vector<uint8_t> seen(o.features, 0);
  const uint64_t lo = std::max<uint64_t>(1, o.per_sample / 2),
                 hi = std::max(lo, o.per_sample * 3 / 2);
  const uint64_t cap = std::min(o.features, hi);
  for (uint64_t s = 0; s < n; ++s) {
    const uint64_t want = std::min(cap, lo + rng.below(hi - lo + 1));
    ids.clear();
    // Rejection of repeats; the attempt bound only matters for a steep Zipf law over few ids.
    for (uint64_t attempt = 0; ids.size() < want && attempt < 20 * want + 100; ++attempt) {
      const uint64_t f = m.id[zipf.draw(rng)];
      if (!seen[f])
        seen[f] = 1, ids.push_back(f);
    }
    std::sort(ids.begin(), ids.end());
    double margin = m.b;
    char *p = out.reserve(8 + ids.size() * 48);
    char *label_at = p;
    p += 3; // "+1 " or "-1 ", filled in below
    for (const uint64_t f : ids) {
      seen[f] = 0;
      // A value in (0, 1] with 3 decimals: written exactly, so the margin is the file's.
      const auto milli = static_cast<unsigned>(1 + rng.below(1000));
      margin += m.w[f] * (milli / 1000.0);
      p = std::to_chars(p, p + 24, f + 1).ptr;
      *p++ = ':';
      p = std::to_chars(p, p + 8, milli / 1000.0).ptr;
      *p++ = ' ';
    }
    p[-1] = '\n';
    const bool positive = labels.uniform() < 1.0 / (1.0 + std::exp(-margin));
    std::memcpy(label_at, positive ? "+1 " : "-1 ", 3);
    if (ids.empty())
      label_at[2] = '\n';
    out.advance(p);
    c.samples += 1;
    c.nonzeros += ids.size();
    c.positives += positive;
    c.model_correct += positive == (margin > 0);
  }
  out.commit();
  return c;
}

} // namespace

int main(int argc, char **argv) {
  const Options o = parse_options(argc, argv);
  const auto t0 = std::chrono::steady_clock::now();
  try {
    Model m;
    Rng permute(o.seed, kPermute), weights(o.seed, kWeights);
    m.id.resize(o.features);
    for (uint64_t k = 0; k < o.features; ++k)
      m.id[k] = k;
    for (uint64_t k = o.features; k > 1; --k)
      std::swap(m.id[k - 1], m.id[permute.below(k)]);
    // E[value^2] = 1/3, so the margin's variance is about F * s^2 / 3.
    const double s = o.margin / std::sqrt(static_cast<double>(o.per_sample) / 3.0);
    m.w.resize(o.features);
    for (double &w : m.w)
      w = s * weights.normal();
    // Popular features are in most samples, so their weights shift every margin alike: a bias
    // against the expected margin keeps the classes roughly balanced.
    double zipf_total = 0, expected = 0;
    for (uint64_t k = 0; k < o.features; ++k) {
      const double p = std::pow(static_cast<double>(k + 1), -o.zipf);
      zipf_total += p;
      expected += p * m.w[m.id[k]];
    }
    m.b = -0.5 * static_cast<double>(o.per_sample) * expected / zipf_total + 0.1 * weights.normal();
    const ZipfAlias zipf(o.features, o.zipf);
    const Counts train = write_samples(o.out, o.samples, kTrain, o, m, zipf);
    Counts test;
    if (!o.test.empty())
      test = write_samples(o.test, o.test_samples, kTest, o, m, zipf);
    const Counts &judged = o.test.empty() ? train : test;
    std::fprintf(
        stderr,
        "gen_libsvm: seed %llu: %llu train + %llu test samples, %llu features, %llu "
        "nonzeros in train (%.1f per sample), %.1f%% positive, true-model accuracy on "
        "%s %.4f, %.2f s\n",
        static_cast<unsigned long long>(o.seed), static_cast<unsigned long long>(train.samples),
        static_cast<unsigned long long>(test.samples), static_cast<unsigned long long>(o.features),
        static_cast<unsigned long long>(train.nonzeros),
        train.samples ? static_cast<double>(train.nonzeros) / train.samples : 0.0,
        train.samples ? 100.0 * train.positives / train.samples : 0.0,
        o.test.empty() ? "train" : "test",
        judged.samples ? static_cast<double>(judged.model_correct) / judged.samples : 0.0,
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  } catch (const std::exception &e) {
    std::fprintf(stderr, "gen_libsvm: error: %s\n", e.what());
    return 1;
  }
  return 0;
}

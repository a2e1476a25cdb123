// gen_corpus: a synthetic bag-of-words corpus drawn from a known LDA topic model, in the UCI
// docword format that orion::load_bag_of_words reads.
//
//   gen_corpus --out PATH [--docs 10000] [--vocab 10000] [--topics 20] [--doc-length 100]
//              [--alpha 0.1] [--beta 0.01] [--seed 1] [--topics-out PATH]
//
// Output: three header lines D, W and NNZ, then "doc word count" lines (1-based ids), documents
// in order, each document's words in increasing id order. Standalone on purpose, like
// gen_ratings.
//
// Model (LDA's generative process): topic k's word distribution phi_k ~ Dirichlet(beta) over the
// W words, document d's topic mixture theta_d ~ Dirichlet(alpha) over the K topics, its length
// ~ Poisson(doc-length) (at least 1), and each token draws a topic z ~ theta_d, then a word
// w ~ phi_z. --topics-out writes the true phi_k as K lines of "word:probability" pairs for the
// words of probability above 1e-4, most likely first, for judging what a learner recovers.
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

enum Stream : uint64_t { kTopics = 1, kMixtures, kLengths, kTokens };

/// log of a Gamma(shape, 1) draw (Marsaglia and Tsang; for shape < 1 the boost
/// Gamma(a) = Gamma(a + 1) * U^(1/a)). In logs because a small shape makes draws underflow.
double log_gamma_draw(Rng &rng, double shape) {
  double boost = 0;
  if (shape < 1) {
    boost = std::log(1.0 - rng.uniform()) / shape;
    shape += 1;
  }
  const double d = shape - 1.0 / 3.0, c = 1.0 / std::sqrt(9.0 * d);
  for (;;) {
    const double x = rng.normal(), v0 = 1 + c * x;
    if (v0 <= 0)
      continue;
    const double v = v0 * v0 * v0, u = 1.0 - rng.uniform();
    if (std::log(u) < 0.5 * x * x + d - d * v + d * std::log(v))
      return std::log(d * v) + boost;
  }
}

/// A Dirichlet(a, ..., a) draw of size n, as a cumulative distribution (for drawing by bisection).
std::vector<double> dirichlet_cdf(Rng &rng, std::size_t n, double a) {
  std::vector<double> p(n);
  double top = -INFINITY;
  for (double &x : p)
    top = std::max(top, x = log_gamma_draw(rng, a));
  double total = 0;
  for (double &x : p)
    total += x = std::exp(x - top);
  double sum = 0;
  for (double &x : p)
    x = (sum += x / total);
  p.back() = 1.0;
  return p;
}

std::size_t draw(Rng &rng, const double *cdf, std::size_t n) {
  return std::min<std::size_t>(
      static_cast<std::size_t>(std::upper_bound(cdf, cdf + n, rng.uniform()) - cdf), n - 1);
}

uint64_t poisson(Rng &rng, double mean) {
  if (mean < 30) { // Knuth: multiply uniforms until below e^-mean
    const double limit = std::exp(-mean);
    uint64_t k = 0;
    for (double p = 1.0 - rng.uniform(); p > limit; p *= 1.0 - rng.uniform())
      ++k;
    return k;
  }
  // The normal approximation: at this size its error is far below the model's own noise.
  return static_cast<uint64_t>(std::max(0.0, std::round(mean + std::sqrt(mean) * rng.normal())));
}

struct Options {
  std::string out, topics_out;
  uint64_t docs = 10000, vocab = 10000, topics = 20, seed = 1;
  double length = 100, alpha = 0.1, beta = 0.01;
};

[[noreturn]] void usage(const char *why) {
  std::fprintf(stderr,
               "gen_corpus: %s\nusage: gen_corpus --out PATH [--docs D] [--vocab W] [--topics K] "
               "[--doc-length L] [--alpha A] [--beta B] [--seed S] [--topics-out PATH]\n",
               why);
  std::exit(2);
}

Options parse_options(int argc, char **argv) {
  Options o;
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
      if (end == value || *end != '\0' || !std::isfinite(out) || out <= 0)
        usage(("invalid positive number for " + flag + ": " + value).c_str());
    };
    if (flag == "--out")
      o.out = value;
    else if (flag == "--topics-out")
      o.topics_out = value;
    else if (flag == "--docs")
      count(o.docs);
    else if (flag == "--vocab")
      count(o.vocab);
    else if (flag == "--topics")
      count(o.topics);
    else if (flag == "--seed")
      count(o.seed);
    else if (flag == "--doc-length")
      real(o.length);
    else if (flag == "--alpha")
      real(o.alpha);
    else if (flag == "--beta")
      real(o.beta);
    else
      usage(("unknown flag " + flag).c_str());
  }
  if (o.out.empty())
    usage("--out is required");
  if (o.vocab == 0 || o.topics == 0)
    usage("--vocab and --topics must be positive");
  return o;
}

void write_topics(const std::string &path, const std::vector<double> &phi, uint64_t vocab) {
  OutFile out(path);
  std::vector<std::pair<double, uint64_t>> words;
  for (std::size_t k = 0; k * vocab < phi.size(); ++k) {
    const double *cdf = phi.data() + k * vocab;
    words.clear();
    for (uint64_t w = 0; w < vocab; ++w)
      if (const double p = cdf[w] - (w ? cdf[w - 1] : 0.0); p > 1e-4)
        words.emplace_back(-p, w);
    std::sort(words.begin(), words.end());
    char *p = out.reserve(2 + words.size() * 48);
    for (const auto &[minus_p, w] : words) {
      p = std::to_chars(p, p + 24, w + 1).ptr;
      *p++ = ':';
      p = std::to_chars(p, p + 24, static_cast<float>(-minus_p)).ptr;
      *p++ = ' ';
    }
    *p++ = '\n';
    out.advance(p);
  }
  out.commit();
}

} // namespace

int main(int argc, char **argv) {
  const Options o = parse_options(argc, argv);
  const auto t0 = std::chrono::steady_clock::now();
  try {
    Rng topic_rng(o.seed, kTopics), mixture_rng(o.seed, kMixtures), length_rng(o.seed, kLengths),
        token_rng(o.seed, kTokens);
    std::vector<double> phi; // K cumulative distributions over the words, one after the other
    phi.reserve(o.topics * o.vocab);
    for (uint64_t k = 0; k < o.topics; ++k) {
      const std::vector<double> cdf = dirichlet_cdf(topic_rng, o.vocab, o.beta);
      phi.insert(phi.end(), cdf.begin(), cdf.end());
    }
    // The body first: the header needs the number of lines.
    struct Line {
      uint32_t doc, word, count;
    };
    std::vector<Line> lines;
    std::vector<uint32_t> counts(o.vocab, 0);
    std::vector<uint32_t> words;
    uint64_t tokens = 0;
    for (uint64_t d = 0; d < o.docs; ++d) {
      const std::vector<double> theta = dirichlet_cdf(mixture_rng, o.topics, o.alpha);
      const uint64_t length = std::max<uint64_t>(1, poisson(length_rng, o.length));
      words.clear();
      for (uint64_t t = 0; t < length; ++t) {
        const std::size_t z = draw(token_rng, theta.data(), o.topics);
        const auto w = static_cast<uint32_t>(draw(token_rng, phi.data() + z * o.vocab, o.vocab));
        if (counts[w]++ == 0)
          words.push_back(w);
      }
      std::sort(words.begin(), words.end());
      for (const uint32_t w : words) {
        lines.push_back({static_cast<uint32_t>(d + 1), w + 1, counts[w]});
        counts[w] = 0;
      }
      tokens += length;
    }
    OutFile out(o.out);
    char *p = out.reserve(80);
    for (const uint64_t v : {o.docs, o.vocab, static_cast<uint64_t>(lines.size())}) {
      p = std::to_chars(p, p + 24, v).ptr;
      *p++ = '\n';
    }
    out.advance(p);
    for (const Line &l : lines) {
      p = out.reserve(40);
      p = std::to_chars(p, p + 12, l.doc).ptr;
      *p++ = ' ';
      p = std::to_chars(p, p + 12, l.word).ptr;
      *p++ = ' ';
      p = std::to_chars(p, p + 12, l.count).ptr;
      *p++ = '\n';
      out.advance(p);
    }
    out.commit();
    if (!o.topics_out.empty())
      write_topics(o.topics_out, phi, o.vocab);
    std::fprintf(stderr,
                 "gen_corpus: seed %llu: %llu docs, %llu words, %llu topics, %llu tokens in %zu "
                 "\"doc word count\" lines, %.2f s\n",
                 static_cast<unsigned long long>(o.seed), static_cast<unsigned long long>(o.docs),
                 static_cast<unsigned long long>(o.vocab),
                 static_cast<unsigned long long>(o.topics), static_cast<unsigned long long>(tokens),
                 lines.size(),
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  } catch (const std::exception &e) {
    std::fprintf(stderr, "gen_corpus: error: %s\n", e.what());
    return 1;
  }
  return 0;
}

// Latent Dirichlet allocation by collapsed Gibbs sampling.
//
//   lda DOCWORD [--topics K] [--iters N] [--alpha A] [--beta B] [--checkpoint DIR]
//
// DOCWORD is a UCI bag-of-words file (docword.*.txt; tools/gen_corpus writes them). Every token
// of the corpus holds its topic in the value of its element of `tokens`, keyed (doc, word,
// occurrence). The model is three count tables: doc_topic (D x K), word_topic (W x K) and
// topic_total (K). One iteration resamples every token's topic from the collapsed conditional
//
//   p(z = k | rest) ~ (n_dk + alpha) (n_wk + beta) / (n_k + W beta)
//
// with the token's own assignment removed from the counts. After each iteration the root prints
// the collapsed joint log-likelihood log p(w, z), once the driver has checked that the three
// tables agree with each other and with the corpus exactly ("invariant ok"; otherwise it stops
// with a message and exit status 1). The final line repeats the last log-likelihood.
//
// With --checkpoint, the count tables and every token's topic (the values of `tokens`) are saved
// to DIR after every iteration, each rank writing the tokens it holds; a run that finds a
// checkpoint in DIR starts after the iteration it holds. The random streams start again from the
// seed, so a restarted chain continues with other draws than the killed one would have made.
//
// Tokens of one document touch one row of doc_topic, tokens of one word one row of word_topic:
// orionc runs the loop as a 2D rotation, documents across workers (doc_topic stays local) and
// words in time (word_topic rotates). Every token touches topic_total at a data-dependent topic;
// `relax(topic_total)` lets each worker count on its own copy (++ and -- only) and the runtime
// merges every worker's changes into every copy after each block, so the counts stay exact and a
// worker reads them at most one block stale. The initial topics are drawn by a loop of the same
// shape, so that on several ranks each rank holds only its share of the corpus (the loader leaves
// it distributed, and no driver code reads the tokens). The topic draws come from orion::rng():
// with one worker they are the serial program's draws, bit for bit; with more, each worker has its
// own stream, so the chain differs from the serial one and only its statistics (the log-likelihood)
// compare.
//
// The same file is the serial program (any C++20 compiler, `#pragma orion` ignored) and the
// parallel one (through orionc).

#include <orion/orion.hpp>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace {

constexpr const char *kUsage =
    "usage: lda DOCWORD [--topics K] [--iters N] [--alpha A] [--beta B] [--checkpoint DIR]\n";

struct Args {
  const char *corpus = nullptr;
  const char *checkpoint = nullptr;
  int32_t topics = 10;
  int iters = 20;
  double alpha = 0.1, beta = 0.01;
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
      if (arg == "--checkpoint") {
        args.checkpoint = argv[a];
        ok = !v.empty();
      } else if (arg == "--topics")
        ok = parse_number(v, args.topics) && args.topics > 0;
      else if (arg == "--iters")
        ok = parse_number(v, args.iters) && args.iters >= 0;
      else if (arg == "--alpha")
        ok = parse_number(v, args.alpha) && args.alpha > 0;
      else if (arg == "--beta")
        ok = parse_number(v, args.beta) && args.beta > 0;
      if (!ok)
        return false;
    } else if (!args.corpus) {
      args.corpus = argv[a];
    } else {
      return false;
    }
  }
  return args.corpus != nullptr;
}

// The count tables must agree exactly with each other and with the corpus: the column sums of
// word_topic are topic_total, and the rows of doc_topic / word_topic sum to the documents' /
// words' token counts, with no negative count. Returns what is wrong, or an empty string.
std::string check_counts(orion::DenseArray<int32_t, 2> &doc_topic,
                         orion::DenseArray<int32_t, 2> &word_topic,
                         orion::DenseArray<int32_t, 1> &topic_total,
                         const orion::DenseArray<int64_t, 1> &doc_len,
                         const orion::DenseArray<int64_t, 1> &word_len) {
  const int64_t D = doc_topic.extent(0), W = word_topic.extent(0), K = topic_total.extent(0);
  std::vector<int64_t> column(static_cast<std::size_t>(K), 0);
  for (int64_t w = 0; w < W; ++w) {
    int64_t row = 0;
    for (int64_t k = 0; k < K; ++k) {
      if (word_topic(w, k) < 0)
        return "word_topic(" + std::to_string(w) + ", " + std::to_string(k) + ") is negative";
      row += word_topic(w, k);
      column[static_cast<std::size_t>(k)] += word_topic(w, k);
    }
    if (row != word_len(w))
      return "word " + std::to_string(w) + " has " + std::to_string(word_len(w)) +
             " tokens but its word_topic row sums to " + std::to_string(row);
  }
  for (int64_t k = 0; k < K; ++k)
    if (column[static_cast<std::size_t>(k)] != topic_total(k))
      return "topic_total(" + std::to_string(k) + ") = " + std::to_string(topic_total(k)) +
             " but word_topic's column sums to " + std::to_string(column[k]);
  for (int64_t d = 0; d < D; ++d) {
    int64_t row = 0;
    for (int64_t k = 0; k < K; ++k) {
      if (doc_topic(d, k) < 0)
        return "doc_topic(" + std::to_string(d) + ", " + std::to_string(k) + ") is negative";
      row += doc_topic(d, k);
    }
    if (row != doc_len(d))
      return "document " + std::to_string(d) + " has " + std::to_string(doc_len(d)) +
             " tokens but its doc_topic row sums to " + std::to_string(row);
  }
  return {};
}

// log p(w, z) with theta and phi integrated out (Griffiths & Steyvers 2004):
//   sum_k [lgamma(W b) - W lgamma(b) + sum_w lgamma(n_wk + b) - lgamma(n_k + W b)]
// + sum_d [lgamma(K a) - K lgamma(a) + sum_k lgamma(n_dk + a) - lgamma(n_d + K a)].
double log_likelihood(orion::DenseArray<int32_t, 2> &doc_topic,
                      orion::DenseArray<int32_t, 2> &word_topic,
                      orion::DenseArray<int32_t, 1> &topic_total,
                      const orion::DenseArray<int64_t, 1> &doc_len, double alpha, double beta) {
  const int64_t D = doc_topic.extent(0), W = word_topic.extent(0), K = topic_total.extent(0);
  const double Wb = static_cast<double>(W) * beta, Ka = static_cast<double>(K) * alpha;
  double ll =
      static_cast<double>(K) * (std::lgamma(Wb) - static_cast<double>(W) * std::lgamma(beta));
  for (int64_t k = 0; k < K; ++k) {
    for (int64_t w = 0; w < W; ++w)
      ll += std::lgamma(word_topic(w, k) + beta);
    ll -= std::lgamma(topic_total(k) + Wb);
  }
  ll += static_cast<double>(D) * (std::lgamma(Ka) - static_cast<double>(K) * std::lgamma(alpha));
  for (int64_t d = 0; d < D; ++d) {
    for (int64_t k = 0; k < K; ++k)
      ll += std::lgamma(doc_topic(d, k) + alpha);
    ll -= std::lgamma(static_cast<double>(doc_len(d)) + Ka);
  }
  return ll;
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

  auto tokens = orion::load_bag_of_words(args.corpus);
  if (tokens.nnz() == 0) {
    if (orion::is_root())
      std::fprintf(stderr, "lda: %s: no tokens\n", args.corpus);
    return 1;
  }
  const int64_t D = tokens.extent(0), W = tokens.extent(1);
  const int32_t K = args.topics;
  const double alpha = args.alpha, beta = args.beta, Wb = static_cast<double>(W) * beta;
  orion::DenseArray<int32_t, 2> doc_topic({D, K}), word_topic({W, K});
  orion::DenseArray<int32_t, 1> topic_total({K});

  // Random initial topics, drawn in a parallel loop over the tokens like the sampler's: on several
  // ranks each rank then holds only its share of the corpus (driver code iterating over `tokens`
  // would gather all of it onto every rank). With one worker the draws are the serial program's
  // (the replicated stream, in file order); with more, each worker's own. The documents' and
  // words' token counts, for the driver's check, are counted alongside.
  orion::DenseArray<int64_t, 1> doc_len({D}), word_len({W});
#pragma orion parallel_for relax(topic_total)
  for (auto &&[key, z] : tokens) {
    const int64_t d = key[0], w = key[1];
    z = static_cast<int32_t>(orion::rng().uniform_int(static_cast<uint64_t>(K)));
    ++doc_topic(d, z);
    ++word_topic(w, z);
    ++topic_total(z);
    ++doc_len(d);
    ++word_len(w);
  }

  double ll = 0;
  int first_iter = 0;
  if (args.checkpoint) {
    first_iter = static_cast<int>(
                     orion::restore(args.checkpoint, doc_topic, word_topic, topic_total, tokens)) +
                 1;
    if (first_iter > 0)
      ll = log_likelihood(doc_topic, word_topic, topic_total, doc_len, alpha, beta);
  }
  for (int iter = first_iter; iter < args.iters; ++iter) {
#pragma orion parallel_for relax(topic_total)
    for (auto &&[key, z] : tokens) {
      const int64_t d = key[0], w = key[1];
      const int32_t old_topic = z;
      --doc_topic(d, old_topic);
      --word_topic(w, old_topic);
      --topic_total(old_topic);
      // Draw from the unnormalized conditional: its total, then a walk down the same terms (in the
      // same order, so the running sum ends exactly at the total).
      double total = 0;
      for (int32_t k = 0; k < K; ++k)
        total += (doc_topic(d, k) + alpha) * (word_topic(w, k) + beta) / (topic_total(k) + Wb);
      double u = orion::rng().uniform() * total;
      int32_t new_topic = K - 1;
      for (int32_t k = 0; k < K - 1; ++k) {
        u -= (doc_topic(d, k) + alpha) * (word_topic(w, k) + beta) / (topic_total(k) + Wb);
        if (u < 0) {
          new_topic = k;
          break;
        }
      }
      z = new_topic;
      ++doc_topic(d, new_topic);
      ++word_topic(w, new_topic);
      ++topic_total(new_topic);
    }

    const std::string problem = check_counts(doc_topic, word_topic, topic_total, doc_len, word_len);
    if (!problem.empty()) {
      if (orion::is_root())
        std::fprintf(stderr, "lda: after iteration %d the counts are inconsistent: %s\n", iter,
                     problem.c_str());
      return 1;
    }
    ll = log_likelihood(doc_topic, word_topic, topic_total, doc_len, alpha, beta);
    if (orion::is_root())
      std::printf("iter %d loglik %.4f invariant ok\n", iter, ll);
    if (args.checkpoint)
      orion::checkpoint(args.checkpoint, iter, doc_topic, word_topic, topic_total, tokens);
  }
  if (orion::is_root())
    std::printf("final loglik %.4f invariant ok after %d iterations\n", ll, args.iters);
  return 0;
}

// A program for the checkpoint tests driven from outside (checkpoint_restart.py): writes and
// verifies checkpoints of arrays whose every element is a known function of (step, index), at
// whatever rank count mpirun gives it. One of them is a SparseArray distributed unevenly over the
// ranks (each rank holding its share, as loaders and parallel loops leave one), or whole on every
// rank with --orion-distribute=off (as loaders then leave one).
//
//   checkpoint_probe write DIR STEP ROWS     checkpoint step STEP of the pattern
//   checkpoint_probe verify DIR STEP ROWS    restore; every element must be pattern(STEP)
//   checkpoint_probe write-twice DIR ROWS    checkpoint step 1, print "step 1 written" and every
//                                            rank's pid, then checkpoint step 2 (to be killed
//                                            while it writes)
//
// Exit status 0 when the step and every element match; 1 with a message otherwise.
#include <orion/orion.hpp>

#include <array>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include <unistd.h>

namespace {

constexpr std::int64_t kCols = 64;

float matrix_value(std::int64_t step, std::int64_t i) {
  return static_cast<float>(step) * 1000.0f + static_cast<float>(i % 9973) * 0.25f;
}
std::int64_t count_value(std::int64_t step, std::int64_t i) { return step * 1'000'003 + i * i; }

constexpr std::array<std::int64_t, 2> kTokenExtents{211, 37};
std::array<std::int64_t, 2> token_key(std::int64_t i) {
  return {(i * 31) % kTokenExtents[0], i % kTokenExtents[1]};
}
std::int32_t token_value(std::int64_t step, std::int64_t i) {
  return static_cast<std::int32_t>(step * 7919 + i % 100'003);
}

bool distributing() {
  return orion::detail::comm_size() > 1 && orion::detail::state().options.distribute;
}

/// The n elements of the token pattern. Distributed, rank r of P holds
/// [n r^2 / P^2, n (r+1)^2 / P^2), so the shares differ in size; else every rank holds them all.
orion::SparseArray<std::int32_t, 2> tokens_at(std::int64_t step, std::int64_t n) {
  const std::int64_t r = orion::detail::comm_rank(), p = orion::detail::comm_size();
  const bool share = distributing();
  const std::int64_t lo = share ? n * r * r / (p * p) : 0;
  const std::int64_t hi = share ? n * (r + 1) * (r + 1) / (p * p) : n;
  std::vector<std::array<std::int64_t, 2>> keys;
  std::vector<std::int32_t> values;
  for (std::int64_t i = lo; i < hi; ++i) {
    keys.push_back(token_key(i));
    values.push_back(token_value(step, i));
  }
  if (!share)
    return orion::SparseArray<std::int32_t, 2>(kTokenExtents, std::move(keys), std::move(values));
  return orion::SparseArray<std::int32_t, 2>(orion::detail::distributed, kTokenExtents,
                                             std::move(keys), std::move(values), n);
}

struct Arrays {
  orion::DenseArray<float, 2> matrix;
  orion::DenseArray<std::int64_t, 1> counts;
  orion::SparseArray<std::int32_t, 2> tokens;
  std::int64_t token_count;

  explicit Arrays(std::int64_t rows)
      : matrix({rows, kCols}), counts({rows / 3 + 1}), token_count(rows / 4 + 3) {}

  void fill(std::int64_t step) {
    for (std::int64_t i = 0; i < matrix.size(); ++i)
      matrix.data()[i] = matrix_value(step, i);
    for (std::int64_t i = 0; i < counts.size(); ++i)
      counts(i) = count_value(step, i);
    tokens = tokens_at(step, token_count);
  }
  /// The first index that differs from pattern(step), or -1. Gathers the tokens whole.
  std::int64_t first_difference(std::int64_t step) const {
    for (std::int64_t i = 0; i < matrix.size(); ++i)
      if (matrix.data()[i] != matrix_value(step, i))
        return i;
    for (std::int64_t i = 0; i < counts.size(); ++i)
      if (counts(i) != count_value(step, i))
        return matrix.size() + i;
    const std::int64_t before = matrix.size() + counts.size();
    if (tokens.nnz() != token_count)
      return before;
    for (std::int64_t i = 0; i < token_count; ++i)
      if (tokens.key(i) != token_key(i) || tokens.value(i) != token_value(step, i))
        return before + i;
    return -1;
  }
};

int usage() {
  std::fputs("usage: checkpoint_probe write|verify DIR STEP ROWS | write-twice DIR ROWS\n", stderr);
  return 2;
}

} // namespace

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  std::vector<std::string> arg; // the probe's own arguments, the runtime's flags left out
  for (int i = 0; i < argc; ++i)
    if (!std::string_view(argv[i]).starts_with("--orion-"))
      arg.emplace_back(argv[i]);
  const auto count = static_cast<int>(arg.size());
  if (count < 4)
    return usage();
  const std::string mode = arg[1], dir = arg[2];
  if (mode == "write-twice" && count == 4) {
    Arrays a(std::stoll(arg[3]));
    a.fill(1);
    orion::checkpoint(dir, 1, a.matrix, a.counts, a.tokens);
    if (orion::is_root())
      std::printf("step 1 written\n");
    std::fflush(stdout);
    orion::detail::comm_barrier();
    std::printf("pid %d\n", static_cast<int>(::getpid()));
    std::fflush(stdout);
    orion::detail::comm_barrier();
    a.fill(2);
    orion::checkpoint(dir, 2, a.matrix, a.counts, a.tokens);
    if (orion::is_root())
      std::printf("step 2 written\n");
    return 0;
  }
  if (count != 5 || (mode != "write" && mode != "verify"))
    return usage();
  const std::int64_t step = std::stoll(arg[3]);
  Arrays a(std::stoll(arg[4]));
  if (mode == "write") {
    a.fill(step);
    orion::checkpoint(dir, step, a.matrix, a.counts, a.tokens);
    return 0;
  }
  a.fill(step + 1); // restore must overwrite every element
  const std::int64_t restored = orion::restore(dir, a.matrix, a.counts, a.tokens);
  // Restored, the tokens are spread over the ranks as a loader leaves them: no rank gathered them
  // (or whole everywhere, with --orion-distribute=off).
  if (a.tokens.distributed() != distributing()) {
    std::fprintf(stderr, "rank %d: the restored SparseArray is %s\n", orion::detail::comm_rank(),
                 a.tokens.distributed() ? "distributed, not whole" : "whole, not distributed");
    return 1;
  }
  const std::int64_t bad = restored == step ? a.first_difference(step) : -1;
  if (restored != step || bad >= 0) {
    std::fprintf(stderr, "rank %d: restored step %lld, expected %lld; first wrong element %lld\n",
                 orion::detail::comm_rank(), static_cast<long long>(restored),
                 static_cast<long long>(step), static_cast<long long>(bad));
    return 1;
  }
  if (orion::is_root())
    std::printf("restored step %lld on %d rank(s)\n", static_cast<long long>(restored),
                orion::detail::comm_size());
  return 0;
}

// Diagonal smoothing: every point is blended with its upper-right neighbour, in place.
//
//   skewed_stencil [--n N] [--passes P]
//
// A(i, j) = (A(i, j) + A(i - 1, j + 1)) / 2 reads a value the same pass wrote one row up and one
// column right: the dependence distance is (1, -1). Neither rows nor columns can be split between
// workers (every row and every column carries it), and no 2D schedule keeps it. Skewing the space
// by T = [[1, 0], [1, 1]] (c1 = i + j) maps the distance to (1, 0): the anti-diagonals c1 are
// independent, and orionc partitions them across workers (the unimodular path). Every point is
// computed from the same values as in the serial program, so the result is bit-identical.
//
// The same file is the serial program (any C++20 compiler, `#pragma orion` ignored) and the
// parallel one (through orionc).

#include <orion/orion.hpp>

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <string_view>

namespace {

constexpr const char *kUsage = "usage: skewed_stencil [--n N] [--passes P]\n";

struct Args {
  int64_t n = 300;
  int passes = 5;
};

template <typename T> bool parse_number(std::string_view s, T &out) {
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && p == s.data() + s.size();
}

// Returns false on a usage error. Runtime flags (--orion-*) are skipped.
bool parse_args(int argc, char **argv, Args &args) {
  for (int a = 1; a < argc; ++a) {
    const std::string_view flag = argv[a];
    if (flag.starts_with("--orion-"))
      continue;
    if (a + 1 >= argc)
      return false;
    const std::string_view v = argv[++a];
    bool ok = false;
    if (flag == "--n")
      ok = parse_number(v, args.n) && args.n >= 2;
    else if (flag == "--passes")
      ok = parse_number(v, args.passes) && args.passes >= 0;
    if (!ok)
      return false;
  }
  return true;
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
  const int64_t N = args.n;
  orion::DenseArray<double, 2> A({N, N});
  A.fill_uniform(0.0, 1.0, /*seed=*/11);

  for (int pass = 0; pass < args.passes; ++pass) {
#pragma orion parallel_for
    for (int64_t i = 1; i < N; ++i)
      for (int64_t j = 0; j < N - 1; ++j)
        A(i, j) = 0.5 * (A(i, j) + A(i - 1, j + 1));

    double sum = 0;
    for (int64_t i = 0; i < N; ++i)
      for (int64_t j = 0; j < N; ++j)
        sum += A(i, j);
    if (orion::is_root())
      std::printf("pass %d sum %.12e corner %.12e\n", pass, sum, A(N - 1, 0));
  }
  return 0;
}

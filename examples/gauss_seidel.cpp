// Gauss–Seidel sweeps for the Poisson equation -Δu = f on the unit square, u = 0 on the
// boundary, discretized on an N x N grid.
//
//   gauss_seidel [--n N] [--sweeps S]
//
// Each sweep updates the grid in place, row by row: a point uses the new values of its upper and
// left neighbours and the old values of the others. That order matters, so the loop is `ordered`
// and orionc runs it as a 2D wavefront (worker w updates its rows of column block b once worker
// w - 1 is done with b); the result is bit-identical to the serial program. Prints, on the root
// only, the largest change of each sweep and a checksum of the final grid.
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

constexpr const char *kUsage = "usage: gauss_seidel [--n N] [--sweeps S]\n";

struct Args {
  int64_t n = 200;
  int sweeps = 20;
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
      ok = parse_number(v, args.n) && args.n >= 3;
    else if (flag == "--sweeps")
      ok = parse_number(v, args.sweeps) && args.sweeps >= 0;
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
  const double h = 1.0 / static_cast<double>(N - 1);
  const double h2 = h * h;

  // Right-hand side: two Gaussian sources of opposite sign.
  orion::DenseArray<double, 2> f({N, N}), u({N, N});
  for (int64_t i = 0; i < N; ++i)
    for (int64_t j = 0; j < N; ++j) {
      const double x = static_cast<double>(i) * h, y = static_cast<double>(j) * h;
      f(i, j) = 100.0 * std::exp(-50.0 * ((x - 0.3) * (x - 0.3) + (y - 0.4) * (y - 0.4))) -
                60.0 * std::exp(-80.0 * ((x - 0.7) * (x - 0.7) + (y - 0.6) * (y - 0.6)));
    }
  orion::Accumulator<double, orion::Max> change(0.0);

  for (int sweep = 0; sweep < args.sweeps; ++sweep) {
#pragma orion parallel_for ordered
    for (int64_t i = 1; i < N - 1; ++i)
      for (int64_t j = 1; j < N - 1; ++j) {
        const double v =
            0.25 * (u(i - 1, j) + u(i + 1, j) + u(i, j - 1) + u(i, j + 1) + h2 * f(i, j));
        change += std::fabs(v - u(i, j));
        u(i, j) = v;
      }
    const double largest = change.aggregate();
    change.reset();
    if (orion::is_root())
      std::printf("sweep %d max_change %.12e\n", sweep, largest);
  }

  double sum = 0, sum_sq = 0;
  for (int64_t i = 0; i < N; ++i)
    for (int64_t j = 0; j < N; ++j) {
      sum += u(i, j);
      sum_sq += u(i, j) * u(i, j);
    }
  if (orion::is_root())
    std::printf("checksum sum %.12e sum_sq %.12e centre %.12e\n", sum, sum_sq, u(N / 2, N / 2));
  return 0;
}

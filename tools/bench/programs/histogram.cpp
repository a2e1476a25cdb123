// Histogram with relax(): the benchmark program of tools/bench/shared_params.py (issue 13).
//
//   histogram [--n N] [--bins B] [--passes P] [--seed S]
//
// N data points, each a bin in [0, B) and an integer value in [0, 1000), drawn by the driver from
// a splitmix64 stream (the same on every rank). Each pass zeroes counts and sums and runs
//
//   #pragma orion parallel_for relax(counts, sums)
//   for (i = 0; i < N; ++i) { counts(bin(i)) += 1; sums(bin(i)) += value(i); }
//
// Compiled by g++ the pragma is ignored: that build is the serial baseline (the same loop with
// no relax and no runtime). Through orionc every worker counts into its own slots and the runtime
// merges them at the end of the loop. Before it, each pass also runs the same loop as plain
// driver code (never parallelized) into reference arrays: its time is a serial baseline measured
// in the same process, and its result is what the relaxed loop must equal exactly (integers).
//
// The root prints one line per pass, with the program's own timings (steady_clock around each
// loop), then a final line with the totals and whether every count and sum equalled the
// reference in every pass ("exact yes") or not ("exact NO", exit status 1).

#include <orion/orion.hpp>

#include <charconv>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string_view>
#include <vector>

namespace {

struct Args {
  int64_t n = 20'000'000;
  int64_t bins = 65536;
  int passes = 5;
  uint64_t seed = 1;
};

template <typename T> bool parse_number(std::string_view s, T &out) {
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && p == s.data() + s.size();
}

bool parse_args(int argc, char **argv, Args &args) {
  for (int a = 1; a < argc; ++a) {
    const std::string_view arg = argv[a];
    if (arg.starts_with("--orion-"))
      continue;
    if (a + 1 >= argc)
      return false;
    const std::string_view v = argv[++a];
    bool ok = false;
    if (arg == "--n")
      ok = parse_number(v, args.n) && args.n > 0;
    else if (arg == "--bins")
      ok = parse_number(v, args.bins) && args.bins > 0 && args.bins <= (int64_t{1} << 30);
    else if (arg == "--passes")
      ok = parse_number(v, args.passes) && args.passes > 0;
    else if (arg == "--seed")
      ok = parse_number(v, args.seed);
    if (!ok)
      return false;
  }
  return true;
}

uint64_t splitmix64(uint64_t &state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

} // namespace

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  Args args;
  if (!parse_args(argc, argv, args)) {
    if (orion::is_root())
      std::fputs("usage: histogram [--n N] [--bins B] [--passes P] [--seed S]\n", stderr);
    return 2;
  }
  const int64_t N = args.n, B = args.bins;
  orion::DenseArray<int32_t, 1> bin({N}), value({N});
  uint64_t state = args.seed;
  for (int64_t i = 0; i < N; ++i) {
    const uint64_t r = splitmix64(state);
    bin(i) = static_cast<int32_t>(r % static_cast<uint64_t>(B));
    value(i) = static_cast<int32_t>((r >> 40) % 1000);
  }
  orion::DenseArray<int64_t, 1> counts({B}), sums({B});
  std::vector<int64_t> ref_counts(static_cast<std::size_t>(B)), ref_sums(static_cast<std::size_t>(B));

  bool exact = true;
  int64_t total_count = 0, total_sum = 0;
  for (int pass = 0; pass < args.passes; ++pass) {
    // The plain loop: driver code, serial in every build.
    auto t0 = std::chrono::steady_clock::now();
    for (int64_t b = 0; b < B; ++b)
      ref_counts[static_cast<std::size_t>(b)] = ref_sums[static_cast<std::size_t>(b)] = 0;
    for (int64_t i = 0; i < N; ++i) {
      const auto b = static_cast<std::size_t>(bin(i));
      ref_counts[b] += 1;
      ref_sums[b] += value(i);
    }
    const double plain_s = seconds_since(t0);

    t0 = std::chrono::steady_clock::now();
    for (int64_t b = 0; b < B; ++b)
      counts(b) = sums(b) = 0;
#pragma orion parallel_for relax(counts, sums)
    for (int64_t i = 0; i < N; ++i) {
      const int64_t b = bin(i);
      counts(b) += 1;
      sums(b) += value(i);
    }
    const double relax_s = seconds_since(t0);

    bool pass_exact = true;
    total_count = total_sum = 0;
    for (int64_t b = 0; b < B; ++b) {
      pass_exact = pass_exact && counts(b) == ref_counts[static_cast<std::size_t>(b)] &&
                   sums(b) == ref_sums[static_cast<std::size_t>(b)];
      total_count += counts(b);
      total_sum += sums(b);
    }
    exact = exact && pass_exact;
    if (orion::is_root())
      std::printf("pass %d plain_s %.6f relax_s %.6f exact %s\n", pass, plain_s, relax_s,
                  pass_exact ? "yes" : "NO");
  }
  if (orion::is_root())
    std::printf("final n %lld bins %lld total_count %lld total_sum %lld exact %s\n",
                static_cast<long long>(N), static_cast<long long>(B),
                static_cast<long long>(total_count), static_cast<long long>(total_sum),
                exact ? "yes" : "NO");
  return exact ? 0 : 1;
}

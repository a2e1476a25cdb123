// A histogram with a relaxed counts array and an accumulator: exact on any number of workers.
#include "hist_config.hpp"
#include "report.hpp"

#include <orion/orion.hpp>

#include <cstdlib>
#include <vector>

#if !defined(HIST_FROM_OPTIONS) || !defined(HIST_FROM_FLAGS)
#error "HIST_FROM_OPTIONS comes from the target's compile options, HIST_FROM_FLAGS from CMAKE_CXX_FLAGS"
#endif

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  const std::int64_t n = argc > 1 && argv[1][0] != '-' ? std::atoll(argv[1]) : 100000;
  orion::DenseArray<double, 1> x({n});
  orion::DenseArray<std::int64_t, 1> counts({kBins});
  for (std::int64_t i = 0; i < n; ++i)
    x(i) = static_cast<double>((i * 7919) % 1000) / 1000.0;
  orion::Accumulator<double> sum;
#pragma orion parallel_for relax(counts)
  for (std::int64_t i = 0; i < n; ++i) {
    counts(static_cast<std::int64_t>(x(i) * kBins)) += 1;
    sum += x(i);
  }
  std::vector<std::int64_t> result(kBins);
  for (std::int64_t b = 0; b < kBins; ++b)
    result[b] = counts(b);
  const double total = sum.aggregate();
  if (orion::is_root())
    print_report(result, total);
  return 0;
}

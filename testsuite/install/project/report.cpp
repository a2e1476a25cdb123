// No parallel loop here: orionc passes the file through.
#include "report.hpp"

#include <cstdio>

#ifndef REPORT_FROM_SOURCE
#error "REPORT_FROM_SOURCE comes from report.cpp's COMPILE_DEFINITIONS property"
#endif

void print_report(const std::vector<std::int64_t> &counts, double sum) {
  std::int64_t total = 0;
  for (std::size_t b = 0; b < counts.size(); ++b) {
    std::printf("bin %zu: %lld\n", b, static_cast<long long>(counts[b]));
    total += counts[b];
  }
  std::printf("total %lld sum %.6f\n", static_cast<long long>(total), sum);
}

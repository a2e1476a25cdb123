// An array a parallel loop writes whose elements hold an address: the ranks exchange elements as
// bytes, so another rank's copy points into the sender's memory. Regression test: a loop setting
// `label(i) = x(i) > 0 ? "positive" : "negative"` on a DenseArray<std::string_view, 1> compiled,
// and at 2 ranks rank 0 crashed (SIGSEGV) printing the labels rank 1 computed. Arrays the loop
// only reads, and elements without addresses, are fine.
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s --implicit-check-not=error:
#include <orion/orion.hpp>

#include <string_view>

struct Tagged {
  double value;
  const char *tag;
};
struct Plain {
  double value;
  int tag;
};

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  const int64_t N = 8;
  orion::DenseArray<double, 1> x({N});
  orion::DenseArray<std::string_view, 1> label({N});
  orion::DenseArray<Tagged, 1> tagged({N});
  orion::DenseArray<Plain, 1> plain({N});
  orion::DenseArray<const char *, 1> names({N}, "n");
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    label(i) = x(i) > 0 ? "positive" : "negative";
    tagged(i) = Tagged{x(i), names(i)};
    plain(i) = Plain{x(i), names(i)[0]};
  }
  // CHECK: element_holds_address.cpp:[[@LINE-5]]:3: error: the parallel loop writes 'label', whose elements ('std::string_view') hold a pointer (a basic_string_view): the ranks exchange elements as bytes, so on another rank the address would point into the sender's memory; store what the address refers to, or an index into a table every rank has (an int into a std::vector<std::string>)
  // CHECK: element_holds_address.cpp:[[@LINE-6]]:3: error: the parallel loop writes 'tagged', whose elements ('Tagged') hold the member 'tag', which holds a pointer
  return 0;
}

// Writing an element of a std::vector declared outside the loop is a write to an outer variable
// (each worker writes its own copy): it must be warned about like a plain variable or C array.
// Regression test: this was a bug, fixed in the front end.
// It was: no warning for `hist[i] = ...` (the C array and the struct member are warned about).
// RUN: %orionc --dump=loops %s 2>&1 | FileCheck %s
#include <orion/orion.hpp>
#include <vector>

struct Stats {
  int64_t n = 0;
};

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 10;
  orion::DenseArray<float, 1> A({N});
  std::vector<float> hist(N);
  float raw[16] = {};
  Stats stats;
  // CHECK: {{.*}}write_to_outer_container.cpp:[[@LINE+6]]:5: warning: 'hist' is declared outside the parallel loop;
  // CHECK: {{.*}}write_to_outer_container.cpp:[[@LINE+6]]:5: warning: 'raw' is declared outside the parallel loop;
  // CHECK: {{.*}}write_to_outer_container.cpp:[[@LINE+6]]:5: warning: 'stats' is declared outside the parallel loop;
  // CHECK: 3 warnings generated.
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    hist[i] = A(i);
    raw[i % 16] += 1;
    stats.n++;
  }
}

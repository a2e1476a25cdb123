// Writing an element of a container, a C array or a struct member declared outside the loop is a
// write to an outer variable (each worker writes its own copy): an error like a plain variable.
// So is calling a non-const method of an outer object. Regression test: `hist[i] = ...` once
// went unnoticed; all of these were warnings.
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s
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
  std::vector<float> seen;
  float raw[16] = {};
  Stats stats;
  // CHECK: {{.*}}write_to_outer_container.cpp:[[@LINE+8]]:5: error: 'hist' is declared outside the parallel loop
  // CHECK: {{.*}}write_to_outer_container.cpp:[[@LINE+8]]:5: error: 'raw' is declared outside the parallel loop
  // CHECK: {{.*}}write_to_outer_container.cpp:[[@LINE+8]]:5: error: 'stats' is declared outside the parallel loop
  // CHECK: {{.*}}write_to_outer_container.cpp:[[@LINE+8]]:5: error: 'seen' is declared outside the parallel loop
  // CHECK-NOT: error:
  // CHECK: 4 errors generated.
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    hist[i] = A(i);
    raw[i % 16] += 1;
    stats.n++;
    seen.push_back(A(i) + hist[i] + raw[0]);
  }
}

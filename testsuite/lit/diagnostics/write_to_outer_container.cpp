// Writing an element of a container, a C array or a struct member declared outside the loop is a
// write to an outer variable (each worker writes its own copy): an error like a plain variable.
// So is calling a non-const method of an outer object, writing a member of the object a method
// runs on, and writing through a reference declared in the body. Regression test: `hist[i] = ...`
// once went unnoticed; all of these were warnings (the member and the reference went unnoticed).
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s
#include <orion/orion.hpp>
#include <vector>

struct Stats {
  int64_t n = 0;
};

struct Model {
  orion::DenseArray<float, 1> w{{16}};
  int64_t steps = 0;
  void train() {
    // CHECK: {{.*}}write_to_outer_container.cpp:[[@LINE+4]]:9: error: 'steps' is declared outside the parallel loop
#pragma orion parallel_for
    for (int64_t i = 0; i < 16; ++i) {
      w(i) += 1;
      ++steps;
    }
  }
};

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 10;
  orion::DenseArray<float, 1> A({N});
  std::vector<float> hist(N);
  std::vector<float> seen;
  float raw[16] = {};
  Stats stats;
  double total = 0;
  // CHECK: {{.*}}write_to_outer_container.cpp:[[@LINE+9]]:5: error: 'hist' is declared outside the parallel loop
  // CHECK: {{.*}}write_to_outer_container.cpp:[[@LINE+9]]:5: error: 'raw' is declared outside the parallel loop
  // CHECK: {{.*}}write_to_outer_container.cpp:[[@LINE+9]]:5: error: 'stats' is declared outside the parallel loop
  // CHECK: {{.*}}write_to_outer_container.cpp:[[@LINE+9]]:5: error: 'seen' is declared outside the parallel loop
  // CHECK: {{.*}}write_to_outer_container.cpp:[[@LINE+10]]:5: error: 'total' is declared outside the parallel loop
  // CHECK-NOT: error:
  // CHECK: 6 errors generated.
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    hist[i] = A(i);
    raw[i % 16] += 1;
    stats.n++;
    seen.push_back(A(i) + hist[i] + raw[0]);
    auto &sum = total;
    sum += A(i);
  }
}

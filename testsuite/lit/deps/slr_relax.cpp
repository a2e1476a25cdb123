// Sparse logistic regression with relax(w): the data-dependent weight updates are exempt (stale
// reads accepted, as Orion's data-parallel SLR). Nothing else is written except the accumulator:
// no dependences, 1D. The second loop (prediction) only reads w at unknown ids: no dependence
// without any clause, and w is a served array. The third loop sums the gradient into
// per-feature accumulators (a reduction, whatever the index) and only reads w: 1D, no clause.
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cmath>
#include <cstdlib>
#include <vector>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]), F = std::atoll(argv[2]);
  const int64_t S = 4;
  orion::DenseArray<int64_t, 2> feat({N, S});
  orion::DenseArray<float, 2> X({N, S});
  orion::DenseArray<float, 1> label({N}), w({F}), prob({N});
  orion::Accumulator<double> loss;
  std::vector<orion::Accumulator<float>> grad(F);
  const float lr = 0.1f;
#pragma orion parallel_for relax(w)
  for (auto &&[key, y] : label) {
    const int64_t n = key[0];
    float margin = 0;
    for (int64_t j = 0; j < S; ++j)
      margin += w(feat(n, j)) * X(n, j);
    const float g = 1.0f / (1.0f + std::exp(-margin)) - y;
    for (int64_t j = 0; j < S; ++j)
      w(feat(n, j)) -= lr * g * X(n, j);
    loss += g * g;
  }
#pragma orion parallel_for
  for (int64_t n = 0; n < N; ++n) {
    float margin = 0;
    for (int64_t j = 0; j < S; ++j)
      margin += w(feat(n, j)) * X(n, j);
    prob(n) = 1.0f / (1.0f + std::exp(-margin));
  }
#pragma orion parallel_for
  for (auto &&[key, y] : label) {
    const int64_t n = key[0];
    float margin = 0;
    for (int64_t j = 0; j < S; ++j)
      margin += w(feat(n, j)) * X(n, j);
    const float g = 1.0f / (1.0f + std::exp(-margin)) - y;
    for (int64_t j = 0; j < S; ++j)
      grad[feat(n, j)] += g * X(n, j);
  }
}

// CHECK-LABEL: loop 0 at {{.*}}slr_relax.cpp:23:3 in 'main': unordered, array iteration of 'label' over (key[0])
// CHECK: dependences:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: 1d (0){{ +}}1D: partition key[0] across workers; no dependence crosses partitions
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: 1d (0)
// CHECK-NEXT: why: 1D needs no communication during the loop; preferred over 2D
// CHECK: arrays:
// CHECK-NEXT: label{{ +}}local
// CHECK-NEXT: w{{ +}}relaxed
// CHECK-NEXT: feat{{ +}}local
// CHECK-NEXT: X{{ +}}local
// CHECK-NEXT: loss{{ +}}reduction
// CHECK-EMPTY:
// CHECK-LABEL: loop 1 at {{.*}}slr_relax.cpp:34:3 in 'main': unordered, counted nest over (n)
// CHECK: dependences:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: 1d (0){{ +}}1D: partition n across workers; no dependence crosses partitions
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: 1d (0)
// CHECK-NEXT: why: 1D needs no communication during the loop; preferred over 2D
// CHECK: arrays:
// CHECK-NEXT: w{{ +}}served
// CHECK-NEXT: feat{{ +}}local
// CHECK-NEXT: X{{ +}}local
// CHECK-NEXT: prob{{ +}}local
// CHECK-EMPTY:
// CHECK-LABEL: loop 2 at {{.*}}slr_relax.cpp:41:3 in 'main': unordered, array iteration of 'label' over (key[0])
// CHECK: dependences:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: 1d (0){{ +}}1D: partition key[0] across workers; no dependence crosses partitions
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: 1d (0)
// CHECK-NEXT: why: 1D needs no communication during the loop; preferred over 2D
// CHECK: arrays:
// CHECK-NEXT: label{{ +}}local
// CHECK-NEXT: w{{ +}}served
// CHECK-NEXT: feat{{ +}}local
// CHECK-NEXT: X{{ +}}local
// CHECK-NEXT: grad{{ +}}reduction

// Array roles with a coupled subscript: A(i, j) = A(i, i) * c under 1D along i. Every reference
// subscripts dimension 0 of A with exactly i (A(i, i) too), so A is local, partitioned along its
// dimension 0 with the iterations: no remote traffic. (Dependences: diagonal_coupled.cpp.)
// Regression test: this was a bug, fixed in the front end / passes.
// It was: orionc gives A the role `served` ("written, not aligned with a partitioned dimension"):
// for A(i, i) it takes the last dimension that matches i (1) and then finds A(i, j) disagreeing
// (0), instead of a dimension that every reference has (0).
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]);
  const double c = 0.5;
  orion::DenseArray<double, 2> A({N, N});
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    for (int64_t j = 0; j < N; ++j)
      A(i, j) = A(i, i) * c;
}

// CHECK-LABEL: loop 0 at {{.*}}roles_diagonal.cpp:18:3
// CHECK: schedule: 1d (0)
// CHECK: arrays:
// CHECK-NEXT: A{{ +}}local{{ +}}indexed by i in dimension 0

// Body locals are private to each iteration (docs/pragma-reference.md), including an
// orion::DenseArray created in the body: tmp(0) written and read by every iteration is not a
// dependence, and neither are private scalars and std::vectors. Only B(i) (one element per
// iteration) is shared: no dependences, 1D.
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>
#include <vector>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]);
  orion::DenseArray<double, 1> B({N});
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    orion::DenseArray<double, 1> tmp({4});
    tmp(0) = static_cast<double>(i);
    B(i) = tmp(0);
  }
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    std::vector<double> scratch(4, 0.0);
    double acc = 0;
    for (int64_t k = 0; k < 4; ++k) {
      scratch[k] = static_cast<double>(i + k);
      acc += scratch[k];
    }
    B(i) = acc;
  }
}

// CHECK-LABEL: loop 0 at {{.*}}private_locals.cpp:15:3 in 'main': unordered, counted nest over (i)
// CHECK: dependences:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: 1d (0){{ +}}1D: partition i across workers; no dependence crosses partitions
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: 1d (0)
// CHECK-NEXT: why: 1D needs no communication during the loop; preferred over 2D
// CHECK: arrays:
// CHECK-NEXT: B{{ +}}local
// CHECK-EMPTY:
// CHECK-LABEL: loop 1 at {{.*}}private_locals.cpp:21:3 in 'main': unordered, counted nest over (i)
// CHECK: dependences:
// CHECK-NEXT: (none)
// CHECK-EMPTY:
// CHECK-NEXT: legal schedules:
// CHECK-NEXT: 1d (0){{ +}}1D: partition i across workers; no dependence crosses partitions
// CHECK-NEXT: bytes moved per pass:
// CHECK-EMPTY:
// CHECK-NEXT: schedule: 1d (0)
// CHECK-NEXT: why: 1D needs no communication during the loop; preferred over 2D
// CHECK: arrays:
// CHECK-NEXT: B{{ +}}local

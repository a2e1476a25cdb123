// A subscript built from a lambda's parameter is unknown (the analysis does not follow calls);
// the reason should say that it is a parameter.
// Regression test: this was a bug, fixed in the front end.
// It was: the reason given is "'j' has no initializer", which is confusing for a parameter.
// RUN: %orionc --dump=loops %s | FileCheck %s
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 64;
  orion::DenseArray<float, 1> A({N}), C({N});
#pragma orion parallel_for
  for (int64_t i = 1; i < N; ++i) {
    auto update = [&](int64_t j) { C(j) += A(j - 1); };
    update(i);
  }
}

// CHECK: #0 readwrite C(?) 14:36 C(j)
// CHECK-NEXT: subscript 0 'j' is unknown: {{.*}}'j' is a {{.*}}parameter
// CHECK-NEXT: #1 read A(?) 14:44 A(j - 1)
// CHECK-NEXT: subscript 0 'j - 1' is unknown: {{.*}}'j' is a {{.*}}parameter

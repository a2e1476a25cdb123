// A clause given twice is an error at the second one. The loop under the malformed pragma is not
// driver code: before, a loop over a loaded SparseArray there also got the warning "driver code
// reads the elements of 'R' here ...".
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s --implicit-check-not=warning:
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 10;
  orion::DenseArray<float, 1> A({N});
  // CHECK: {{.*}}duplicate_clause.cpp:[[@LINE+3]]:47: error: duplicate clause 'histogram'
  // CHECK-NEXT: | #pragma orion parallel_for histogram repeated histogram
  // CHECK-NEXT: | ^
#pragma orion parallel_for histogram repeated histogram
  for (int64_t i = 0; i < N; ++i)
    A(i) = 2;
  auto R = orion::load_triplets<float>(argv[1]);
  orion::Accumulator<double> sum;
  // CHECK: {{.*}}duplicate_clause.cpp:[[@LINE+1]]:36: error: duplicate clause 'ordered'
#pragma orion parallel_for ordered ordered
  for (auto &&[k, v] : R)
    sum += v;
}

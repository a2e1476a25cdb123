// A row of a const array is a std::span<const T>: its iterators and data() hand out nothing to
// write through, so std::inner_product over `cr.begin(), cr.end()` only reads C. It used to count
// as a write of C's row (RAW/WAR at every distance, no schedule, "relax(C)" suggested). A row of
// a non-const array passed the same way still counts as a write.
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>

#include <numeric>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = 40, K = 3, D = 2;
  orion::DenseArray<double, 2> X({N, D}), C({K, D});
  const auto &Cc = C;
  orion::DenseArray<int64_t, 1> best({N}, 0);
#pragma orion parallel_for
  for (int64_t n = 0; n < N; ++n) {
    double bs = -1e300;
    for (int64_t k = 0; k < K; ++k) {
      auto cr = Cc.row(k);
      const double sc = std::inner_product(cr.begin(), cr.end(), X.row(n).begin(), 0.0);
      if (sc > bs) {
        bs = sc;
        best(n) = k;
      }
    }
  }
}
// CHECK:      #0   R C(k, :)
// CHECK-NEXT: #1   R C(k, :)
// CHECK-NEXT: #2   X X(n, :)
// CHECK:      dependences:
// CHECK-NEXT: (none)
// CHECK:      schedule: 1d (0)

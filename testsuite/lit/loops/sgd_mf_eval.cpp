// SGD MF evaluation: only reads of W and H, the value read through the binding, two accumulators.
// RUN: %orionc --dump=loops %s | FileCheck %s
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  auto test = orion::load_triplets<float>(argv[1]);
  const int64_t U = test.extent(0), I = test.extent(1);
  const int K = 8;
  orion::DenseArray<float, 2> W({U, K}), H({I, K});
  orion::Accumulator<double> sq_err;
  orion::Accumulator<int64_t> count;
#pragma orion parallel_for
  for (auto &&[key, r] : test) {
    float pred = 0;
    for (int k = 0; k < K; ++k)
      pred += W(key[0], k) * H(key[1], k);
    const float e = r - pred;
    sq_err += e * e;
    count += 1;
  }
}

// CHECK: sgd_mf_eval.cpp: 1 parallel loop
// CHECK-LABEL: loop 0 at {{.*}}sgd_mf_eval.cpp:14:3 in 'main' (pragma on line 13)
// CHECK-NEXT: clauses: (none)
// CHECK-NEXT: order: unordered
// CHECK-NEXT: iteration space: array 'test' (sparse<float, 2>), key 'key', value 'r'
// CHECK-NEXT: dim 0: key[0] in [0, test.extent(0))
// CHECK-NEXT: dim 1: key[1] in [0, test.extent(1))
// CHECK-NEXT: parameters: test.extent(0), test.extent(1)
// CHECK-NEXT: inner loops:
// CHECK-NEXT: #0 k in [0, K) at line 16
// CHECK-NEXT: arrays:
// CHECK-NEXT: test sparse<float, 2>
// CHECK-NEXT: W dense<float, 2>
// CHECK-NEXT: H dense<float, 2>
// CHECK-NEXT: sq_err accumulator<double>
// CHECK-NEXT: count accumulator<int64_t>
// CHECK-NEXT: refs:
// CHECK-NEXT: #0 read W(key[0], k) 17:15 W(key[0], k)
// CHECK-NEXT: #1 read H(key[1], k) 17:30 H(key[1], k)
// CHECK-NEXT: #2 read test(key[0], key[1]) 18:21 r via 'r'
// CHECK-NEXT: #3 reduce sq_err 19:5 sq_err += e * e
// CHECK-NEXT: #4 reduce count 20:5 count += 1
// CHECK-NOT: #{{[0-9]}}

// Aliases: a non-const reference to an element is written through (`w += 1`, `w = ...`), a const
// reference is read through, and a copied row (`auto row = W.row(u)`) aliases the whole row.
// RUN: %orionc --dump=loops %s | FileCheck %s
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  auto ratings = orion::load_triplets<float>(argv[1]);
  const int64_t U = ratings.extent(0), I = ratings.extent(1);
  constexpr int K = 8;
  orion::DenseArray<float, 2> W({U, K}), H({I, K});
#pragma orion parallel_for
  for (auto &&[key, r] : ratings) {
    const int64_t u = key[0], i = key[1];
    for (int k = 0; k < K; ++k) {
      auto &w = W(u, k);
      const auto &h = H(i, k);
      w += 1;
      w = w * h;
    }
    auto row = W.row(u);
    for (int k = 0; k < K; ++k)
      row[k] = row[k] + r;
  }
}

// CHECK: alias_refs.cpp: 1 parallel loop
// CHECK-LABEL: loop 0 at {{.*}}alias_refs.cpp:13:3 in 'main' (pragma on line 12)
// CHECK-NEXT: clauses: (none)
// CHECK-NEXT: order: unordered
// CHECK-NEXT: iteration space: array 'ratings' (sparse<float, 2>), key 'key', value 'r'
// CHECK-NEXT: dim 0: key[0] in [0, ratings.extent(0))
// CHECK-NEXT: dim 1: key[1] in [0, ratings.extent(1))
// CHECK-NEXT: parameters: ratings.extent(0), ratings.extent(1)
// CHECK-NEXT: inner loops:
// CHECK-NEXT: #0 k in [0, K) at line 15
// CHECK-NEXT: #1 k in [0, K) at line 22
// CHECK-NEXT: arrays:
// CHECK-NEXT: ratings sparse<float, 2>
// CHECK-NEXT: W dense<float, 2>
// CHECK-NEXT: H dense<float, 2>
// CHECK-NEXT: refs:
// CHECK-NEXT: #0 readwrite W(key[0], k) 18:7 w via 'w'
// CHECK-NEXT: #1 write W(key[0], k) 19:7 w via 'w'
// CHECK-NEXT: #2 read W(key[0], k) 19:11 w via 'w'
// CHECK-NEXT: #3 read H(key[1], k) 19:15 h via 'h'
// CHECK-NEXT: #4 write W(key[0], k) 23:7 row[k] via 'row'
// CHECK-NEXT: #5 read W(key[0], k) 23:16 row[k] via 'row'
// CHECK-NEXT: #6 read ratings(key[0], key[1]) 23:25 r via 'r'
// CHECK-NOT: #{{[0-9]}}

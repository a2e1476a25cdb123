// Every clause, as spelled, in the dump: ordered, unordered, partition(d0[, d1]), histogram,
// repeated, relax(A, ...); clauses may be separated by commas.
// RUN: %orionc --dump=loops %s | FileCheck %s
// RUN: %orionc --dump=loops --format=json %s | FileCheck %s --check-prefix=JSON
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  orion::SparseArray<float, 2> R({100, 100});
  orion::DenseArray<float, 2> W({100, 4}), H({100, 4});
  orion::DenseArray<float, 1> summary({4}), total({1});
#pragma orion parallel_for ordered partition(1, 0)
  for (auto &&[key, r] : R)
    W(key[0], 0) += H(key[1], 0) * r;
#pragma orion parallel_for unordered histogram repeated
  for (auto &&[key, r] : R)
    W(key[0], 1) += r;
#pragma orion parallel_for relax(summary, total), partition(1)
  for (auto &&[key, r] : R) {
    summary(key[1] % 4) += r;
    total(0) += r;
  }
}

// CHECK: clauses.cpp: 3 parallel loops
// CHECK-LABEL: loop 0 at {{.*}}clauses.cpp:13:3 in 'main' (pragma on line 12)
// CHECK-NEXT: clauses: ordered partition(1, 0)
// CHECK-NEXT: order: ordered
// CHECK-LABEL: loop 1 at {{.*}}clauses.cpp:16:3 in 'main' (pragma on line 15)
// CHECK-NEXT: clauses: unordered histogram repeated
// CHECK-NEXT: order: unordered
// CHECK-LABEL: loop 2 at {{.*}}clauses.cpp:19:3 in 'main' (pragma on line 18)
// CHECK-NEXT: clauses: relax(summary, total) partition(1)
// CHECK-NEXT: order: unordered
// CHECK: arrays:
// CHECK-NEXT: R sparse<float, 2>
// CHECK-NEXT: summary dense<float, 1>
// CHECK-NEXT: total dense<float, 1>
// CHECK-NEXT: refs:
// CHECK-NEXT: #0 readwrite summary(?) 20:5 summary(key[1] % 4)
// CHECK-NEXT: subscript 0 'key[1] % 4' is unknown: 'key[1] % 4' is not affine (operator '%')
// CHECK-NEXT: #1 read R(key[0], key[1]) 20:28 r via 'r'
// CHECK-NEXT: #2 readwrite total(0) 21:5 total(0)
// CHECK-NEXT: #3 read R(key[0], key[1]) 21:17 r via 'r'

// JSON: "pragma_line": 12,
// JSON: "ordered": true,
// JSON-NEXT: "clauses": [
// JSON-NEXT: "ordered",
// JSON-NEXT: "partition(1, 0)"
// JSON-NEXT: ],
// JSON: "pragma_line": 15,
// JSON: "ordered": false,
// JSON-NEXT: "clauses": [
// JSON-NEXT: "unordered",
// JSON-NEXT: "histogram",
// JSON-NEXT: "repeated"
// JSON-NEXT: ],
// JSON: "pragma_line": 18,
// JSON: "ordered": false,
// JSON-NEXT: "clauses": [
// JSON-NEXT: "relax(summary, total)",
// JSON-NEXT: "partition(1)"
// JSON-NEXT: ],

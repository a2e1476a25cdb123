// State the iterations would share without orionc seeing it is a build error: a static variable
// written in the body, in a helper read as inlined or in a function the body calls; a reference or
// pointer declared before the loop into an array's elements; an Accumulator read or aggregated
// inside the loop.
// Regression test: all of these compiled; two ranks printed `0 1 2 3 4 0 1 2 3 4` for a static
// counter (serial: 0 .. 9), rank 1 read a stale a(0) through `first`, and `acc.value()` gave a
// result that depended on the worker count, all with exit 0.
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s
#include <orion/orion.hpp>

int64_t next_id() {
  static int64_t id = 0;
  // CHECK-DAG: {{.*}}hidden_shared_state.cpp:[[@LINE+1]]:10: error: 'id' has static storage and cannot be written inside a parallel loop: every worker of a rank shares it (a race) and every rank has its own (each counts its share only); to combine values across iterations use an orion::Accumulator declared before the loop
  return id++;
}

struct Counter {
  static int64_t n;
  static int64_t next() { return n++; }
};
int64_t Counter::n = 0;

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = 10;
  orion::DenseArray<int64_t, 1> a({N}), b({N}), c({N});
  orion::Accumulator<int64_t> acc;
  const int64_t &first = a(0);
  const int64_t *p = &a(0);
  const int64_t copy = a(0); // a value, not a reference: fine
  orion::DenseArray<int64_t, 2> m({N, 2});
  const auto row0 = m.row(0); // a std::span: a view into m
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    a(i) = next_id();
    static int64_t local = 0;
    // CHECK-DAG: {{.*}}hidden_shared_state.cpp:[[@LINE+1]]:12: error: 'local' has static storage
    b(i) = local++;
    // CHECK-DAG: {{.*}}hidden_shared_state.cpp:[[@LINE+1]]:12: error: 'next', called in the parallel loop, writes 'n', which has static storage: every worker of a rank shares it (a race) and every rank has its own, so the result would depend on the workers; compute the value from the iteration instead, or combine values in an orion::Accumulator
    c(i) = Counter::next() + copy;
    // CHECK-DAG: {{.*}}hidden_shared_state.cpp:[[@LINE+2]]:18: error: 'first' refers into the orion array 'a' (it is declared before the loop as 'const int64_t &first = a(0)'), so the loop cannot see which elements it reads or writes; name the element in the body ('a(...)'), or copy the value into a variable that is not a reference or pointer before the loop
    // CHECK-DAG: {{.*}}hidden_shared_state.cpp:[[@LINE+1]]:27: error: 'p' refers into the orion array 'a' (it is declared before the loop as 'const int64_t *p = &a(0)')
    b(i) += 10 * first + *p;
    // CHECK-DAG: {{.*}}hidden_shared_state.cpp:[[@LINE+1]]:12: error: 'acc.value()' inside a parallel loop: during the loop an orion::Accumulator holds per-worker partial values, so value() would see only this worker's share (and aggregate() is collective); only '+=' (or the accumulator's own operator) may be used in the body; read the result after the loop
    c(i) = acc.value() + i;
    // CHECK-DAG: {{.*}}hidden_shared_state.cpp:[[@LINE+1]]:12: error: 'row0' refers into the orion array 'm' (it is declared before the loop as 'const auto row0 = m.row(0)')
    c(i) = row0[1];
    // CHECK-DAG: {{.*}}hidden_shared_state.cpp:[[@LINE+1]]:12: error: 'acc.aggregate()' inside a parallel loop
    c(i) = acc.aggregate();
    acc += 1;
  }
  // CHECK: 8 errors generated.
  return 0;
}

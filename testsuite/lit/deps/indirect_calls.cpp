// An array passed to a function called through a pointer, a reference or a member pointer (also
// a pointer a helper template receives and calls) may be written wherever the parameter allows:
// a non-const reference makes the argument readwrite with unknown subscripts, as a function whose
// body orionc cannot read does. Such calls counted every argument as read (found by a helper
// writing programs as a new user): `op(A, i)` doing `a(i + 1) = a(i) + 1` ran 1D and printed
// A(40) = 0 for 40 on several ranks, and `step(w, idx(s), 1)` under relax(w) lost updates
// (serial 100, two ranks 50). A const reference still reads.
// RUN: %orionc --dump=deps %s | FileCheck %s
// RUN: not %orionc --dump=deps -DRELAX %s 2>&1 | FileCheck %s --check-prefix=RELAX
#include <orion/orion.hpp>

#include <cstdint>

using V = orion::DenseArray<int64_t, 1>;

static void step(V &a, int64_t i) { a(i + 1) = a(i) + 1; }
static int64_t peek(const V &a, int64_t i) { return a(i); }
template <class F> void apply_at(V &a, int64_t i, F f) { f(a, i); }
struct Meth {
  void go(V &a, int64_t i) const { a(i + 1) = a(i) + 1; }
};

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  V A({41}), B({41});
  void (*fp)(V &, int64_t) = step;
  void (&fr)(V &, int64_t) = step;
  int64_t (*reader)(const V &, int64_t) = peek;
  Meth m;
  void (Meth::*mp)(V &, int64_t) const = &Meth::go;
#ifdef RELAX
  // RELAX: indirect_calls.cpp:[[@LINE+4]]:8: error: 'A' is named in relax(A) and passed whole to a function called through a pointer, which may write it through a non-const reference: such a write is not merged (only '+=', '-=', '++' or '--' on an element of 'A' in the loop body are); pass it as 'const', or write the update on the element in the body
  // RELAX: note: for any other update, write it through an orion::Buffer
#pragma orion parallel_for relax(A)
  for (int64_t i = 0; i < 40; ++i)
    fp(A, i);
#endif
  // CHECK-LABEL: loop 0 at
  // CHECK: X A(?)
  // CHECK: schedule: none
#pragma orion parallel_for
  for (int64_t i = 0; i < 40; ++i)
    fp(A, i);
  // CHECK-LABEL: loop 1 at
  // CHECK: X A(?)
  // CHECK: schedule: none
#pragma orion parallel_for
  for (int64_t i = 0; i < 40; ++i)
    (*fp)(A, i);
  // CHECK-LABEL: loop 2 at
  // CHECK: X A(?)
  // CHECK: schedule: none
#pragma orion parallel_for
  for (int64_t i = 0; i < 40; ++i)
    fr(A, i);
  // CHECK-LABEL: loop 3 at
  // CHECK: X A(?)
  // CHECK: schedule: none
#pragma orion parallel_for
  for (int64_t i = 0; i < 40; ++i)
    (m.*mp)(A, i);
  // CHECK-LABEL: loop 4 at
  // CHECK: X A(?)
  // CHECK: schedule: none
#pragma orion parallel_for
  for (int64_t i = 0; i < 40; ++i)
    apply_at(A, i, step);
  // CHECK-LABEL: loop 5 at
  // CHECK: R A(?)
  // CHECK: schedule: 1d (0)
#pragma orion parallel_for
  for (int64_t i = 0; i < 40; ++i)
    B(i) = reader(A, i);
  return 0;
}

// `return`, `break` of the parallel loop, `goto` out of the body and an uncaught `throw` leave the
// body: each is an error at the statement (the serial program would stop at one iteration; the
// parallel loop has no such point). `continue`, `break` of an inner loop or a switch, a `goto`
// inside the body, a `return` in a lambda and a `throw` caught in the body stay legal.
// Regression test: these compiled and changed the answer (return ended only the generated
// lambda; break stopped one worker's block), or failed in the host compiler.
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s
// RUN: not %orionc %s -o %t 2>&1 | FileCheck %s --check-prefix=BUILD
// RUN: test ! -e %t
#include <orion/orion.hpp>

#include <stdexcept>

int counted(orion::DenseArray<float, 1> &A, int64_t n) {
#pragma orion parallel_for
  for (int64_t i = 0; i < n; ++i) {
    // CHECK: body_exits.cpp:[[@LINE+1]]:17: error: 'return' inside a parallel loop body: in the serial program it ends the function at one iteration
    if (i == 5) return 3;
    // CHECK: body_exits.cpp:[[@LINE+1]]:17: error: 'break' out of a parallel loop: its iterations run on many workers in no fixed order
    if (i == 7) break;
    if (i == 8)
      continue;
    for (int k = 0; k < 3; ++k)
      if (k == 1)
        break;
    switch (i % 3) {
    case 0:
      break;
    default:
      A(i) += 1;
    }
    // CHECK: body_exits.cpp:[[@LINE+1]]:17: error: 'goto' out of a parallel loop body
    if (i == 9) goto done;
    if (i == 10)
      goto next;
    A(i) += 2;
  next:
    A(i) *= 2;
  }
done:
  return 0;
}

void array_iteration(orion::SparseArray<float, 2> &R, orion::DenseArray<float, 1> &W) {
#pragma orion parallel_for
  for (auto &&[key, r] : R) {
    auto positive = [](float x) {
      if (x > 0)
        return true;
      return false;
    };
    try {
      if (!positive(r))
        throw std::runtime_error("caught below");
    } catch (const std::exception &) {
      continue;
    }
    // CHECK: body_exits.cpp:[[@LINE+1]]:18: error: 'throw' out of a parallel loop body: other iterations may already have run
    if (r > 100) throw std::runtime_error("too large");
    // CHECK: body_exits.cpp:[[@LINE+1]]:19: error: 'break' out of a parallel loop
    if (r > 50) { break; }
    W(key[0]) += r;
  }
}

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  orion::DenseArray<float, 1> A({10});
  return counted(A, 10);
}
// CHECK-NOT: error:
// CHECK: 5 errors generated.
// BUILD: 5 errors generated.

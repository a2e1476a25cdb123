// Helper functions the generated loop cannot call as written. Both compiled through orionc's
// analysis and failed in the host compiler, inside the generated code (36 KB of template
// backtrace):
// - a function template whose parameter deduces its type from `orion::DenseArray<T, 1> &`: the
//   body passes the runtime's view of the array, which does not deduce;
// - a default argument naming an orion array, which would bypass the loop's handling of it.
// `template <class Array> void f(Array &x)` deduces anything and is fine.
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s --implicit-check-not=error:
#include <orion/orion.hpp>

#include <cstdint>

using Arr = orion::DenseArray<double, 1>;

template <class T> void scale(orion::DenseArray<T, 1> &x, int64_t i, T factor) { x(i) *= factor; }
template <class Array> void twice(Array &x, int64_t i) { x(i) *= 2; }

Arr G({100});
inline void put(int64_t i, double v, Arr &x = G) { x(i) = v; }

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  Arr A({100});
#pragma orion parallel_for
  for (int64_t i = 0; i < 100; ++i) {
    scale(A, i, 0.5);
    // CHECK: template_helpers.cpp:[[@LINE-1]]:11: error: 'scale', called in the parallel loop, is a function template whose parameter 'x' deduces its template arguments from 'orion::DenseArray<T, 1>': in a parallel loop the body passes the runtime's view of the array, from which they cannot be deduced; make the array's type a template parameter of its own ('template <class Array> ... (Array &x, ...)')
    twice(A, i);
    put(i, A(i));
    // CHECK: template_helpers.cpp:[[@LINE-1]]:5: error: the call of 'put' in the parallel loop leaves out the argument 'x', whose default is the orion array 'G': orionc hands the loop's arrays to the body by name, and a default argument would bypass it; pass 'G' at the call
  }
  return 0;
}

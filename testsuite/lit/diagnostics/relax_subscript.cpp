// An element of a relaxed array used as a subscript of another array (a counting sort's
// `out(off(key(i))) = i` with relax(off), the fix orionc suggests for it): inside the loop the
// element is a proxy, not an integer, and the host compiler failed deep in the generated code.
// Now it is orionc's error at the subscript, saying to copy the element first.
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s --implicit-check-not=error:
#include <orion/orion.hpp>

#include <cstdint>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = 100;
  orion::DenseArray<int64_t, 1> key({N}), off({8}), out({N}), idx({8});
#pragma orion parallel_for relax(off)
  for (int64_t i = 0; i < N; ++i) {
    out(off(key(i))) = i;
    // CHECK: relax_subscript.cpp:[[@LINE-1]]:9: error: this subscript of 'out' is an element of 'off', which is named in relax(off): inside the parallel loop that element is a proxy, not an integer (the generated code would not compile); copy it first ('const int64_t k = off(...);') and subscript with the copy
    const int64_t k = off(key(i) % 8);
    out(i) += idx(k); // a copy: fine
    off(key(i)) += 1;
  }
  return 0;
}

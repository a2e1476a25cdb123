// relax(A) allows stale reads of A, never lost updates: the body may only update a relaxed array
// with `+=`, `-=`, `++` or `--` on the element itself (the runtime merges those as deltas). Any
// other write is an error at the write, with a note suggesting an orion::Buffer; once per array.
// Covered: `=`, `*=`, a write through a reference, a call taking the array by non-const
// reference, and a `+=` inside a helper function (the helper would get the array, not deltas).
// Commutative updates of relaxed arrays (C) and any write to an array not named in relax (W) are
// fine. The build writes no output.
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %orionc %s -o %t 2>&1 | FileCheck %s --check-prefix=BUILD
// RUN: test ! -e %t
#include <orion/orion.hpp>

#include <algorithm>

void scale_all(orion::DenseArray<float, 1> &a, float f) {
  for (int64_t i = 0; i < a.extent(0); ++i)
    a(i) *= f;
}

void bump(orion::DenseArray<float, 1> &a, int64_t i) { a(i) += 1; }
template <class T> T twice(T x) { return x + x; }

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 10;
  orion::DenseArray<float, 1> A({N}), B({N}), C({N}), D({N}), E({N}), F({N}), W({N});
  orion::DenseArray<float, 2> G({N, 2});
#pragma orion parallel_for relax(A, B, C, D, E, F, G)
  for (int64_t i = 0; i < N; ++i) {
    // CHECK: {{.*}}relax_plain_write.cpp:[[@LINE+3]]:5: error: 'A' is named in relax(A), so the loop body may only update its elements with '+=', '-=', '++' or '--' written on the element itself (the runtime merges those updates from every worker); this write would overwrite other workers' updates
    // CHECK-NEXT: | A(i) = 1;
    // CHECK: {{.*}}relax_plain_write.cpp:[[@LINE+1]]:5: note: for any other update, write it through an orion::Buffer with an apply function: 'orion::Buffer<T, N> wb(A, apply, orion::max_delay(n));' and 'wb(i...) += update;'
    A(i) = 1;
    A(i) = 2;
    // CHECK: {{.*}}relax_plain_write.cpp:[[@LINE+1]]:5: error: 'B' is named in relax(B)
    B(i) *= 2;
    // CHECK: {{.*}}relax_plain_write.cpp:[[@LINE+2]]:5: error: 'C' is named in relax(C)
    auto &c = C(i);
    c += 1;
    C(i) += 1;
    C(i) -= 1;
    ++C(i);
    C(i)--;
    // A helper's body is scanned as if inlined: the error is at the write inside it.
    // CHECK: {{.*}}relax_plain_write.cpp:17:5: error: 'D' is named in relax(D)
    scale_all(D, 0.5f);
    // CHECK: {{.*}}relax_plain_write.cpp:20:56: error: 'E' is named in relax(E), and this update is inside 'bump' that the loop body calls: there 'E' is the array itself, not the view that merges every worker's updates, so the update would overwrite other workers'; write the '+=' (or '-=', '++', '--') in the loop body itself
    bump(E, i);
    F(i) += W(i);
    W(i) = F(i);
    // A copy must name its type: `auto` would keep the proxy the body sees for a relaxed element.
    // CHECK: {{.*}}relax_plain_write.cpp:[[@LINE+1]]:10: error: 'copy' is declared 'auto' from an element of 'F', which is named in relax(F): inside the parallel loop that element is a proxy whose value follows this worker's later updates; declare 'copy' with the element type ('float copy = ...') to copy the value
    auto copy = F(i);
    const float fine = F(i);
    const auto &alias = F(i);
    W(i) += copy + fine + alias;
    // So do the forms that pass the proxy on without converting it (they compiled, and the copy
    // followed later updates: 0 increments seen where the serial build saw 100).
    // CHECK: {{.*}}relax_plain_write.cpp:[[@LINE+1]]:10: error: 'either' is declared 'auto' from an element of 'F'
    auto either = i > 0 ? F(i) : F(0);
    // CHECK: {{.*}}relax_plain_write.cpp:[[@LINE+1]]:10: error: 'last' is declared 'auto' from an element of 'F'
    auto last = (W(i) = 1, F(i));
    auto get = [&]() { return F(i); };
    // CHECK: {{.*}}relax_plain_write.cpp:[[@LINE+1]]:10: error: 'got' is declared 'auto' from an element of 'F'
    auto got = get();
    // CHECK: {{.*}}relax_plain_write.cpp:[[@LINE+1]]:10: error: 'cast' is declared 'auto' from an element of 'F'
    auto cast = static_cast<decltype(F(i))>(F(i));
    // A row of a relaxed array is read-only in the body: updates go on the element itself, which
    // the error for a `+=` through a row says.
    // CHECK: {{.*}}relax_plain_write.cpp:[[@LINE+1]]:5: error: 'G' is named in relax(G): an update through a row of it ('G.row(i)[0]') is not merged, since a row of a relaxed array is read-only in the loop body; write the '+=', '-=', '++' or '--' on the element itself ('G(..., k) += ...')
    G.row(i)[0] += 1;
    // Handed to a parameter that deduces a by-value type, or to an init-capture: no copy happens
    // in C++17, the proxy itself would arrive.
    // CHECK: {{.*}}relax_plain_write.cpp:[[@LINE+1]]:19: error: parameter 'x' of 'twice' deduces its type from an element of 'F', which is named in relax(F): inside the parallel loop that element is a proxy, which the parameter would hold instead of a copy, following this worker's later updates; pass a copy of the value ('float(F(...))')
    W(i) += twice(F(i));
    auto half = [](auto y) { return y / 2; };
    // CHECK: {{.*}}relax_plain_write.cpp:[[@LINE+1]]:18: error: parameter 'y' of 'operator()' deduces its type from an element of 'F'
    W(i) += half(F(i));
    // CHECK: {{.*}}relax_plain_write.cpp:[[@LINE+1]]:19: error: 'kept' is declared 'auto' from an element of 'F'
    auto later = [kept = F(i)] { return kept; };
    W(i) += twice(float(F(i))) + later();
    // A reference parameter holds the proxy, but a template parameter deduced from it and from
    // another argument disagrees: std::max(F(i), 0.0f) failed deep in the generated code.
    // CHECK: {{.*}}relax_plain_write.cpp:[[@LINE+1]]:22: error: 'max' deduces '_Tp' from this element of 'F' and from another argument: 'F' is named in relax(F), so inside the parallel loop the element is a proxy, not a 'float', and the two deductions disagree (the generated code would not compile); pass a copy of the value ('float(F(...))')
    W(i) += std::max(F(i), 0.0f);
    W(i) += std::max(float(F(i)), 0.0f); // a copy: fine
    // Converted to a number on the way: copies, fine.
    auto number = i > 0 ? F(i) : 0.0f;
    auto sum = F(i) + 1.0f;
    W(i) += either + last + got + cast + number + sum;
  }
  // CHECK: 15 errors generated.
}

// BUILD: error: 'A' is named in relax(A)

// The suggestions for a loop without a schedule must be ones that would help. Dropping
// 'ordered' only removes write/write (WAW) dependences; for A(i) = A(i + 1), whose only vector
// is a WAR, it changes nothing, so it must not be suggested (a Buffer would help; relax(A) would
// too if the write were an update '+=', which is why it is not offered for this '=').
// With a WAW (A(0) = i, ordered) it is the right suggestion.
// Regression test: this was a bug, fixed in the front end / passes.
// It was: orionc suggests "drop 'ordered' ..." for every ordered loop without a schedule, also when
// no WAW dependence blocks it (loop 0).
// RUN: %orionc --dump=deps %s | FileCheck %s
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]);
  orion::DenseArray<double, 1> A({N + 1});
#pragma orion parallel_for ordered
  for (int64_t i = 0; i < N; ++i)
    A(i) = A(i + 1);
#pragma orion parallel_for ordered
  for (int64_t i = 0; i < N; ++i)
    A(0) = i;
}

// CHECK-LABEL: loop 0 at {{.*}}suggestion_drop_ordered.cpp:18:3
// CHECK: schedule: none
// CHECK-NOT: drop 'ordered'
// CHECK: suggestion: write 'A' through an orion::Buffer if updates applied late are acceptable; relax(A) would need every write of 'A' to be '+=', '-=', '++' or '--' on the element, and 'A(i)' is not
// CHECK-LABEL: loop 1 at {{.*}}suggestion_drop_ordered.cpp:21:3
// CHECK: schedule: none
// CHECK-NEXT: why:
// CHECK-NEXT: suggestion: drop 'ordered'

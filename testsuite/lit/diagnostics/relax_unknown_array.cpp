// relax(Q) must name an orion array referenced in the loop (not an unknown name, not an unreferenced
// array), and not a Buffer, whose updates are merged already (naming one built and then failed in
// the host compiler: no matching function for call to 'relaxed(orion::Buffer<long int, 1>&)'),
// nor an Accumulator (it said the accumulator was no orion array referenced in the loop).
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 10;
  orion::DenseArray<float, 1> A({N});
  orion::DenseArray<float, 1> B({N});
  // CHECK: {{.*}}relax_unknown_array.cpp:[[@LINE+4]]:34: error: relax(Q): 'Q' is not an orion array referenced in this loop
  // CHECK-NEXT: | #pragma orion parallel_for relax(Q)
  // CHECK-NEXT: | ^
  // CHECK: {{.*}}relax_unknown_array.cpp:[[@LINE+4]]:37: error: relax(B): 'B' is not an orion array referenced in this loop
#pragma orion parallel_for relax(Q)
  for (int64_t i = 0; i < N; ++i)
    A(i) = 2;
#pragma orion parallel_for relax(A, B)
  for (int64_t i = 0; i < N; ++i)
    A(i) += 3;
  orion::Buffer<float, 1> wb(
      B, [](float &x, float d) { x += d; }, orion::max_delay(4));
  // CHECK: {{.*}}relax_unknown_array.cpp:[[@LINE+1]]:34: error: relax(wb): 'wb' is an orion::Buffer, whose updates the runtime already merges; name its target array in relax only when the body updates the target itself with '+=', '-=', '++' or '--'
#pragma orion parallel_for relax(wb)
  for (int64_t i = 0; i < N; ++i)
    wb(i) += 1;
  orion::Accumulator<double> total;
  // CHECK: {{.*}}relax_unknown_array.cpp:[[@LINE+1]]:34: error: relax(total): 'total' is an orion::Accumulator, whose '+=' every worker already makes to a slot of its own; relax names dense arrays: remove 'total' from it
#pragma orion parallel_for relax(total)
  for (int64_t i = 0; i < N; ++i)
    total += A(i);
  // CHECK: 4 errors generated.
}

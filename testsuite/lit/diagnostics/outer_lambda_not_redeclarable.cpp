// A lambda defined before a parallel loop, called in its body, that reaches an orion array is
// declared again inside the loop, where the array's name is the worker's partition. One that
// cannot be declared again as written is a build error at the call, with a note at its
// definition. Regression test: such lambdas built, and their writes went to each rank's own copy
// of the array, where the other ranks never saw them (a wrong result without a word).
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t n = 64;
  orion::DenseArray<int64_t, 1> w({n}), v({n});
  // CHECK-DAG: {{.*}}outer_lambda_not_redeclarable.cpp:[[@LINE+1]]:8: note: 'count' is defined here
  auto count = [&, calls = int64_t{0}](int64_t i) mutable { w(i) += ++calls; };
  // CHECK-DAG: {{.*}}outer_lambda_not_redeclarable.cpp:[[@LINE+1]]:8: note: 'offset' is defined here
  auto offset = [&, base = n * 2](int64_t i) { w(i) += base; };
  // CHECK-DAG: {{.*}}outer_lambda_not_redeclarable.cpp:[[@LINE+1]]:8: note: 'read' is defined here
  auto read = [v](int64_t i) { return v(i); };
  // CHECK-DAG: {{.*}}outer_lambda_not_redeclarable.cpp:[[@LINE+1]]:8: note: 'set' is defined here
  auto set = [&](int64_t i, int64_t x) { w(i) = x; }, also = set;
  (void)also;
  auto bump = [&](int64_t i) { w(i) += 1; };
  auto &alias = bump;
#pragma orion parallel_for
  for (int64_t i = 0; i < n; ++i) {
    // CHECK-DAG: {{.*}}outer_lambda_not_redeclarable.cpp:[[@LINE+1]]:5: error: 'count', called in the parallel loop, is a lambda defined before it that reaches the orion object 'w', and it is 'mutable' (declared again inside the loop, its state would start afresh at every iteration): orionc declares such a lambda again inside the loop, so that 'w' there is the partition the worker runs (the lambda as defined reaches this rank's own copy, where the other ranks never see its writes); define the lambda inside the loop body, or capture by reference in a lambda of its own declaration
    count(i);
    // CHECK-DAG: {{.*}}outer_lambda_not_redeclarable.cpp:[[@LINE+1]]:5: error: 'offset', called in the parallel loop, is a lambda defined before it that reaches the orion object 'w', and it has an init-capture ('base'), which would be evaluated again at every iteration:
    offset(i);
    // CHECK-DAG: {{.*}}outer_lambda_not_redeclarable.cpp:[[@LINE+1]]:13: error: 'read', called in the parallel loop, is a lambda defined before it that reaches the orion object 'v', and it captures 'v' by copy (a snapshot, which the loop's partitions cannot be):
    w(i) += read(i);
    // CHECK-DAG: {{.*}}outer_lambda_not_redeclarable.cpp:[[@LINE+1]]:5: error: 'set', called in the parallel loop, is a lambda defined before it that reaches the orion object 'w', and its declaration declares other variables too:
    set(i, 3);
    // CHECK-DAG: {{.*}}outer_lambda_not_redeclarable.cpp:[[@LINE+1]]:5: error: 'alias', called in the parallel loop, is a lambda defined before it that reaches the orion object 'w', and it is called through another name than the variable its definition initializes:
    alias(i);
  }
  return 0;
}

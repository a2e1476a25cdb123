// A parallel loop whose body calls a function that runs a parallel loop of its own is a build
// error at the call (directly or through other functions), with a note at the inner loop.
// Regression test: this built without a word, and every run, even on one worker, stopped with
// "parallel loop at ... started inside another parallel loop".
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s
#include <orion/orion.hpp>

void fill_row(orion::DenseArray<int64_t, 2> &A, int64_t r) {
  // CHECK-DAG: {{.*}}nested_parallel_loop_call.cpp:[[@LINE+2]]:3: note: the inner parallel loop
#pragma orion parallel_for
  for (int64_t c = 0; c < A.extent(1); ++c)
    A(r, c) = r + c;
}

void via(orion::DenseArray<int64_t, 2> &A, int64_t r) { fill_row(A, r); }

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  orion::DenseArray<int64_t, 2> A({8, 8});
#pragma orion parallel_for
  for (int64_t r = 0; r < 8; ++r) {
    // CHECK-DAG: {{.*}}nested_parallel_loop_call.cpp:[[@LINE+1]]:5: error: this call in a parallel loop reaches 'fill_row', which runs a parallel loop of its own: parallel loops cannot nest (the outer loop's workers are all the workers), so every run would stop when the inner loop starts; remove the inner pragma, or call 'fill_row' outside the parallel loop
    via(A, r);
  }
  // Outside a parallel loop the call is fine.
  fill_row(A, 0);
  return 0;
}

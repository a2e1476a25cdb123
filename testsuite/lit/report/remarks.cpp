// --format=remarks writes LLVM optimization-remark YAML that opt-viewer renders: one !Analysis
// per dependence at its sink reference, one !Passed/!Missed per loop with the schedule.
// RUN: %orionc --dump=deps --format=remarks %s -o %t.opt.yaml
// RUN: FileCheck %s < %t.opt.yaml
// RUN: rm -rf %t.html
// RUN: %system_python %opt_viewer --output-dir %t.html --source-dir %S %t.opt.yaml
// RUN: FileCheck %s --check-prefix=HTML < %t.html/index.html
#include <orion/orion.hpp>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = std::atoll(argv[1]);
  orion::DenseArray<double, 1> A({N}), B({N});
#pragma orion parallel_for
  for (int64_t i = 1; i < N; ++i)
    A(i) = A(i - 1) + 1; // a recurrence: no schedule
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    B(i) = 2 * B(i);
}

// CHECK: --- !Analysis
// CHECK-NEXT: Pass: orionc-deps
// CHECK-NEXT: Name: Dependence
// CHECK-NEXT: DebugLoc: { File: '{{.*}}remarks.cpp', Line: 17, Column: 12 }
// CHECK-NEXT: Function: 'main'
// CHECK-NEXT: Args:
// CHECK-NEXT: - String: 'RAW ([1,1]) on A: from A(i) at 17:5 to A(i - 1) at 17:12'
// CHECK: --- !Missed
// CHECK: Name: Schedule
// CHECK: - String: 'not parallelized: no 1D, 2D or unimodular schedule keeps these dependences: RAW ([1,1]) on ''A''
// CHECK: --- !Passed
// CHECK: DebugLoc: { File: '{{.*}}remarks.cpp', Line: 19, Column: 3 }
// CHECK: - String: 'parallel: 1D: partition i across workers
// HTML: remarks.cpp

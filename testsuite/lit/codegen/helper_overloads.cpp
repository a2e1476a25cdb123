// Helper functions that take orion::DenseArray by reference get two overloads, inserted beside them
// under #line directives (a forward declaration gets them too): one taking the runtime's recording
// views, so loop bodies that call them compile in the recording path (--orion-check, writes
// shipped between ranks) and their accesses are recorded element by element; one taking the fast
// path's views (DenseView: element access without the driver's test for a sharded array). A helper in a header
// is served by the view's conversion to the array. The program built by orionc prints what the
// serial build prints, also under --orion-check and --orion-replay-serial.
// Regression test: a body calling such a helper did not compile (errors about RecordingView).
// RUN: %orionc --emit=cpp %s -o %t.cpp
// RUN: FileCheck %s --input-file=%t.cpp --match-full-lines
// RUN: %orionc %s -O1 -o %t
// RUN: c++ -std=c++20 -Wno-unknown-pragmas -I%runtime_include %s -o %t.serial
// RUN: %t.serial > %t.serial.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 %t --orion-threads=2 > %t.parallel.txt
// RUN: diff %t.serial.txt %t.parallel.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 %t --orion-threads=2 --orion-check > %t.check.txt
// RUN: diff %t.serial.txt %t.check.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 %t --orion-threads=2 --orion-replay-serial > %t.replay.txt
// RUN: diff %t.serial.txt %t.replay.txt
#include "Inputs/scale_helper.h"

#include <cstdio>

static double twice(const orion::DenseArray<double, 1> &a, int64_t i);

void bump(orion::DenseArray<double, 1> &out, const orion::DenseArray<double, 1> &in, int64_t i) {
  out(i) += twice(in, i);
}

static double twice(const orion::DenseArray<double, 1> &a, int64_t i) { return 2 * a(i); }

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t n = 1000;
  orion::DenseArray<double, 1> x({n}), y({n});
  for (int64_t i = 0; i < n; ++i)
    x(i) = static_cast<double>(i % 17);
#pragma orion parallel_for
  for (int64_t i = 0; i < n; ++i) {
    bump(y, x, i);
    y(i) -= 0.5 * cell(x, i);
  }
  double sum = 0;
  for (int64_t i = 0; i < n; ++i)
    sum += y(i);
  std::printf("%.3f\n", sum);
}

// CHECK:      #line 24 "{{.*}}helper_overloads.cpp"
// CHECK-NEXT: static double twice(const ::orion::parallel::RecordingView<double, 1> &a, int64_t i);
// CHECK-NEXT: #line 24 "{{.*}}helper_overloads.cpp"
// CHECK-NEXT: #line 24 "{{.*}}helper_overloads.cpp"
// CHECK-NEXT: static double twice(const ::orion::parallel::DenseView<double, 1> &a, int64_t i);
// CHECK-NEXT: #line 24 "{{.*}}helper_overloads.cpp"
// CHECK-NEXT: static double twice(const orion::DenseArray<double, 1> &a, int64_t i);
// CHECK:      #line 26 "{{.*}}helper_overloads.cpp"
// CHECK-NEXT: void bump(const ::orion::parallel::RecordingView<double, 1> &out, const ::orion::parallel::RecordingView<double, 1> &in, int64_t i) {
// CHECK-NEXT:   out(i) += twice(in, i);
// CHECK-NEXT: }
// CHECK-NEXT: #line 28 "{{.*}}helper_overloads.cpp"
// CHECK:      #line 26 "{{.*}}helper_overloads.cpp"
// CHECK-NEXT: void bump(const ::orion::parallel::DenseView<double, 1> &out, const ::orion::parallel::DenseView<double, 1> &in, int64_t i) {
// CHECK-NEXT:   out(i) += twice(in, i);
// CHECK-NEXT: }
// CHECK-NEXT: #line 28 "{{.*}}helper_overloads.cpp"
// CHECK:      #line 30 "{{.*}}helper_overloads.cpp"
// CHECK-NEXT: static double twice(const ::orion::parallel::RecordingView<double, 1> &a, int64_t i) { return 2 * a(i); }
// CHECK:      static double twice(const ::orion::parallel::DenseView<double, 1> &a, int64_t i) { return 2 * a(i); }
// CHECK-NOT: cell(const {{::}}orion

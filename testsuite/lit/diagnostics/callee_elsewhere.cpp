// A function the body calls that is defined in another source file (declared here, its body
// elsewhere) is one orionc cannot read: it assumes the function writes no global or static state
// and reaches orion arrays only through its arguments. Before, nothing said so, and a helper in
// another file that wrote a global array or a static counter gave each rank's share only
// (`G sum 2450` for 9900 at 2 ranks). Now it is a warning at the call, once per function.
// Functions defined in this file, the standard library's and orion's get none.
// RUN: %orionc --dump=loops %s 2>&1 | FileCheck %s --implicit-check-not=warning:
#include <orion/orion.hpp>

#include <cmath>
#include <cstdint>

void add_to_g(int64_t i, double x);       // defined in another file
double next_noise();                      // likewise
struct Model {
  double predict(int64_t i) const;        // likewise
};
inline double square(double v) { return v * v; }

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  orion::DenseArray<double, 1> A({100});
  Model m;
#pragma orion parallel_for
  for (int64_t i = 0; i < 100; ++i) {
    add_to_g(i, A(i));
    // CHECK: callee_elsewhere.cpp:[[@LINE-1]]:5: warning: 'add_to_g', called in the parallel loop, is defined in another source file, which orionc does not read: it assumes 'add_to_g' writes no global or static variable and reaches orion arrays only through its arguments (a write to shared state there would race between workers and count only each rank's share); define it in this file or a header it includes, so that orionc checks it
    A(i) = square(A(i)) + std::sqrt(A(i)) + next_noise() + m.predict(i) + next_noise();
    // CHECK: callee_elsewhere.cpp:[[@LINE-1]]:45: warning: 'next_noise', called in the parallel loop, is defined in another source file
    // CHECK: callee_elsewhere.cpp:[[@LINE-2]]:60: warning: 'predict', called in the parallel loop, is defined in another source file
  }
  return 0;
}

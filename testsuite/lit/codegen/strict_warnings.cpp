// The host compile puts the runtime's headers in a system directory (-isystem), as CMake's
// Orion::runtime does for the serial build: the user's stricter warnings apply to the program and
// its generated loop, not to the runtime. Before, `-Wconversion -Werror` stopped in
// orion/detail/state.hpp and session.hpp.
// RUN: %orionc -Wall -Wextra -Wshadow -Wconversion -Wsign-conversion -Werror %s -o %t
// RUN: %orionc -v %s -o %t 2>&1 | FileCheck %s
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 timeout 120 %mpiexec -np 1 %t | FileCheck %s --check-prefix=OUT
// CHECK: -isystem{{[^ ]*}}include
#include <orion/orion.hpp>

#include <cstdint>
#include <cstdio>

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  const int64_t n = 1000;
  orion::DenseArray<double, 1> x({n});
  orion::Accumulator<double> sum;
#pragma orion parallel_for
  for (int64_t i = 0; i < n; ++i) {
    x(i) = static_cast<double>(i) * 0.5;
    sum += x(i);
  }
  const double total = sum.aggregate();
  if (orion::is_root())
    std::printf("sum %.1f\n", total);
  return 0;
}
// OUT: sum 249750.0

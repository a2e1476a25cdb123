// C(i + j) += A(i) * B(j) (a polynomial product): iterations with the same i + j update the same
// element, so the distances are {(a, -a) : a >= 1}. Their interval box ([1,+inf], [-inf,-1]) has
// no skew that makes it non-negative; the exact set has one: T = [[1, 0], [1, 1]] maps every
// distance to (a, 0), and no dependence crosses partitions of c1 = i + j. Each element is then
// summed by one worker in the serial order of i, so every configuration equals the serial build
// bit for bit.
// RUN: %orionc --dump=deps %s | FileCheck %s
// RUN: %orionc %s -O1 -o %t
// RUN: c++ -std=c++20 -O1 -Wno-unknown-pragmas -I%runtime_include %s -o %t.serial
// RUN: %t.serial > %t.serial.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 %t --orion-threads=2 > %t.t2.txt
// RUN: diff %t.serial.txt %t.t2.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t --orion-threads=2 --orion-check > %t.np2.txt
// RUN: diff %t.serial.txt %t.np2.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 3 %t --orion-threads=1 > %t.np3.txt
// RUN: diff %t.serial.txt %t.np3.txt
#include <orion/orion.hpp>

#include <cstdint>
#include <cstdio>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 300;
  orion::DenseArray<float, 1> A({N}), B({N}), C({2 * N});
  A.fill_uniform(-1.0f, 1.0f, 1);
  B.fill_uniform(-1.0f, 1.0f, 2);
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    for (int64_t j = 0; j < N; ++j)
      C(i + j) += A(i) * B(j);
  if (orion::is_root())
    for (int64_t k = 0; k < 2 * N; k += 37)
      std::printf("C(%lld) = %.9g\n", static_cast<long long>(k), static_cast<double>(C(k)));
}

// CHECK: dependences:
// CHECK-NEXT: RAW ([1,+inf], [-inf,-1]) on C refs #0->#0
// CHECK: legal schedules:
// CHECK-NEXT: unimodular (1) unimodular: T = {{\[\[}}1, 0], [1, 1]], then 1D on c1 on the transformed space (c = T·(i, j))
// CHECK-NEXT: transformed ([1,+inf], [-inf,-1]) -> ([1,+inf], [0,0])
// CHECK: schedule: unimodular (1)

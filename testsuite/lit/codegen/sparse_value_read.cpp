// `E.value(e)` and `E.key(e)` read as values in a counted loop only read E. The non-const
// value(i) returns a reference, and every use of it counted as a write of any element of E: a
// RAW/WAR dependence at every distance and no schedule at all. Written through (`E.value(e) *= 2`),
// it is still a write.
// RUN: %orionc --dump=deps -DWRITE_THROUGH %s | FileCheck %s
// RUN: %orionc %s -O1 -o %t
// RUN: c++ -std=c++20 -Wno-unknown-pragmas -I%runtime_include %s -o %t.serial
// RUN: %t.serial > %t.serial.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 %t --orion-threads=2 > %t.two.txt
// RUN: diff %t.serial.txt %t.two.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 %mpiexec -np 2 %t --orion-threads=1 > %t.np2.txt
// RUN: diff %t.serial.txt %t.np2.txt
#include <orion/orion.hpp>

#include <cstdio>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  orion::SparseArray<float, 2> E({10, 10});
  for (int i = 0; i < 10; ++i)
    E.push_back({i, (i * 3) % 10}, float(i));
  orion::DenseArray<float, 1> out({E.nnz()});
  const int64_t n = E.nnz();
#pragma orion parallel_for
  for (int64_t e = 0; e < n; ++e)
    out(e) = 2 * E.value(e) + float(E.key(e)[1]);
#ifdef WRITE_THROUGH
#pragma orion parallel_for
  for (int64_t e = 0; e < n; ++e)
    E.value(e) *= 2;
#endif
  double t = 0;
  for (int64_t e = 0; e < n; ++e)
    t += out(e) + E.value(e);
  if (orion::is_root())
    std::printf("%g\n", t);
}

// CHECK-LABEL: loop 0 at {{.*}}sparse_value_read.cpp:26:3
// CHECK:       #1   R E(?, ?)
// CHECK:       dependences:
// CHECK-NEXT:  (none)
// CHECK:       schedule: 1d (0)
// CHECK-LABEL: loop 1 at {{.*}}sparse_value_read.cpp:30:3
// CHECK:       #0   X E(?, ?)
// CHECK:       schedule: none

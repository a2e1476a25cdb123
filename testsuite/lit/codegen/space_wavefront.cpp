// seidel-2d with its time loop (3-deep, in place): the skew T = [[1, 0, 0], [1, 1, 0], [2, 1, 1]]
// makes every distance non-negative, so a wavefront is legal on any two transformed dims. orionc
// offers the time wavefront (c0, c1) and the space wavefront (c1, c2). With one time step the
// time wavefront has one part of c0 = t and keeps one worker busy; the runtime then runs the
// space wavefront. With more steps than workers both keep every worker busy, they cost the same,
// and the compiler's order decides (time first). Every configuration equals the serial build bit
// for bit.
// RUN: %orionc --dump=deps %s | FileCheck %s --check-prefix=DEPS
// RUN: %orionc %s -O1 -o %t
// RUN: c++ -std=c++20 -O1 -Wno-unknown-pragmas -I%runtime_include %s -o %t.serial
// RUN: %t.serial 1 > %t.serial1.txt
// RUN: %t.serial 5 > %t.serial5.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   %t 1 --orion-threads=2 --orion-verbose > %t.t2.txt 2> %t.t2.err
// RUN: diff %t.serial1.txt %t.t2.txt
// RUN: FileCheck %s --check-prefix=ONE --input-file=%t.t2.err
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   %t 5 --orion-threads=2 --orion-verbose > %t.t2five.txt 2> %t.t2five.err
// RUN: diff %t.serial5.txt %t.t2five.txt
// RUN: FileCheck %s --check-prefix=FIVE --input-file=%t.t2five.err
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t 1 --orion-threads=2 --orion-verbose > %t.np2.txt 2> %t.np2.err
// RUN: diff %t.serial1.txt %t.np2.txt
// RUN: FileCheck %s --check-prefix=NP2 --input-file=%t.np2.err
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 3 %t 5 --orion-threads=1 > %t.np3.txt
// RUN: diff %t.serial5.txt %t.np3.txt
#include <orion/orion.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t T = argc > 1 ? std::atoll(argv[1]) : 1, N = 40;
  orion::DenseArray<double, 2> A({N, N});
  A.fill_uniform(0.0, 1.0, 5);
#pragma orion parallel_for ordered
  for (int64_t t = 0; t < T; ++t)
    for (int64_t i = 1; i <= N - 2; ++i)
      for (int64_t j = 1; j <= N - 2; ++j)
        A(i, j) = (A(i - 1, j - 1) + A(i - 1, j) + A(i - 1, j + 1) + A(i, j - 1) + A(i, j) +
                   A(i, j + 1) + A(i + 1, j - 1) + A(i + 1, j) + A(i + 1, j + 1)) /
                  9.0;
  if (orion::is_root())
    for (int64_t i = 0; i < N; i += 7)
      for (int64_t j = 0; j < N; j += 5)
        std::printf("A(%lld, %lld) = %.17g\n", static_cast<long long>(i),
                    static_cast<long long>(j), A(i, j));
}

// DEPS: legal schedules:
// DEPS-NEXT: unimodular (0, 1) {{.*}}then 2D wavefront on (c0, c1) on the transformed space
// DEPS: unimodular (1, 2) {{.*}}then 2D wavefront on (c1, c2) on the transformed space
// DEPS-NEXT: transformed vectors as above
// DEPS: schedule: unimodular (0, 1)

// ONE: orion: loop {{.*}}space_wavefront.cpp:41: unimodular (1, 2) [2D wavefront on the transformed space], 2 worker(s)
// ONE-SAME: cost per pass: unimodular (0, 1) = {{.*}} B (keeps 1 of 2 workers busy), unimodular (1, 2) = {{.*}} B (chosen)

// FIVE: orion: loop {{.*}}space_wavefront.cpp:41: unimodular (0, 1) [2D wavefront on the transformed space], 2 worker(s)
// FIVE-SAME: cost per pass: unimodular (0, 1) = {{.*}} B (chosen), unimodular (1, 2) = {{.*}} B{{$}}

// NP2: orion: loop {{.*}}space_wavefront.cpp:41: unimodular (1, 2) [2D wavefront on the transformed space], 4 worker(s) (2 rank(s) x 2 thread(s))
// NP2-SAME: unimodular (0, 1) = {{.*}} B (keeps 1 of 4 workers busy)

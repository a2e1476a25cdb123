// What the analysis assumes about a loop's arrays, checked where only the running program knows:
// - Two names of the loop for one array (`f(A, A)` into `void f(Arr &dst, Arr &src)`, two
//   references to one member) were analysed as two arrays: `dst(i) = src(i - 1) + 1` had no
//   dependence, and two ranks printed 33 (four ranks 17) for 64, exit 0. Now every run stops with
//   an error naming both, at one worker too. Two names only read stay allowed.
// - A loop over a dense array that writes its elements and reads other elements of it (here the
//   one above, under a 2D schedule) placed the array with its iterations and never moved the
//   elements other ranks wrote: `0 1 2 1 2 3` for `0 1 2 3 4 5`. Now the compiler places it like
//   any other array and warns at the build, threads run it, and several ranks stop with an error.
// - A const DenseArray read in a loop (a local, a const & parameter) did not compile.
// RUN: %orionc %s -O1 -o %t 2>&1 | FileCheck %s --check-prefix=WARN --implicit-check-not=warning:
// RUN: c++ -std=c++20 -Wno-unknown-pragmas -I%runtime_include %s -o %t.serial
// RUN: %t.serial const > %t.const.serial.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 %t const --orion-threads=2 > %t.const.two.txt
// RUN: diff %t.const.serial.txt %t.const.two.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 %mpiexec -np 2 %t const --orion-check > %t.const.np2.txt
// RUN: diff %t.const.serial.txt %t.const.np2.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 not %t alias --orion-threads=1 2>&1 | FileCheck %s --check-prefix=ALIAS
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 not timeout 120 %mpiexec -np 2 %t alias 2>&1 | FileCheck %s --check-prefix=ALIAS
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 not %t member --orion-threads=2 2>&1 | FileCheck %s --check-prefix=MEMBER
// RUN: %t.serial above > %t.above.serial.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 %t above --orion-threads=2 > %t.above.two.txt
// RUN: diff %t.above.serial.txt %t.above.two.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 not timeout 120 %mpiexec -np 2 %t above 2>&1 | FileCheck %s --check-prefix=ABOVE
// RUN: %orionc --dump=deps %s | FileCheck %s --check-prefix=ROLES
#include <orion/orion.hpp>

#include <cstdint>
#include <cstdio>
#include <cstring>

using Arr = orion::DenseArray<std::int64_t, 1>;

// ALIAS: error: parallel loop at {{.*}}array_identity.cpp:[[@LINE+3]]: 'dst' and 'src' are the same array (or overlap), and the loop writes it; orionc analysed them as two arrays, so a dependence between them would go unseen: use one name for the array in the loop
void shift(Arr &dst, Arr &src) {
  const std::int64_t n = dst.extent(0);
#pragma orion parallel_for ordered
  for (std::int64_t i = 1; i < n; ++i)
    dst(i) = src(i - 1) + 1;
}

void scale(Arr &dst, const Arr &src) {
#pragma orion parallel_for
  for (std::int64_t i = 0; i < dst.extent(0); ++i)
    dst(i) = 2 * src(i);
}

struct Model {
  Arr w{{64}};
};

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const char *what = argc > 1 ? argv[1] : "";
  if (!std::strcmp(what, "const")) {
    const Arr A({8}, 3);
    Arr B({8}), C({8});
#pragma orion parallel_for
    for (std::int64_t i = 0; i < 8; ++i)
      B(i) = A(i) + 1;
    scale(C, B);
    if (orion::is_root())
      std::printf("%lld %lld\n", (long long)B(7), (long long)C(7));
  } else if (!std::strcmp(what, "alias")) {
    Arr A({64});
    shift(A, A);
    std::printf("%lld\n", (long long)A(63));
  } else if (!std::strcmp(what, "member")) {
    Model m;
    auto &cur = m.w;
    auto &prev = m.w;
    // MEMBER: error: parallel loop at {{.*}}array_identity.cpp:[[@LINE+1]]: 'cur' and 'prev' are the same array
#pragma orion parallel_for ordered
    for (std::int64_t i = 1; i < 64; ++i)
      cur(i) = prev(i - 1) + 1;
    std::printf("%lld\n", (long long)cur(63));
  } else if (!std::strcmp(what, "above")) {
    orion::DenseArray<std::int64_t, 2> A({6, 4});
    // ABOVE: error: parallel loop at {{.*}}array_identity.cpp:[[@LINE+3]]: the body writes the iterated dense array 'A' and also touches elements of it that belong to other partitions under schedule '2d (0, 1)'; this is not supported on several ranks yet
    // ROLES: A            served     written, not aligned with a partitioned dimension
    // WARN: array_identity.cpp:[[@LINE+1]]:1: warning: this loop writes 'A', the dense array it iterates over, and no schedule keeps every element of it the body touches with its iteration (or the schedule is skewed): it runs on the threads of one rank, and stops with an error on several ranks; write it as a counted loop over the indices to run it everywhere
#pragma orion parallel_for
    for (auto &&[k, v] : A) {
      if (k[0] > 0)
        v = A(k[0] - 1, k[1]) + 1;
      if (k[1] > 0)
        v += A(k[0], k[1] - 1) * 0;
    }
    if (orion::is_root()) {
      for (std::int64_t i = 0; i < 6; ++i)
        std::printf("%lld ", (long long)A(i, 3));
      std::printf("\n");
    }
  }
}

// A file without parallel loops still has distributed SparseArrays: a loader and restore leave
// each rank its share. Driver code that only the root runs and that reads such an array needs the
// gather before it, as in a file with loops; before, orionc inserted none without a loop, and two
// ranks stopped with a collective call mismatch.
// RUN: rm -rf %t.dir
// RUN: printf '0 0 1\n1 1 2\n2 2 3\n3 0 4\n1 3 5\n' > %t.ratings
// RUN: c++ -std=c++20 -Wno-unknown-pragmas -I%runtime_include %s -o %t.serial
// RUN: %t.serial %t.ratings %t.serial.dir > %t.serial.txt
// RUN: FileCheck %s --input-file=%t.serial.txt
// RUN: %orionc %s -o %t 2>/dev/null
// RUN: %orionc %s --emit=cpp -o - 2>/dev/null | FileCheck %s --check-prefix=EMIT
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t %t.ratings %t.dir --orion-cache=off > %t.np2.txt
// RUN: diff %t.serial.txt %t.np2.txt
#include <orion/orion.hpp>

#include <cstdint>
#include <cstdio>
#include <string>

namespace {

void print_sum(const char *what, const orion::SparseArray<int, 2> &a) {
  int64_t sum = 0;
  for (auto &&[k, v] : a)
    sum += v * (k[0] + 1) * (k[1] + 2);
  std::printf("%s %lld\n", what, static_cast<long long>(sum));
}

} // namespace

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  if (argc < 3)
    return 2;
  auto ratings = orion::load_triplets<int>(argv[1]);
  if (orion::is_root())
    print_sum("loaded", ratings);
  orion::checkpoint(argv[2], 1, ratings);
  orion::restore(argv[2], ratings);
  if (orion::is_root())
    print_sum("restored", ratings);
  return 0;
}

// CHECK: loaded 132
// CHECK: restored 132

// EMIT: ::orion::detail::make_whole(ratings);
// EMIT: ::orion::detail::make_whole(ratings);

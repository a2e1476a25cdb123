// A checkpoint of an array that a loop left sharded across the ranks: each rank writes the rows it
// owns from its own storage, and nothing is gathered (--orion-verbose says whenever driver code
// gathers an array). Nor does --orion-digest gather: each rank hashes its rows in turn. Restoring
// into a sharded array overwrites every row without gathering it first. The checkpoint restores
// the same values at one rank and at two, and every run prints what the serial build prints.
// RUN: rm -rf %t.serial.dir %t.np2.dir
// RUN: c++ -std=c++20 -Wno-unknown-pragmas -I%runtime_include %s -o %t.serial
// RUN: %t.serial %t.serial.dir train > %t.serial.txt
// RUN: %t.serial %t.serial.dir resume > %t.serial.resume.txt
// RUN: %orionc %s -O1 -o %t
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t %t.np2.dir train --orion-threads=1 --orion-shard-min-bytes=0 \
// RUN:   --orion-verbose --orion-digest > %t.np2.txt 2> %t.np2.err
// RUN: diff %t.serial.txt %t.np2.txt
// RUN: FileCheck %s --input-file=%t.np2.err --check-prefix=VERBOSE
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 timeout 120 \
// RUN:   %mpiexec -np 1 %t %t.np2.dir resume > %t.np1.resume.txt
// RUN: diff %t.serial.resume.txt %t.np1.resume.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t %t.np2.dir resume > %t.np2.resume.txt
// RUN: diff %t.serial.resume.txt %t.np2.resume.txt
#include <orion/orion.hpp>

#include <cstdint>
#include <cstdio>
#include <string>

namespace {

int64_t weighted_sum(const orion::DenseArray<int64_t, 2> &w) {
  int64_t s = 0;
  for (int64_t r = 0; r < w.extent(0); ++r)
    for (int64_t c = 0; c < w.extent(1); ++c)
      s += w(r, c) * (r + 1) * (c + 2);
  return s;
}

void say(const char *what) {
  if (orion::is_root())
    std::fprintf(stderr, "marker: %s\n", what);
}

} // namespace

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  if (argc < 3)
    return 2;
  const std::string dir = argv[1], mode = argv[2];
  const int64_t N = 4000, T = 1000;
  orion::DenseArray<int64_t, 2> w({T, 3});
  if (mode == "resume") {
    const int64_t step = orion::restore(dir, w);
    const int64_t sum = weighted_sum(w);
    if (orion::is_root())
      std::printf("resumed step %lld sum %lld\n", static_cast<long long>(step),
                  static_cast<long long>(sum));
    return 0;
  }
  orion::DenseArray<int64_t, 1> idx({N});
  idx.fill_uniform(0, T, 7);
  for (int epoch = 0; epoch < 2; ++epoch) {
#pragma orion parallel_for relax(w)
    for (int64_t i = 0; i < N; ++i)
      w(idx(i), i % 3) += i % 5 + 1;
    if (epoch == 0) {
      orion::checkpoint(dir, epoch, w);
      say("checkpointed");
    }
  }
  // w is sharded here (the second loop left it so): restore overwrites every row.
  const int64_t step = orion::restore(dir, w);
  say("restored");
  const int64_t sum = weighted_sum(w);
  if (orion::is_root())
    std::printf("restored step %lld sum %lld\n", static_cast<long long>(step),
                static_cast<long long>(sum));
  // Sharded again by the loop; reading it from driver code gathers it.
#pragma orion parallel_for relax(w)
  for (int64_t i = 0; i < N; ++i)
    w(idx(i), i % 3) += 1;
  say("trained again");
  const int64_t again = weighted_sum(w);
  if (orion::is_root())
    std::printf("trained again sum %lld\n", static_cast<long long>(again));
  return 0;
}

// VERBOSE: 'w' {{.*}} sharded across 2 ranks
// VERBOSE-NOT: gathered whole
// VERBOSE: orion: digest {{.*}} w {{[0-9a-f]+}}
// VERBOSE-NOT: gathered whole
// VERBOSE: marker: checkpointed
// VERBOSE-NOT: gathered whole
// VERBOSE: marker: restored
// VERBOSE-NOT: gathered whole
// VERBOSE: marker: trained again
// VERBOSE-NEXT: orion: 'w' (0.0 MB) gathered whole on every rank: driver code reads it

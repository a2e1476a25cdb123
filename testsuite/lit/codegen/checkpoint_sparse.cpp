// A checkpoint of a SparseArray that the loader left distributed over the ranks and a loop then
// wrote: each rank writes the elements it holds, and nothing is gathered (--orion-verbose says
// whenever driver code gathers an array). Restoring it keeps it distributed: the next loop runs
// on it without a gather either. The checkpoint written on two ranks restores the same values on
// one rank and on two, and every run prints what the serial build prints.
// RUN: rm -rf %t.serial.dir %t.np2.dir
// RUN: printf '0 0 1\n0 1 2\n3 2 3\n1 0 4\n1 1 5\n1 2 6\n' > %t.ratings
// RUN: printf '2 0 7\n0 4 8\n2 2 9\n3 0 1\n3 2 2\n2 3 5\n' >> %t.ratings
// RUN: c++ -std=c++20 -Wno-unknown-pragmas -I%runtime_include %s -o %t.serial
// RUN: %t.serial %t.ratings %t.serial.dir train > %t.serial.txt
// RUN: %t.serial %t.ratings %t.serial.dir resume > %t.serial.resume.txt
// RUN: FileCheck %s --input-file=%t.serial.resume.txt --check-prefix=RESUMED
// RUN: %orionc %s -O1 -o %t
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t %t.ratings %t.np2.dir train --orion-threads=1 --orion-cache=off \
// RUN:   --orion-verbose > %t.np2.txt 2> %t.np2.err
// RUN: diff %t.serial.txt %t.np2.txt
// RUN: FileCheck %s --input-file=%t.np2.err --check-prefix=VERBOSE
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 timeout 120 \
// RUN:   %mpiexec -np 1 %t %t.ratings %t.np2.dir resume --orion-cache=off > %t.np1.resume.txt
// RUN: diff %t.serial.resume.txt %t.np1.resume.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t %t.ratings %t.np2.dir resume --orion-threads=1 --orion-cache=off \
// RUN:   --orion-verbose > %t.np2.resume.txt 2> %t.np2.resume.err
// RUN: diff %t.serial.resume.txt %t.np2.resume.txt
// RUN: FileCheck %s --input-file=%t.np2.resume.err --check-prefix=RESUME-VERBOSE
#include <orion/orion.hpp>

#include <cstdint>
#include <cstdio>
#include <string>

namespace {

void say(const char *what) {
  if (orion::is_root())
    std::fprintf(stderr, "marker: %s\n", what);
}

} // namespace

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  if (argc < 4)
    return 2;
  const std::string file = argv[1], dir = argv[2], mode = argv[3];
  auto ratings = orion::load_triplets<float>(file);
  orion::Accumulator<double> total;
  if (mode == "resume") {
    const int64_t step = orion::restore(dir, ratings);
    say("restored");
#pragma orion parallel_for
    for (auto &&[key, r] : ratings)
      total += r * static_cast<double>((key[0] + 1) * (key[1] + 3));
    const double sum = total.aggregate();
    say("summed");
    // nnz() is on every rank: this root-only line gathers nothing.
    if (orion::is_root())
      std::printf("resumed step %lld nnz %lld weighted sum %.1f\n", static_cast<long long>(step),
                  static_cast<long long>(ratings.nnz()), sum);
    return 0;
  }
#pragma orion parallel_for
  for (auto &&[key, r] : ratings)
    r = r * 3 + static_cast<float>(key[0] % 2);
  orion::checkpoint(dir, 4, ratings);
  say("checkpointed");
  if (orion::is_root())
    std::printf("checkpointed %lld ratings\n", static_cast<long long>(ratings.nnz()));
  return 0;
}

// The weighted sum of the values the first loop wrote (r * 3 + row % 2): 3 * 591 + 76.
// RESUMED: resumed step 4 nnz 12 weighted sum 1849.0

// VERBOSE-NOT: gathered
// VERBOSE: marker: checkpointed
// VERBOSE-NOT: gathered

// RESUME-VERBOSE-NOT: gathered
// RESUME-VERBOSE: marker: restored
// RESUME-VERBOSE-NOT: gathered
// RESUME-VERBOSE: marker: summed
// RESUME-VERBOSE-NOT: gathered

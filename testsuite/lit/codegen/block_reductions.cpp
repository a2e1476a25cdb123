// Accumulators the body only adds to by name become per-block partials (lambda parameters that
// shadow them, passed as ::orion::parallel::reductions(...)); every other accumulator stays
// captured: one passed to a function, one held in a container, one reached through a reference
// declared in the body. A Max accumulator and a counted nest get partials too. The program
// built by orionc prints what the serial build prints.
// RUN: %orionc --emit=cpp %s -o %t.cpp
// RUN: FileCheck %s --input-file=%t.cpp --strict-whitespace --match-full-lines
// RUN: %orionc %s -O1 -o %t
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 %t --orion-threads=2 > %t.parallel.txt
// RUN: c++ -std=c++20 -Wno-unknown-pragmas -I%runtime_include %s -o %t.serial
// RUN: %t.serial > %t.serial.txt
// RUN: diff %t.serial.txt %t.parallel.txt
#include <orion/orion.hpp>

#include <cstdio>
#include <vector>

void add_to(orion::Accumulator<long> &acc, long x) { acc += x; }

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = 1000;
  orion::DenseArray<long, 1> A({N});
  for (int64_t i = 0; i < N; ++i)
    A(i) = (i * 37) % 101;
  orion::Accumulator<long> sum, passed;
  orion::Accumulator<long, orion::Max> largest(-1);
  std::vector<orion::Accumulator<long>> buckets(2);
#pragma orion parallel_for
  for (auto &&[key, v] : A) {
    sum += v;
    largest += v;
    add_to(passed, v);
    buckets[v % 2] += 1;
    auto &odd = buckets[1];
    odd += 0;
  }
  orion::Accumulator<long> nest_sum;
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    nest_sum += 2 * A(i);
  std::printf("%ld %ld %ld %ld %ld %ld\n", sum.aggregate(), largest.aggregate(),
              passed.aggregate(), buckets[0].aggregate(), buckets[1].aggregate(),
              nest_sum.aggregate());
}

// CHECK:        .reductions = {"sum", "largest", "passed", "buckets", "odd"}};
// CHECK-NEXT:#line 30 "{{.*}}block_reductions.cpp"
// CHECK-NEXT:    _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wshadow\"") ::orion::parallel::for_each(orion_plan, A, ::orion::parallel::arrays(), ::orion::parallel::reductions(sum, largest), [&](auto &sum, auto &largest, {{\[\[maybe_unused\]\]}} const auto &key, {{\[\[maybe_unused\]\]}} auto &v) { _Pragma("GCC diagnostic pop")
// CHECK:        .reductions = {"nest_sum"}};
// CHECK-NEXT:#line 40 "{{.*}}block_reductions.cpp"
// CHECK-NEXT:    _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wshadow\"") ::orion::parallel::for_nest<1>(orion_plan, ::orion::parallel::NestBounds<1>{{.*}}, ::orion::parallel::arrays(A), ::orion::parallel::reductions(nest_sum), [&](auto &A, auto &nest_sum, const ::orion::parallel::Block<1> &orion_block) { for (int64_t i = orion_block.lower(0, (0)); i < orion_block.upper(0, (N)); ++i) _Pragma("GCC diagnostic pop")

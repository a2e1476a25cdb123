// Loop bodies that new users wrote and that the prefetch slice once got wrong. The slice runs a
// copy of the body's subscript code before the block, so it must not evaluate what the body only
// evaluates under a condition (a division by zero, a row out of range), must not call code with
// side effects (a lambda that counts), must keep what kept code names (a local type alias), and
// must not leave a variable unused (-Wall -Wextra -Werror on the host build; -Wno-comment for
// the RUN lines' backslashes). A pointer that driver code took from data(), or a reference to an
// element that a helper returned, keeps its array whole (a shard would leave it pointing at stale
// rows); an array driver code only reads between loops is sharded again. Every run prints what
// the serial build prints.
// RUN: %orionc --dump=deps %s | FileCheck %s --check-prefix=DUMP
// RUN: %orionc --emit=cpp %s -o %t.cpp
// RUN: FileCheck %s --input-file=%t.cpp --check-prefix=CODE
// RUN: %orionc %s -O1 -Wall -Wextra -Werror -Wno-comment -o %t
// RUN: c++ -std=c++20 -Wno-unknown-pragmas -I%runtime_include %s -o %t.serial
// RUN: %t.serial > %t.serial.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t --orion-threads=1 --orion-shard-min-bytes=0 --orion-verbose \
// RUN:   > %t.np2.txt 2> %t.np2.err
// RUN: diff %t.serial.txt %t.np2.txt
// RUN: FileCheck %s --input-file=%t.np2.err --check-prefix=VERBOSE
#include <orion/orion.hpp>

#include <cstdint>
#include <cstdio>
#include <span>
#include <utility>
#include <vector>

namespace {

int64_t total(const orion::DenseArray<int64_t, 1> &a) {
  int64_t s = 0;
  for (int64_t i = 0; i < a.extent(0); ++i)
    s += a(i);
  return s;
}

const int64_t *first_of(const orion::DenseArray<int64_t, 1> &a) {
  return a.data();
}

int64_t &last_of(orion::DenseArray<int64_t, 1> &a) {
  return a(a.extent(0) - 1);
}

struct Holder {
  std::span<const int64_t> s;
  explicit Holder(const orion::DenseArray<int64_t, 1> &a) : s(a.row()) {}
};

} // namespace

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  const int64_t N = 400, T = 4000;
  orion::DenseArray<int64_t, 1> den({N}), idx({N});
  for (int64_t i = 0; i < N; ++i)
    den(i) = i % 4; // 0: no bucket
  idx.fill_uniform(0, T, 1);
  orion::DenseArray<int64_t, 1> table({T});
  table.fill_uniform(0, 1000, 3);
  orion::DenseArray<int64_t, 1> out({N});

  // An access that only its condition makes valid: T / d runs when d > 0 only.
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    const int64_t d = den(i);
    out(i) = d > 0 ? table(T / d - 1) : 0;
    if (d > 1 && table(T / (d - 1) - 1) > 500)
      out(i) += 1;
  }
  const int64_t guarded = total(out);

  // Accesses inside a while or do loop or a try: the conditions, breaks and throws that guard
  // them stay where they are.
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    const int64_t d = den(i);
    int64_t acc = 0;
    while (d > 0) {
      acc += table(T / d - 1);
      break;
    }
    do {
      if (d == 0)
        break;
      acc += table(T / (d + 1));
    } while (false);
    try {
      if (d == 0)
        throw 1;
      acc += table((T - 1) / d);
    } catch (int) {
      acc += 1;
    }
    out(i) = acc;
  }
  const int64_t structured = total(out);

  // A subscript from a lambda with a side effect: it runs once per iteration, as in the serial
  // program.
  orion::Accumulator<int64_t> lookups;
  auto slot = [&](int64_t i) {
    lookups += 1;
    return (i * 40503) % T;
  };
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    const int64_t k = slot(i);
    out(i) = table(k);
  }
  const int64_t looked_up = total(out);

  // A declaration of two variables, one of which only the body reads.
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    const int64_t j = idx(i), scale = i % 7;
    out(i) = table(j) * scale;
  }
  const int64_t scaled = total(out);

  // A local type alias that the kept declaration names.
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    using Row = int64_t;
    const Row j = idx(i);
    out(i) = table(j) + 1;
  }
  const int64_t aliased = total(out);

  // A pointer and a reference driver code keeps across loops (their array stays whole), and an
  // array driver code only reads between loops (sharded again by the next loop).
  orion::DenseArray<int64_t, 1> counts({T}), hits({T});
  const int64_t *view = counts.data();
  int64_t &first = counts(idx(0));
  for (int epoch = 0; epoch < 2; ++epoch) {
#pragma orion parallel_for relax(counts, hits)
    for (int64_t i = 0; i < N; ++i) {
      counts(idx(i)) += 1;
      hits(idx(i)) += 2;
    }
    int64_t seen = 0;
    for (int64_t b = 0; b < T; ++b)
      seen += view[b];
    if (orion::is_root())
      std::printf("epoch %d counted %lld first %lld hits %lld\n", epoch,
                  static_cast<long long>(seen), static_cast<long long>(first),
                  static_cast<long long>(total(hits)));
  }
  // More ways to keep one: an address a call stores, a pointer a helper returns, a span a
  // constructor keeps, a pointer into an array whose storage then moves to another.
  orion::DenseArray<int64_t, 1> kept({T}), returned({T}), member({T}), source({T}), moved({T}),
      last({T});
  std::vector<const int64_t *> addresses;
  addresses.push_back(&kept(0));
  const int64_t *from_helper = first_of(returned);
  const int64_t &last_element = last_of(last);
  const Holder holder(member);
  const int64_t *into_source = source.data();
  moved = std::move(source);
  for (int epoch = 0; epoch < 2; ++epoch) {
#pragma orion parallel_for relax(kept, returned, member, moved, last)
    for (int64_t i = 0; i < N; ++i) {
      kept(idx(i)) += 1;
      returned(idx(i)) += 2;
      member(idx(i)) += 3;
      moved(idx(i)) += 4;
      last(T - 1 - idx(i) % 2) += 5;
    }
    int64_t sums[4] = {0, 0, 0, 0};
    for (int64_t b = 0; b < T; ++b) {
      sums[0] += addresses[0][b];
      sums[1] += from_helper[b];
      sums[2] += holder.s[static_cast<std::size_t>(b)];
      sums[3] += into_source[b];
    }
    if (orion::is_root())
      std::printf("epoch %d kept %lld %lld %lld %lld %lld\n", epoch,
                  static_cast<long long>(sums[0]), static_cast<long long>(sums[1]),
                  static_cast<long long>(sums[2]), static_cast<long long>(sums[3]),
                  static_cast<long long>(last_element));
  }
  const int64_t calls = lookups.aggregate();
  if (orion::is_root())
    std::printf("guarded %lld structured %lld lookups %lld %lld scaled %lld aliased %lld\n",
                static_cast<long long>(guarded), static_cast<long long>(structured),
                static_cast<long long>(calls),
                static_cast<long long>(looked_up), static_cast<long long>(scaled),
                static_cast<long long>(aliased));
  return 0;
}

// DUMP: prefetch slice (served arrays sharded across ranks):
// DUMP-NEXT: table(T / d - 1) {{.*}} fetched on a miss: it runs under a condition or loop the slice cannot evaluate
// DUMP-NEXT: table(T / (d - 1) - 1) {{.*}} fetched on a miss: it runs under a condition or loop the slice cannot evaluate
// DUMP: prefetch slice (served arrays sharded across ranks):
// DUMP-NEXT: table(T / d - 1) {{.*}} fetched on a miss: it runs under a condition or loop the slice cannot evaluate
// DUMP-NEXT: table(T / (d + 1)) {{.*}} fetched on a miss: it runs under a condition or loop the slice cannot evaluate
// DUMP-NEXT: table((T - 1) / d) {{.*}} fetched on a miss: it runs under a condition or loop the slice cannot evaluate
// DUMP: prefetch slice (served arrays sharded across ranks):
// DUMP-NEXT: table(k) {{.*}} fetched on a miss: {{.*}}
// DUMP: prefetch slice (served arrays sharded across ranks):
// DUMP-NEXT: table(j) {{.*}} prefetched
// DUMP: prefetch slice (served arrays sharded across ranks):
// DUMP-NEXT: table(j) {{.*}} prefetched

// CODE: {{^ *}}::orion::detail::pin(a); return a(a.extent(0) - 1);
// CODE: {{^ *}}const int64_t j = idx(i), scale = i % 7; (void)scale;
// CODE: {{^ *}}using Row = int64_t;
// CODE-NEXT: const Row j = idx(i);
// CODE: {{^ *}}::orion::detail::pin(counts); const int64_t *view = counts.data();
// CODE-NEXT: ::orion::detail::pin(counts); int64_t &first = counts(idx(0));
// CODE: {{^ *}}::orion::detail::pin(kept); addresses.push_back(&kept(0));
// CODE-NEXT: const int64_t *from_helper = first_of(returned);

// VERBOSE: 'counts' stays whole on every rank: driver code keeps a pointer or reference into it
// VERBOSE: 'hits' {{.*}} sharded across 2 ranks
// VERBOSE: 'hits' {{.*}} sharded across 2 ranks

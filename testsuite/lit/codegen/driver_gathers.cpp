// Driver code that only some ranks run and that reads an array a parallel loop left sharded:
// gathering it is collective, so orionc gathers it on every rank first. Beyond
// `if (orion::is_root()) { ... }` (codegen/served_arrays.cpp): the rest of a block after
// `if (!orion::is_root()) return;`, a member path (`m.h`), a lambda that captures the array, a
// macro that expands to the rank test, a `?:` and a `switch` on the rank; and none for code that
// reads only an array's shape (`extent()`, `size()`), which every rank has. Without the gathers the
// root alone would gather and the run would stop with a collective mismatch; with them every run
// prints what the serial build does. Each form reads its own array, sharded by the loop before it.
// RUN: %orionc --emit=cpp %s -o %t.cpp
// RUN: FileCheck %s --input-file=%t.cpp --check-prefix=CODE
// RUN: %orionc %s -O1 -o %t
// RUN: c++ -std=c++20 -Wno-unknown-pragmas -I%runtime_include %s -o %t.serial
// RUN: %t.serial > %t.serial.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t --orion-threads=1 --orion-shard-min-bytes=0 --orion-verbose \
// RUN:   > %t.np2.txt 2> %t.np2.err
// RUN: diff %t.serial.txt %t.np2.txt
// RUN: FileCheck %s --input-file=%t.np2.err --check-prefix=VERBOSE
// An array reached through a call orionc cannot follow: the run stops with the mismatch, which
// says what to call.
// RUN: %orionc %s -O1 -DUNSEEN -o %t.unseen
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   not %mpiexec -np 2 %t.unseen --orion-threads=1 --orion-shard-min-bytes=0 \
// RUN:   > %t.unseen.txt 2> %t.unseen.err
// RUN: FileCheck %s --input-file=%t.unseen.err --check-prefix=UNSEEN
#include <orion/orion.hpp>

#include <cstdint>
#include <cstdio>

#define ROOT_PRINTF(...)                                                                           \
  do {                                                                                             \
    if (orion::is_root())                                                                          \
      std::printf(__VA_ARGS__);                                                                    \
  } while (0)

namespace {

struct Model {
  orion::DenseArray<int64_t, 1> a, b, c, d, e, f, g, s;
};

void count(orion::DenseArray<int64_t, 1> &h, const orion::DenseArray<int64_t, 1> &key) {
#pragma orion parallel_for relax(h)
  for (int64_t i = 0; i < key.extent(0); ++i)
    h(key(i)) += 1;
}

#ifdef UNSEEN
Model &the(Model &m) { return m; }
#endif

void report(const Model &m, const char *what) {
  if (!orion::is_root())
    return;
  int64_t most = 0;
  for (int64_t i = 0; i < m.a.extent(0); ++i)
    most = m.a(i) > most ? m.a(i) : most;
  std::printf("%s: most %lld\n", what, static_cast<long long>(most));
}

} // namespace

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  const int64_t N = 2000, B = 100;
  orion::DenseArray<int64_t, 1> key({N});
  key.fill_uniform(0, B, 5);
  const orion::DenseArray<int64_t, 1> empty({B});
  Model m{empty, empty, empty, empty, empty, empty, empty, empty};

  count(m.a, key);
  report(m, "early return");

  count(m.b, key);
  if (orion::is_root())
    std::printf("member: %lld\n", static_cast<long long>(m.b(0)));

  count(m.c, key);
  auto show = [&](int64_t i) { std::printf("lambda: %lld\n", static_cast<long long>(m.c(i))); };
  if (orion::is_root())
    show(1);

  auto &h = m.d;
  count(h, key);
  ROOT_PRINTF("macro: %lld\n", static_cast<long long>(h(2)));

  count(m.f, key);
  const int64_t picked = orion::is_root() ? m.f(4) : 0;
  if (orion::is_root())
    std::printf("ternary: %lld\n", static_cast<long long>(picked));

  count(m.g, key);
  switch (orion::rank()) {
  case 0:
    std::printf("switch: %lld\n", static_cast<long long>(m.g(5)));
    break;
  default:
    break;
  }
  // A `?:` on the rank as a case's statement: the gather goes after the label, where the case runs
  // (before it, it never ran; found by a helper writing programs as a new user).
  orion::DenseArray<int64_t, 1> t = empty;
  count(t, key);
  switch (N % 7) {
  case 5:
    std::printf("%s", orion::is_root() ? (t(6) >= 0 ? "case: counted\n" : "case: none\n") : "");
    break;
  default:
    break;
  }
  count(m.s, key);
  if (orion::is_root())
    std::printf("shape: %lld of %lld\n", static_cast<long long>(m.s.extent(0)),
                static_cast<long long>(m.s.size()));
#ifdef UNSEEN
  count(m.e, key);
  if (orion::is_root())
    std::printf("call: %lld\n", static_cast<long long>(the(m).e(3)));
#endif
  return 0;
}

// CODE: {{^ *}}::orion::detail::make_whole(m.a); if (!orion::is_root())
// CODE: {{^ *}}{ ::orion::detail::make_whole(m.b); if (orion::is_root())
// CODE: {{^ *}}{ ::orion::detail::make_whole(m.c); if (orion::is_root())
// CODE-NEXT: show(1); }
// CODE: {{^ *}}::orion::detail::make_whole(h); ROOT_PRINTF(
// CODE: {{^ *}}::orion::detail::make_whole(m.f); const int64_t picked = orion::is_root() ? m.f(4) : 0;
// CODE: {{^ *}}::orion::detail::make_whole(m.g); switch (orion::rank()) {
// CODE: {{^ *}}case 5:
// CODE-NEXT: {{^ *}}::orion::detail::make_whole(t); std::printf(
// CODE-NOT: make_whole(m.{{s}})

// VERBOSE: 'h' {{.*}} sharded across 2 ranks

// UNSEEN: collective call mismatch: rank 0 touched the elements of an array sharded or distributed across ranks {{.*}}; rank 1 {{.*}}. A parallel loop left the array sharded (or a loader distributed it), and code that only some ranks run reads it: call orion::gather(array) for a DenseArray, or array.whole() for a SparseArray, on every rank before that code

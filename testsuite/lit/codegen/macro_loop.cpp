// A parallel loop that a macro expansion produces cannot be spliced: --emit=cpp (and a build)
// fail with a located error at the macro use and write nothing; --dump=loops still works.
// A macro that expands to the pragma alone, and `_Pragma` written before a loop, are fine.
// RUN: rm -f %t.cpp
// RUN: not %orionc --emit=cpp %s -o %t.cpp 2>&1 | FileCheck %s
// RUN: test ! -e %t.cpp
// RUN: %orionc --dump=loops %s | FileCheck %s --check-prefix=DUMP
// RUN: %orionc --emit=cpp -DNO_MACRO_LOOP %s -o %t.ok.cpp
// RUN: FileCheck %s --input-file=%t.ok.cpp --check-prefix=OK --strict-whitespace
#include <orion/orion.hpp>

#define PARALLEL _Pragma("orion parallel_for")
#define PARALLEL_RANGE(i, lo, hi)                                                                  \
  _Pragma("orion parallel_for") for (int64_t i = (lo); i < (hi); ++i)

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  const int64_t N = argc * 64;
  orion::DenseArray<float, 1> A({N}), B({N});
  PARALLEL
  for (int64_t i = 0; i < N; ++i)
    A(i) = 1;
#ifndef NO_MACRO_LOOP
  // CHECK: {{.*}}macro_loop.cpp:[[@LINE+4]]:3: error: cannot transform a parallel loop produced by a macro expansion; write the loop outside the macro{{$}}
  // CHECK-NEXT: | PARALLEL_RANGE(i, 1, N - 1)
  // CHECK-NEXT: | ^
  // CHECK-NEXT: 1 error generated.
  PARALLEL_RANGE(i, 1, N - 1)
    B(i) = A(i + 1) - A(i - 1);
#endif
  _Pragma("orion parallel_for") for (auto &&[key, b] : B) b *= 2;
}

// DUMP: macro_loop.cpp: 3 parallel loops
// The macro use that expands to the pragma alone becomes a block comment (code may follow it on
// its line); so does `_Pragma(...)`, with the loop replaced in place after it.
// OK:{{^}}  /* orionc: PARALLEL (loop 0) */{{$}}
// OK-NEXT:{{^}}  {{[{]$}}
// OK: ::orion::parallel::for_nest<1>(orion_plan,
// OK-NEXT:{{^}}#line 22 "{{.*}}macro_loop.cpp"{{$}}
// OK-NEXT:{{^}}    A(i) = 1;{{$}}
// OK:{{^}}  /* orionc: _Pragma("orion parallel_for") (loop 1) */ {{[{]$}}
// OK: ::orion::parallel::for_each(orion_plan, B, ::orion::parallel::arrays(), [&]({{\[\[maybe_unused\]\]}} const auto &key, {{\[\[maybe_unused\]\]}} auto &b) {{[{]}} _Pragma("GCC diagnostic pop"){{$}}
// OK-NEXT:{{^}}#line 31 "{{.*}}macro_loop.cpp"{{$}}
// OK-NEXT:{{^}}                                                          b *= 2;{{$}}
// OK-NEXT:{{^}}                                      });{{$}}
// OK-NEXT:{{^}}                                }{{$}}
// OK-NEXT:{{^}}#line 32 "{{.*}}macro_loop.cpp"{{$}}

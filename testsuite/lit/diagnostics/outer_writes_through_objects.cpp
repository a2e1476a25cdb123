// Writes to variables declared before the loop that go through an object: a function object or
// method that changes what it holds by reference or pointer, or a mutable member, or that is not
// const; a view built in the body over an outer container; an object built in the body that is
// handed an outer variable to write through; `*sp` of a smart pointer; a const_cast of a const
// reference to an outer container. Each compiled, and 2 ranks
// printed each rank's share (`hits 167` for 334, `hist 100 ...` for 200, `vec sum 210` for 820),
// or the host compiler failed deep in the generated code (`Sink s{&total}`). Reads through the
// same objects are fine.
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s --implicit-check-not=error:
#include <orion/orion.hpp>

#include <memory>
#include <span>
#include <vector>

struct RefCounter {
  long long &hits;
  void operator()(long long v) const {
    if (v % 3 == 0)
      ++hits;
  }
};
struct ValueCounter {
  long long hits = 0;
  void operator()(long long v) {
    if (v % 3 == 0)
      ++hits;
  }
};
struct Bumper {
  mutable long long n = 0;
  void bump() const { ++n; }
};
struct Adder {
  long long *sum;
  void add(long long v) const { *sum += v; }
  long long peek() const { return *sum; }
};
struct Sink {
  long long *n;
};

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  const int64_t N = 100;
  orion::DenseArray<long long, 1> a({N});
  long long total = 0, other = 0, seen = 0;
  std::vector<long long> hist(5), more(5);
  auto shared = std::make_shared<long long>(0);
  const RefCounter count_hit{total};
  ValueCounter counter;
  const Bumper bumper;
  const Adder adder{&other};
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    count_hit(a(i));
    // CHECK: outer_writes_through_objects.cpp:[[@LINE-1]]:5: error: 'count_hit' is declared outside the parallel loop and cannot be written inside it
    // CHECK: note: 'count_hit' declared here
    // CHECK: note: to combine values
    // CHECK: outer_writes_through_objects.cpp:20:9: note: 'count_hit' writes here through its reference member 'hits'
    counter(a(i));
    // CHECK: outer_writes_through_objects.cpp:[[@LINE-1]]:5: error: 'counter' is declared outside the parallel loop and cannot be written inside it
    // CHECK: note: 'counter' declared here
    // CHECK: note: to combine values
    bumper.bump();
    // CHECK: outer_writes_through_objects.cpp:[[@LINE-1]]:5: error: 'bumper' is declared outside the parallel loop and cannot be written inside it
    // CHECK: note: 'bumper' declared here
    // CHECK: note: to combine values
    // CHECK: note: 'bump' writes here through its mutable member 'n'
    adder.add(a(i));
    // CHECK: outer_writes_through_objects.cpp:[[@LINE-1]]:5: error: 'adder' is declared outside the parallel loop and cannot be written inside it
    // CHECK: note: 'adder' declared here
    // CHECK: note: to combine values
    // CHECK: note: 'add' writes here through its pointer member 'sum'
    std::span<long long> h(hist);
    h[a(i) % 5] += 1;
    // CHECK: outer_writes_through_objects.cpp:[[@LINE-1]]:5: error: 'hist' is declared outside the parallel loop and cannot be written inside it
    // CHECK: note: 'hist' declared here
    // CHECK: note: to combine values
    Sink s{&seen};
    // CHECK: outer_writes_through_objects.cpp:[[@LINE-1]]:12: error: 'seen' is declared outside the parallel loop and cannot be written inside it
    // CHECK: note: 'seen' declared here
    // CHECK: note: to combine values
    *s.n += a(i);
    *shared += a(i);
    // CHECK: outer_writes_through_objects.cpp:[[@LINE-1]]:6: error: 'shared' is declared outside the parallel loop and cannot be written inside it
    // CHECK: note: 'shared' declared here
    // CHECK: note: to combine values
    const std::vector<long long> &seen_more = more;
    const_cast<std::vector<long long> &>(seen_more)[0] += 1;
    // CHECK: outer_writes_through_objects.cpp:[[@LINE-1]]:5: error: 'more' is declared outside the parallel loop and cannot be written inside it
    // CHECK: note: 'more' declared here
    // CHECK: note: to combine values
    const std::span<const long long> view(more);
    a(i) += view[0] + adder.peek() + *shared;
  }
  return 0;
}

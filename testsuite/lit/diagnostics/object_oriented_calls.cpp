// Calls the body makes without naming a function: a virtual method (the override runs), a
// constructor or destructor, an overloaded operator, a default member initializer, and a method
// of the loop's own object, a const override that writes through a reference member. Each
// compiled without a word, and 2 ranks printed each rank's share (`calls=500` for 1000) or lost a
// dependence (a hash that differs from the serial build's). They are checked like the methods
// the body names.
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s --implicit-check-not=error:
#include <orion/orion.hpp>

using Arr = orion::DenseArray<int64_t, 1>;
int64_t g_calls = 0, g_ops = 0, g_ids = 0;

struct Model {
  virtual ~Model() = default;
  virtual int64_t update(int64_t i) const { return i; }
};
struct Sgd : Model {
  int64_t update(int64_t i) const override {
    g_calls += 1;
    return 3 * i;
  }
};
struct Counter {
  virtual ~Counter() = default;
  virtual void count(int64_t) const {}
};
struct HitCounter : Counter {
  long long &hits;
  explicit HitCounter(long long &h) : hits(h) {}
  void count(int64_t v) const override { hits += v % 3 == 0; }
};
struct Trainer {
  Arr W{{64}};
  int64_t hits = 0;
  virtual ~Trainer() = default;
  virtual int64_t prev(int64_t i) const { return i; }
  void note() { hits += 1; }
  void step() {
#pragma orion parallel_for
    for (int64_t i = 1; i < 64; ++i) {
      W(i) = prev(i) * 3 + i;
      // CHECK: object_oriented_calls.cpp:[[@LINE-1]]:14: error: 'prev', called in the parallel loop, reaches an orion array through a member of the object it is called on
      // CHECK: note: the array is reached here, as 'W'
      note();
      // CHECK: object_oriented_calls.cpp:[[@LINE-1]]:7: error: 'hits' is declared outside the parallel loop and cannot be written inside it
      // CHECK: note: 'note' writes here through its member 'hits'
    }
  }
};
struct Chain : Trainer {
  int64_t prev(int64_t i) const override { return W(i - 1); }
};
struct Commit {
  Arr &W;
  int64_t i;
  ~Commit() { W(i) = W(i - 1) + 1; }
};
struct Money {
  int64_t cents;
  Money &operator+=(const Money &o) {
    ++g_ops;
    cents += o.cents;
    return *this;
  }
};
struct Shifted {
  const Arr &W;
  int64_t operator[](int64_t i) const { return W(i - 1); }
};
struct Job {
  int64_t id = g_ids++;
};

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  const int64_t N = 64;
  Arr A({N}), B({N});
  Sgd sgd;
  const Model &m = sgd;
  long long hits = 0;
  const HitCounter hit_counter(hits);
  const Counter &counter = hit_counter;
#pragma orion parallel_for
  for (int64_t i = 1; i < N; ++i) {
    B(i) = m.update(i);
    // CHECK: object_oriented_calls.cpp:[[@LINE-1]]:12: error: 'update', called in the parallel loop, writes 'g_calls', which has static storage
    Commit c{A, i};
    // CHECK: object_oriented_calls.cpp:[[@LINE-1]]:13: error: '~Commit', called in the parallel loop, reaches an orion array through a member of the object it is called on
    // CHECK: note: the array is reached here, as 'W'
    Money sum{0};
    sum += Money{B(i)};
    // CHECK: object_oriented_calls.cpp:[[@LINE-1]]:5: error: 'operator+=', called in the parallel loop, writes 'g_ops', which has static storage
    const Shifted before{B};
    B(i) += before[i];
    // CHECK: object_oriented_calls.cpp:[[@LINE-1]]:13: error: 'operator[]', called in the parallel loop, reaches an orion array through a member of the object it is called on
    // CHECK: note: the array is reached here, as 'W'
    Job job;
    // CHECK: object_oriented_calls.cpp:[[@LINE-1]]:9: error: 'Job', called in the parallel loop, writes 'g_ids', which has static storage
    B(i) += job.id + sum.cents;
    counter.count(i);
    // CHECK: object_oriented_calls.cpp:[[@LINE-1]]:5: error: 'counter' is declared outside the parallel loop and cannot be written inside it
    // CHECK: note: 'counter' declared here
    // CHECK: note: to combine values
    // CHECK: note: 'count' writes here through its reference member 'hits'
  }
  Chain chain;
  chain.step();
  return 0;
}

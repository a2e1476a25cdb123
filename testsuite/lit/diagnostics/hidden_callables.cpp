// Calls that reach an orion array or an outer variable in ways orionc did not see. Each compiled,
// the loop got no reference to the array (or no write to the variable), and two ranks printed
// each rank's share without a word (`500500` for `250500`, `140775.08` for `517999.21`):
// - a function object's operator() that writes an array held as a member, or calls a lambda it
//   holds that captured the array;
// - a std::function holding a lambda that captures by reference, also one assigned to it after
//   its declaration;
// - an array returned by a user's function or lambda, even one it is handed (`pick(B)(i)`);
// - a const method of an outer variable that hands out a way to write it (`r.get()` of a
//   std::reference_wrapper, `sp.begin()` of a std::span, `Config *p = cfg.get();` of a
//   std::unique_ptr), written through.
// - a function object that calls a std::function it holds, built with a lambda that captures by
//   reference (`const ByFn f{[&](...) { B(i) = v; }}`).
// A std::function whose target orionc cannot see gets a warning, also one a method calls; one
// holding a lambda that captures nothing by reference is checked like the lambda.
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
#include <orion/orion.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

using Arr = orion::DenseArray<double, 1>;

struct Put {
  Arr &B;
  void operator()(int64_t i, double v) const { B(i) = v; }
};
template <class F> struct Holder {
  F f;
  void operator()(int64_t i, double v) const { f(i, v); }
};
struct Scale {
  double s;
  double operator()(double v) const { return s * v; }
};
struct ByFn {
  std::function<void(int64_t, double)> f;
  void operator()(int64_t i, double v) const { f(i, v); }
};
struct Mapper {
  std::function<double(double)> g;
  double apply(double v) const { return g(v); }
};
Arr &pick(Arr &x) { return x; }
struct Config {
  double lr = 0.1;
};

void train(Arr &A, Arr &B, const std::function<double(double)> &activation) {
  const int64_t N = A.extent(0);
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i)
    B(i) = activation(A(i));
  // CHECK: hidden_callables.cpp:[[@LINE-1]]:12: warning: 'activation', called in the parallel loop, is a std::function, and orionc cannot tell which function it calls: it assumes that function writes no global, static or captured variable and reaches orion arrays only through its arguments (such a write would race between workers and count only each rank's share); call a function or a lambda declared with 'auto', which orionc reads
}

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  const int64_t N = 100;
  Arr A({N}), B({N});
  std::vector<double> hist(4);
  auto r = std::ref(hist);
  std::span<double> sp(hist);
  const auto cfg = std::make_unique<Config>();
  Put put{B};
  const Scale scale{2.0};
  std::function<void(int64_t, double)> store = [&](int64_t i, double v) { B(i) = v; };
  const std::function<double(double)> squash = [](double v) { return std::tanh(v); };
  auto get = [&]() -> Arr & { return B; };
  const Holder held{[&](int64_t i, double v) { B(i) = v; }};
  std::function<void(int64_t)> later = [](int64_t) {};
  later = [&](int64_t i) { A(i) = 1; };
  const ByFn byfn{[&](int64_t i, double v) { B(i) = v; }};
  const Mapper mapper{squash};
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    put(i, A(i));
    // CHECK: hidden_callables.cpp:[[@LINE-1]]:5: error: 'put', called in the parallel loop, reaches an orion array through a member of the object it is called on, which orionc cannot follow: {{.*}}; pass the array to 'put' as a reference parameter
    // CHECK: hidden_callables.cpp:{{[0-9]+}}:48: note: the array is reached here, as 'B'
    store(i, A(i));
    // CHECK: hidden_callables.cpp:[[@LINE-1]]:5: error: 'store', called in the parallel loop, is a std::function that holds a lambda capturing 'B' by reference, and orionc does not follow calls through a std::function: the lambda's accesses would be left out of the loop's dependences and of what the ranks exchange; declare the lambda itself ('auto store = [&](...) {...};'), which orionc reads as inlined, or pass what it needs as arguments
    held(i, A(i));
    // CHECK: hidden_callables.cpp:[[@LINE-1]]:5: error: 'held', called in the parallel loop, reaches an orion array through a lambda's capture
    later(i);
    // CHECK: hidden_callables.cpp:[[@LINE-1]]:5: error: 'later', called in the parallel loop, is a std::function that holds a lambda capturing 'A' by reference
    A(i) = squash(scale(A(i)));
    byfn(i, A(i));
    // CHECK: hidden_callables.cpp:[[@LINE-1]]:5: error: 'byfn', called in the parallel loop, calls 'f', a std::function that holds a lambda capturing 'B' by reference, and orionc does not follow calls through a std::function: {{.*}}; hold the lambda by its own type (a template parameter: 'template <class F> struct ... { F f; }'), which orionc reads, or pass what it needs as arguments
    // CHECK: hidden_callables.cpp:{{[0-9]+}}:48: note: 'f' is called here
    A(i) += mapper.apply(A(i));
    // CHECK: hidden_callables.cpp:[[@LINE-1]]:13: warning: 'apply', called in the parallel loop, calls 'g', a std::function, and orionc cannot tell which function that runs: it assumes {{.*}}; hold a lambda by its own type (a template parameter), which orionc reads
    // CHECK: hidden_callables.cpp:{{[0-9]+}}:41: note: 'g' is called here
    pick(B)(i) = A(i);
    // CHECK: hidden_callables.cpp:[[@LINE-1]]:5: error: 'pick(B)' reaches an orion array through a function's result
    get()(i) += 1;
    // CHECK: hidden_callables.cpp:[[@LINE-1]]:5: error: 'get()' reaches an orion array through a function's result
  }
#pragma orion parallel_for
  for (int64_t i = 0; i < N; ++i) {
    r.get()[i % 4] += A(i);
    // CHECK: hidden_callables.cpp:[[@LINE-1]]:5: error: 'r' is declared outside the parallel loop and cannot be written inside it
    // CHECK: note: 'r' declared here
    // CHECK: note: to combine values
    Config *p = cfg.get();
    p->lr = cfg->lr + A(i);
    // CHECK: hidden_callables.cpp:[[@LINE-1]]:5: error: 'cfg' is declared outside the parallel loop and cannot be written inside it
    // CHECK: note: 'cfg' declared here
    // CHECK: note: to combine values
    std::fill(sp.begin(), sp.end(), A(i));
    // CHECK: hidden_callables.cpp:[[@LINE-1]]:15: error: 'sp' is declared outside the parallel loop and cannot be written inside it
    // CHECK: note: 'sp' declared here
    // CHECK: note: to combine values
  }
  train(A, B, squash);
  return 0;
}

// Reads of a relaxed element that the proxy it is inside the loop cannot serve: a member of a
// struct element (`st(b).cnt`), and a call whose parameter deduces template arguments from it
// (`std::abs(z(b))` takes `const std::complex<T> &`). Each compiled serially, and orionc built it
// only to fail in the host compiler (`'RelaxedElement<Stat, false>' has no member named 'cnt'`).
// Copies of the element are fine.
// RUN: not %orionc --dump=loops %s 2>&1 | FileCheck %s --implicit-check-not=error:
#include <orion/orion.hpp>

#include <complex>

struct Stat {
  double sum = 0;
  long cnt = 0;
  Stat operator+(const Stat &o) const { return {sum + o.sum, cnt + o.cnt}; }
  Stat operator-() const { return {-sum, -cnt}; }
  Stat &operator+=(const Stat &o) { return *this = *this + o; }
};

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  const int64_t N = 64;
  orion::DenseArray<Stat, 1> st({4});
  orion::DenseArray<std::complex<double>, 1> z({4});
  orion::DenseArray<double, 1> x({N}), out({N});
#pragma orion parallel_for relax(st, z)
  for (int64_t i = 0; i < N; ++i) {
    const int64_t b = i % 4;
    if (st(b).cnt < 1000)
      st(b) += Stat{x(i), 1};
    // CHECK: relax_element_proxy.cpp:[[@LINE-2]]:9: error: a member ('cnt') of an element of 'st', which is named in relax(st), is read here: inside the parallel loop that element is a proxy, which has no members of its own; copy the element first ('const Stat e = st(...);') and read 'e.cnt'
    out(i) = std::abs(z(b));
    // CHECK: relax_element_proxy.cpp:[[@LINE-1]]:23: error: parameter '__z' of 'abs' deduces its template arguments from an element of 'z', which is named in relax(z): inside the parallel loop that element is a proxy, not a 'complex<_Tp>', so the call does not compile; copy the element first ('const std::complex<double> v = z(...);') and pass the copy
    const Stat s = st(b);
    const std::complex<double> w = z(b);
    out(i) += s.sum + std::abs(w);
    z(b) += x(i);
  }
  return 0;
}

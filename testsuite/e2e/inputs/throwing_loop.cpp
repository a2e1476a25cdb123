// A parallel loop whose body throws for one iteration (from a function it calls: a `throw`
// written in the body itself is a build error): whichever rank and thread runs it, every rank
// must exit non-zero with the message, and nothing may hang (e2e.loop_exception.*).
#include <orion/orion.hpp>

#include <cstdint>
#include <cstdio>
#include <string>

static void check_sample(int64_t i) {
  if (i == 1717)
    throw orion::Error("bad sample " + std::to_string(i));
}

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  const int64_t n = 4000;
  orion::DenseArray<double, 1> x({n});
  orion::Accumulator<double> total;
#pragma orion parallel_for
  for (int64_t i = 0; i < n; ++i) {
    check_sample(i);
    x(i) = static_cast<double>(i) * 0.5;
    total += x(i);
  }
  const double sum = total.aggregate();
  if (orion::is_root())
    std::printf("sum %.3f\n", sum);
  return 0;
}

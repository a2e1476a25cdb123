#include <orion/orion.hpp>

#include "scale.hpp"

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  orion::DenseArray<double, 1> a({8});
#pragma orion parallel_for
  for (int64_t i = 0; i < 8; ++i)
    a(i) = kScale * i;
  return 0;
}

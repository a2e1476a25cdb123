// Input for the --depfile test: a user header found through -I, the runtime, the standard
// library.
#include "scale.hpp"

#include <orion/orion.hpp>

#include <vector>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  orion::DenseArray<int, 1> a({8});
#pragma orion parallel_for
  for (int64_t i = 0; i < 8; ++i)
    a(i) = kScale * static_cast<int>(i);
}

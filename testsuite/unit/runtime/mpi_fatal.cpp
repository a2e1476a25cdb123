// Dies on purpose; run by check_fatal.cmake under mpirun, which checks that every rank exits
// non-zero, quickly, with the expected one-line message.
//   local       rank 1 throws orion::Error while the others wait in a barrier
//   collective  every rank fails to load a missing file (a collective LoadError)
//   std         the last rank throws a std::exception while the others wait
//   load_on_root      only rank 0 calls a loader; the others finish (a collective mismatch)
//   checkpoint_some   every rank but 0 writes a checkpoint; rank 0 restores one
//   (a bad --orion-* flag is caught by the Session itself)
#include <orion/orion.hpp>

#include <cstdio>
#include <stdexcept>
#include <string>

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  const std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "local") {
    if (orion::rank() == 1)
      throw orion::Error("boom on rank 1");
    orion::detail::comm_barrier(); // would wait forever without the abort
  } else if (mode == "collective") {
    orion::load_triplets<float>("/nonexistent/orion-input.txt");
  } else if (mode == "std") {
    if (orion::rank() == orion::num_ranks() - 1)
      throw std::out_of_range("index out of range on rank " + std::to_string(orion::rank()));
    orion::detail::comm_barrier();
  } else if (mode == "load_on_root") {
    if (orion::is_root())
      orion::load_triplets<float>("/nonexistent/orion-input.txt");
  } else if (mode == "checkpoint_some") {
    orion::DenseArray<float, 1> w({4});
    if (orion::rank() == 0)
      orion::restore("/nonexistent/orion-checkpoint", w);
    else
      orion::checkpoint("/nonexistent/orion-checkpoint", 1, w);
  }
  std::printf("unexpected: mode '%s' did not fail\n", mode.c_str());
  return 0;
}

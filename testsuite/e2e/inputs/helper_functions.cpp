// SGD matrix factorization written the way many users write it: the parallel loops call helper
// functions that take the orion arrays by reference, one that only reads them (`predict`) and
// ones that write them (`step`, `shrink_row`). orionc analyses their bodies as if inlined, so the
// loops get the same schedules as with the accesses written in the body, and the generated code
// hands the helpers the arrays in every path (the fast one, and the recording one of
// --orion-check and of writes shipped between ranks). e2e.helper_functions.*: equal to the serial
// build (the last line within 2%) at 1 worker, 2 threads and 2 and 4 ranks.
#include <orion/orion.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>

namespace {

constexpr int kRank = 8;

float predict(const orion::DenseArray<float, 2> &users, const orion::DenseArray<float, 2> &items,
              int64_t u, int64_t i) {
  float sum = 0;
  for (int k = 0; k < kRank; ++k)
    sum += users(u, k) * items(i, k);
  return sum;
}

void step(orion::DenseArray<float, 2> &users, orion::DenseArray<float, 2> &items, int64_t u,
          int64_t i, float err, float rate, float reg) {
  for (int k = 0; k < kRank; ++k) {
    const float w = users(u, k), h = items(i, k);
    users(u, k) = w + rate * (err * h - reg * w);
    items(i, k) = h + rate * (err * w - reg * h);
  }
}

// Calls another helper: the analysis follows both.
void shrink_row(orion::DenseArray<float, 2> &m, int64_t row, float factor);
void shrink(orion::DenseArray<float, 2> &m, int64_t row) { shrink_row(m, row, 0.999f); }
void shrink_row(orion::DenseArray<float, 2> &m, int64_t row, float factor) {
  for (int k = 0; k < kRank; ++k)
    m(row, k) *= factor;
}

} // namespace

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  if (argc < 2) {
    std::fprintf(stderr, "usage: helper_functions RATINGS [--epochs N]\n");
    return 2;
  }
  int epochs = 5;
  for (int a = 2; a + 1 < argc; ++a)
    if (std::string(argv[a]) == "--epochs")
      epochs = std::stoi(argv[a + 1]);
  auto ratings = orion::load_triplets<float>(argv[1]);
  const int64_t num_users = ratings.extent(0), num_items = ratings.extent(1);
  orion::DenseArray<float, 2> W({num_users, kRank}), H({num_items, kRank});
  W.fill_normal(0.0f, 0.1f, 1);
  H.fill_normal(0.0f, 0.1f, 2);
  orion::Accumulator<double> loss;
  for (int epoch = 0; epoch < epochs; ++epoch) {
#pragma orion parallel_for
    for (auto &&[key, r] : ratings) {
      const int64_t u = key[0], i = key[1];
      const float err = r - predict(W, H, u, i);
      step(W, H, u, i, err, 0.05f, 0.02f);
      loss += static_cast<double>(err) * err;
    }
    // A 1D loop over the users whose body only calls a writing helper: exact at every count.
#pragma orion parallel_for
    for (int64_t u = 0; u < num_users; ++u)
      shrink(W, u);
    const double total = loss.aggregate();
    loss.reset();
    if (orion::is_root())
      std::printf("epoch %d rmse %.5f\n", epoch, std::sqrt(total / double(ratings.nnz())));
  }
  return 0;
}

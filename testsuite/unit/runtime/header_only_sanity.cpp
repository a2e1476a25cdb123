// Built with a bare compiler command line (no MPI, no library, no ORION_DISTRIBUTED): proves the
// headers alone are a complete serial implementation, and that g++ and clang++ draw the same
// random numbers. Exits non-zero with a message on any mismatch.
#include <orion/orion.hpp>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <string>

static int failures = 0;

static void expect(bool ok, const char *what) {
  if (!ok) {
    std::fprintf(stderr, "header_only_sanity: FAILED: %s\n", what);
    ++failures;
  }
}

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  expect(argc == 2, "--orion-* flags are removed from argv");
  const std::string path = argc > 1 ? argv[1] : "ratings.txt";
  {
    std::ofstream out(path);
    out << "# user item rating\n";
    for (int u = 0; u < 30; ++u)
      for (int i = 0; i < 20; ++i)
        if ((u * 7 + i * 3) % 5 == 0)
          out << u << ' ' << i << ' ' << (1 + (u + i) % 5) << ".0\n";
  }

  // The design document's example, shortened: SGD matrix factorization.
  auto ratings = orion::load_triplets<float>(path);
  const int64_t U = ratings.extent(0), I = ratings.extent(1);
  const int K = 4;
  const float lr = 0.05f, reg = 0.05f;
  orion::DenseArray<float, 2> W({U, K}), H({I, K});
  W.fill_normal(0.0f, 0.1f, /*seed=*/1);
  H.fill_normal(0.0f, 0.1f, /*seed=*/2);
  orion::Accumulator<double> sq_err;
  double first = 0, last = 0;
  for (int epoch = 0; epoch < 30; ++epoch) {
#pragma orion parallel_for
    for (auto &&[key, r] : ratings) {
      const int64_t u = key[0], i = key[1];
      float pred = 0;
      for (int k = 0; k < K; ++k)
        pred += W(u, k) * H(i, k);
      const float e = r - pred;
      for (int k = 0; k < K; ++k) {
        const float w = W(u, k), h = H(i, k);
        W(u, k) = w + lr * (e * h - reg * w);
        H(i, k) = h + lr * (e * w - reg * h);
      }
      sq_err += e * e;
    }
    const double rmse = std::sqrt(sq_err.aggregate() / ratings.nnz());
    sq_err.reset();
    (epoch == 0 ? first : last) = rmse;
  }
  if (orion::is_root())
    std::printf("nnz %lld, extents %lld x %lld, rmse %.4f -> %.4f\n",
                static_cast<long long>(ratings.nnz()), static_cast<long long>(U),
                static_cast<long long>(I), first, last);
  expect(ratings.nnz() == 120 && U == 30 && I == 20, "load_triplets shape");
  expect(last < first, "SGD reduces the error");
  expect(orion::num_workers() == 1 && orion::worker_id() == 0, "serial introspection");

  // Golden numbers: identical for every compiler and standard library.
  orion::DenseArray<float, 1> a({2});
  a.fill_normal(0.0f, 0.1f, 1);
  expect(a(0) == -0x1.c37fecp-7f && a(1) == 0x1.85d716p-5f, "fill_normal golden values");
  orion::DenseArray<double, 1> u({1});
  u.fill_uniform(-1.0, 1.0, 3);
  expect(u(0) == -0x1.7f58e5e1c4ad8p-1, "fill_uniform golden value");
  expect(orion::Rng(42)() == UINT64_C(0x0a69fb5960555609), "Rng golden value");
  expect(orion::Rng(5).normal() == -0x1.ac2a7806c8034p+0, "Rng::normal golden value");

  std::remove(path.c_str());
  return failures == 0 ? 0 : 1;
}

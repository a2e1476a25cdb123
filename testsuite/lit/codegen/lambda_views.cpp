// Lambdas defined before a loop that write orion arrays, in a 2D (rotation) loop over a sparse
// array: each is declared again inside the loop's body, so that the arrays' names in it are the
// worker's views. Writes through them are synchronized like the body's own: W (local), H
// (rotated), and `flat`, written at a subscript from the data (its writes recorded and shipped).
// One lambda calls another. Every run prints what the serial build prints, --orion-check too, and
// the generated code builds with -Wall -Wextra -Wshadow -Werror (the arrays' parameters used;
// -Wno-comment for the RUN lines' backslashes).
// Regression test: the lambdas reached each rank's own copy of the arrays; two ranks printed
// "flat 692080845" for the serial "flat 758756073", and --orion-check on 2 ranks a wrong H.
// RUN: awk 'BEGIN { for (n = 0; n < 3000; ++n) print (n * 7) % 120, (n * 13) % 90, n % 9 + 1 }' > %t.txt
// RUN: %orionc --emit=cpp %s -o %t.cpp
// RUN: FileCheck %s --input-file=%t.cpp
// RUN: %orionc %s -O1 -Wall -Wextra -Wshadow -Werror -Wno-comment -o %t
// RUN: c++ -std=c++20 -Wno-unknown-pragmas -I%runtime_include %s -o %t.serial
// RUN: %t.serial %t.txt > %t.serial.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 %t %t.txt --orion-threads=2 > %t.two.txt
// RUN: diff %t.serial.txt %t.two.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t %t.txt --orion-threads=1 > %t.np2.txt
// RUN: diff %t.serial.txt %t.np2.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 3 %t %t.txt --orion-threads=2 > %t.np3.txt
// RUN: diff %t.serial.txt %t.np3.txt
// RUN: env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
// RUN:   OMPI_MCA_rmaps_base_oversubscribe=1 timeout 120 \
// RUN:   %mpiexec -np 2 %t %t.txt --orion-threads=1 --orion-check > %t.check.txt
// RUN: diff %t.serial.txt %t.check.txt
#include <orion/orion.hpp>

#include <cstdint>
#include <cstdio>

namespace {

int64_t hash(const orion::DenseArray<int64_t, 2> &a) {
  int64_t h = 0;
  for (int64_t r = 0; r < a.extent(0); ++r)
    for (int64_t c = 0; c < a.extent(1); ++c)
      h = (h * 131 + a(r, c)) % 1000000007;
  return h;
}

} // namespace

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  auto ratings = orion::load_triplets<int32_t>(argv[1]);
  const int64_t U = ratings.extent(0), I = ratings.extent(1), K = 3;
  orion::DenseArray<int64_t, 2> W({U, K}), H({I, K}), flat({U, I});
  auto update_w = [&](int64_t u, int64_t k, int64_t d) { W(u, k) += d; };
  auto update_h = [&](int64_t i, int64_t k, int64_t d) { H(i, k) = H(i, k) + d; };
  // Calls update_w: declared again after it, so that it calls the one declared again.
  auto update = [&](int64_t u, int64_t i, int64_t v) {
    for (int64_t k = 0; k < K; ++k) {
      update_w(u, k, v * (k + 1) + i);
      update_h(i, k, v + k + u % 7);
    }
  };
  auto note = [&](int64_t u, int64_t i, int64_t x) { flat(u, i) = x; };
  for (int epoch = 0; epoch < 3; ++epoch) {
#pragma orion parallel_for
    for (auto &&[key, v] : ratings) {
      update(key[0], key[1], v);
      note(key[0], key[1], v * 3 + epoch + key[0] % 5);
    }
  }
  if (orion::is_root())
    std::printf("W %lld H %lld flat %lld\n", static_cast<long long>(hash(W)),
                static_cast<long long>(hash(H)), static_cast<long long>(hash(flat)));
  return 0;
}

// The lambdas declared again at the top of the body's lambda, each after a #line to its
// definition, and the originals marked used (-Wunused-variable): after the real code, so that
// these lines do not match themselves in the emitted file.
// CHECK: (void)update_w;
// CHECK-NEXT: (void)update_h;
// CHECK-NEXT: (void)update;
// CHECK-NEXT: (void)note;
// CHECK: ::orion::parallel::for_each(orion_plan, ratings,
// CHECK-NEXT: #line {{[0-9]+}} "{{.*}}lambda_views.cpp"
// CHECK-NEXT: auto update_w = [&](int64_t u, int64_t k, int64_t d) { W(u, k) += d; };
// CHECK-NEXT: #line {{[0-9]+}}
// CHECK-NEXT: auto update_h =
// CHECK: auto update = [&](int64_t u, int64_t i, int64_t v) {
// CHECK: auto note = [&](int64_t u, int64_t i, int64_t x) { flat(u, i) = x; }; _Pragma("GCC diagnostic pop")

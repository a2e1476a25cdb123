// Distributed sparse data (docs/runtime.md, "Distributed sparse data"): on several ranks a loaded
// SparseArray is held a share per rank, a parallel loop moves each element to the rank that runs
// it, and driver code that reads the array gets it whole, in the order a whole load has.
#include "mpi_support.hpp"

#include <orion/accumulator.hpp>
#include <orion/dense_array.hpp>
#include <orion/detail/comm.hpp>
#include <orion/detail/state.hpp>
#include <orion/loaders.hpp>
#include <orion/parallel.hpp>
#include <orion/session.hpp>
#include <orion/sparse_array.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include <unistd.h>

using namespace orion;
using model::Protocol;
using model::Role;
using orion::detail::comm_allgather;
using orion::detail::comm_allreduce_sum;
using orion::detail::comm_size;

namespace {

constexpr std::int64_t kRows = 37, kCols = 11, kElements = 400;

/// Element i of the test file: rows and columns in no particular order, a row's elements spread
/// over the whole file (so every rank's part of it holds elements of every other rank's rows).
std::array<std::int64_t, 2> key_of(std::int64_t i) {
  return {(i * 7) % kRows, (i * 5 + i / 3) % kCols};
}
double value_of(std::int64_t i) { return static_cast<double>(i % 13) + 0.25; }

std::string triplets() {
  std::string text;
  for (std::int64_t i = 0; i < kElements; ++i) {
    const auto k = key_of(i);
    text += std::to_string(k[0]) + " " + std::to_string(k[1]) + " " + std::to_string(value_of(i)) +
            "\n";
  }
  return text;
}

/// A loop over the elements of `A` writing W (its rows): `protocol` 1D partitions the rows and
/// reads H; a rotation also rotates the columns and writes H.
plan::LoopPlan sums_plan(Protocol protocol, bool reads_other) {
  plan::LoopPlan p;
  p.file = "distributed.cpp";
  p.line = 7;
  p.dims = 2;
  p.arrays = {{"A", false}, {"W", true}, {"H", true}};
  if (reads_other)
    p.arrays.push_back({"B", false}); // read by name in the body, never handed to the runtime
  if (protocol == Protocol::OneD)
    p.candidates = {{Protocol::OneD,
                     {0},
                     {},
                     {{0, Role::Local, -1}, {1, Role::Local, 0}, {2, Role::Replicated, -1}},
                     {},
                     "0"}};
  else
    p.candidates = {{Protocol::Rotation,
                     {0, 1},
                     {},
                     {{0, Role::Local, -1}, {1, Role::Local, 0}, {2, Role::Rotated, 0}},
                     {},
                     "0"}};
  if (reads_other)
    p.candidates[0].roles.push_back({3, Role::Served, -1});
  return p;
}

/// Which of the rows the elements this rank holds belong to, summed over the ranks: 1 where
/// exactly one rank holds the row's elements.
std::vector<std::int64_t> holders_of_rows(const SparseArray<double, 2> &A) {
  std::vector<std::int64_t> held(kRows, 0);
  for (const auto &k : A.local_keys())
    held[static_cast<std::size_t>(k[0])] = 1;
  comm_allreduce_sum(held);
  return held;
}

} // namespace

TEST_CASE("a loaded SparseArray is held a share per rank and gathered whole in file order",
          "[mpi][distributed]") {
  orion_test::SharedFile file(triplets());
  const bool several = comm_size() > 1;
  for (int load = 0; load < 2; ++load) { // from the text, then from the cache it wrote
    const auto A = load_triplets<double>(file.path());
    CHECK(A.distributed() == several);
    CHECK(A.nnz() == kElements);
    CHECK(A.extent(0) == kRows);
    std::int64_t held = 0;
    for (const std::int64_t n : comm_allgather(static_cast<std::int64_t>(A.local_keys().size()))) {
      CHECK(n < kElements / comm_size() + 2); // a share, not the whole
      held += n;
    }
    CHECK(held == kElements);
    std::int64_t i = 0;
    for (auto &&[key, value] : A) { // gathers
      CHECK(key == key_of(i));
      CHECK(value == value_of(i));
      ++i;
    }
    CHECK(i == kElements);
    CHECK_FALSE(A.distributed());
  }
}

TEST_CASE("a loop over a distributed array runs each element on the rank that holds it",
          "[mpi][distributed]") {
  orion_test::SharedFile file(triplets());
  for (const Protocol protocol : {Protocol::OneD, Protocol::Rotation}) {
    auto A = load_triplets<double>(file.path());
    const plan::LoopPlan p = sums_plan(protocol, false);
    const bool rotation = protocol == Protocol::Rotation;
    DenseArray<double, 1> W({kRows}), H({kCols});
    Accumulator<std::int64_t> count;
    const auto pass = [&] {
      parallel::for_each(p, A, parallel::arrays(W, H),
                         [&](auto &W, auto &H, const auto &key, const auto &v) {
                           W(key[0]) += v;
                           if (rotation) // 1D: H is replicated, read-only
                             H(key[1]) += v;
                           count += 1;
                         });
    };
    pass();
    const std::int64_t placed = orion::detail::state().placed_bytes;
    pass(); // the elements are where the loop runs them: nothing moves
    CHECK(orion::detail::state().placed_bytes == placed);
    CHECK(count.aggregate() == 2 * kElements);
    CHECK(A.distributed() == (comm_size() > 1));
    for (const std::int64_t h : holders_of_rows(A))
      CHECK(h <= 1); // no row's elements on two ranks
    std::vector<double> w(kRows, 0.0), h(kCols, 0.0);
    double sum = 0;
    for (std::int64_t i = 0; i < kElements; ++i) {
      sum += value_of(i);
      w[static_cast<std::size_t>(key_of(i)[0])] += 2 * value_of(i);
      h[static_cast<std::size_t>(key_of(i)[1])] += rotation ? 2 * value_of(i) : 0.0;
    }
    for (std::int64_t r = 0; r < kRows; ++r)
      CHECK(W(r) == Approx(w[static_cast<std::size_t>(r)]));
    for (std::int64_t c = 0; c < kCols; ++c)
      CHECK(H(c) == Approx(h[static_cast<std::size_t>(c)]));
    // Driver code reading it afterwards gets every element (in some order).
    double total = 0;
    for (auto &&[key, value] : std::as_const(A))
      total += value;
    CHECK_FALSE(A.distributed());
    CHECK(A.nnz() == kElements);
    CHECK(total == Approx(sum));
  }
}

TEST_CASE("a loop whose body reads a distributed array by name gets it whole first",
          "[mpi][distributed]") {
  orion_test::SharedFile file(triplets());
  auto A = load_triplets<double>(file.path());
  const auto B = load_triplets<double>(file.path());
  const plan::LoopPlan p = sums_plan(Protocol::OneD, true);
  DenseArray<double, 1> W({kRows}), H({kCols});
  parallel::for_each(p, A, parallel::arrays(W, H),
                     [&](auto &W, auto &, const auto &key, const auto &) {
                       W(key[0]) += static_cast<double>(B.row(key[0]).size()); // by name
                     });
  CHECK_FALSE(B.distributed());
  CHECK(A.distributed() == (comm_size() > 1)); // the iterated array stays distributed
  // Row r's weight: (elements in row r)^2, every element of the row visiting the whole row.
  std::vector<double> per_row(kRows, 0.0);
  for (std::int64_t i = 0; i < kElements; ++i)
    per_row[static_cast<std::size_t>(key_of(i)[0])] += 1;
  for (std::int64_t r = 0; r < kRows; ++r)
    CHECK(W(r) == per_row[static_cast<std::size_t>(r)] * per_row[static_cast<std::size_t>(r)]);
}

TEST_CASE("copies are whole, and --orion-distribute=off keeps every load whole",
          "[mpi][distributed]") {
  orion_test::SharedFile file(triplets());
  const auto A = load_triplets<double>(file.path());
  const SparseArray<double, 2> copy = A; // gathers A: collective, like all driver code
  CHECK_FALSE(copy.distributed());
  CHECK_FALSE(A.distributed());
  CHECK(copy.nnz() == kElements);
  CHECK(copy.keys().size() == static_cast<std::size_t>(kElements));

  bool &distribute = orion::detail::state().options.distribute;
  distribute = false;
  const auto whole = load_triplets<double>(file.path());
  distribute = true;
  CHECK_FALSE(whole.distributed());
  CHECK(whole.local_keys().size() == static_cast<std::size_t>(kElements));
}

TEST_CASE("a body reading a distributed array the runtime was not told about throws on every rank",
          "[mpi][distributed]") {
  if (comm_size() == 1)
    return; // one rank holds whole arrays: nothing to gather
  orion_test::SharedFile file(triplets());
  auto A = load_triplets<double>(file.path());
  const auto B = load_triplets<double>(file.path());
  const plan::LoopPlan p = sums_plan(Protocol::OneD, false); // B not among the plan's arrays
  DenseArray<double, 1> W({kRows}), H({kCols});
  // Every rank's workers read B, so every rank throws: none waits in a gather the others skip.
  CHECK_THROWS_WITH(parallel::for_each(p, A, parallel::arrays(W, H),
                                       [&](auto &W, auto &, const auto &key, const auto &) {
                                         W(key[0]) += static_cast<double>(B.row(key[0]).size());
                                       }),
                    Catch::Contains("a distributed SparseArray (400 elements, each rank holding "
                                    "its share) was read inside a parallel loop body"));
  CHECK(B.distributed());
}

TEST_CASE("placement moves the elements in rounds, into the slots that left, and may grow a rank",
          "[mpi][distributed]") {
  // Rounds of at most 7 elements: about a dozen rounds on 4 ranks, where a rank can receive three
  // ranks' rounds while it frees one round's slots, so arrivals wait for room.
  std::int64_t &round_min = orion::detail::state().placement_round_min;
  const std::int64_t saved = round_min;
  round_min = 7;
  struct Restore {
    std::int64_t &value, saved;
    ~Restore() { value = saved; }
  } restore{round_min, saved};

  // Spread: every rank's part of the file holds elements of every rank's rows. Lopsided: every
  // element lies in the first rows, which rank 0 runs, so rank 0 grows past its spare capacity.
  std::string lopsided;
  for (std::int64_t i = 0; i < kElements; ++i)
    lopsided += std::to_string(key_of(i)[0] % 2) + " " + std::to_string(key_of(i)[1]) + " " +
                std::to_string(value_of(i)) + "\n";
  for (const bool spread : {true, false}) {
    orion_test::SharedFile file(spread ? triplets() : lopsided);
    auto A = load_triplets<double>(file.path(), {kRows, kCols});
    const plan::LoopPlan p = sums_plan(Protocol::OneD, false);
    DenseArray<double, 1> W({kRows}), H({kCols});
    parallel::for_each(p, A, parallel::arrays(W, H),
                       [](auto &W, auto &, const auto &key, const auto &v) { W(key[0]) += v; });
    for (const std::int64_t h : holders_of_rows(A))
      CHECK(h <= 1);
    const auto held = comm_allgather(static_cast<std::int64_t>(A.local_keys().size()));
    if (!spread)
      CHECK(held[0] == kElements);
    std::vector<double> w(kRows, 0.0);
    for (std::int64_t i = 0; i < kElements; ++i)
      w[static_cast<std::size_t>(spread ? key_of(i)[0] : key_of(i)[0] % 2)] += value_of(i);
    for (std::int64_t r = 0; r < kRows; ++r)
      CHECK(W(r) == Approx(w[static_cast<std::size_t>(r)]));
    // Every key still has its own value: the gathered pairs are the file's, as a multiset.
    std::vector<std::pair<std::array<std::int64_t, 2>, double>> got, want;
    for (auto &&[key, value] : std::as_const(A))
      got.push_back({key, value});
    for (std::int64_t i = 0; i < kElements; ++i)
      want.push_back({{spread ? key_of(i)[0] : key_of(i)[0] % 2, key_of(i)[1]}, value_of(i)});
    std::sort(got.begin(), got.end());
    std::sort(want.begin(), want.end());
    CHECK(got == want);
  }
}

namespace {

/// What this process writes to stderr while it lives (file descriptor 2, into a temporary file).
class StderrCapture {
public:
  StderrCapture() : file_(std::tmpfile()), saved_(::dup(2)) {
    std::fflush(stderr);
    ::dup2(::fileno(file_), 2);
  }
  ~StderrCapture() {
    restore();
    std::fclose(file_);
  }
  std::string text() {
    restore();
    std::string out;
    std::rewind(file_);
    for (int c; (c = std::fgetc(file_)) != EOF;)
      out += static_cast<char>(c);
    return out;
  }

private:
  void restore() {
    if (saved_ < 0)
      return;
    std::fflush(stderr);
    ::dup2(saved_, 2);
    ::close(saved_);
    saved_ = -1;
  }
  std::FILE *file_;
  int saved_;
};

} // namespace

TEST_CASE("a replicated array above the size limit warns once, on rank 0", "[mpi][distributed]") {
  std::int64_t &limit = orion::detail::state().replica_warning_bytes;
  limit = 8 * sizeof(double); // H has 11 doubles
  struct Restore {
    std::int64_t &value;
    ~Restore() { value = 0; }
  } restore{limit};
  orion_test::SharedFile file(triplets());
  auto A = load_triplets<double>(file.path());
  plan::LoopPlan p = sums_plan(Protocol::OneD, false); // H replicated: read only
  p.line = 99; // a loop of its own: warnings are once per loop and array
  DenseArray<double, 1> W({kRows}), H({kCols});
  StderrCapture capture;
  for (int pass = 0; pass < 2; ++pass)
    parallel::for_each(
        p, A, parallel::arrays(W, H),
        [](auto &W, auto &H, const auto &key, const auto &v) { W(key[0]) += v * H(key[1]); });
  const std::string text = capture.text();
  const std::string warning = "orion: warning: loop distributed.cpp:99: 'H' is replicated (the "
                              "loop only reads it): every rank holds all 0.0 MB of it, more than "
                              "the 0.0 MB a replica may take here";
  const auto first = text.find(warning);
  if (orion::rank() == 0 && comm_size() > 1) {
    CHECK(first != std::string::npos);
    CHECK(text.find(warning, first + 1) == std::string::npos); // once, not every pass
  } else {
    CHECK(first == std::string::npos); // one rank holds the only copy; other ranks stay quiet
  }
  CHECK(text.find("'W'") == std::string::npos); // written: not a replica
}

// An ordered loop over a SparseArray runs each conflict in the serial program's order, also after
// an unordered loop sorted the elements into its own blocks and after push_back appended more.
// Elements stored in strictly increasing key order get that order back (a sort by key); any other
// stored order cannot be recovered, and the ordered loop stops with an error naming the array
// (run with --unsorted, or --append-smaller: push_back of a smaller key after the first loop;
// --duplicate: the last key twice, key order but not strictly increasing).
// Both used to run silently in the sorted order, with other results than the serial build's. Also:
// writes through an element's operator[] (a std::array element) reach every rank (they were
// analysed as reads).
#include <orion/orion.hpp>

#include <array>
#include <cstdint>
#include <cstdio>
#include <string_view>

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  const std::string_view mode = argc > 1 ? argv[1] : "";
  const bool unsorted = mode == "--unsorted";
  const int64_t R = 12, C = 10;
  auto kept = [](int64_t r, int64_t c) { return (r * 7 + c * 3) % 4 != 0; };
  orion::SparseArray<int64_t, 2> S({R, C});
  if (unsorted) { // column by column, like a CSC file
    for (int64_t c = 0; c < C; ++c)
      for (int64_t r = 0; r < R; ++r)
        if (kept(r, c))
          S.push_back({r, c}, r * C + c);
  } else {
    for (int64_t r = 0; r < R; ++r)
      for (int64_t c = 0; c < C; ++c)
        if (kept(r, c))
          S.push_back({r, c}, r * C + c);
  }
  if (mode == "--duplicate") {
    const auto last = S.key(S.nnz() - 1); // a copy: push_back may move the storage
    S.push_back(last, 1);
  }
  // Unordered, by columns: sorts the elements into column blocks.
  orion::DenseArray<int64_t, 1> cdeg({C}, 0);
#pragma orion parallel_for
  for (auto &&[k, v] : S)
    cdeg(k[1]) += 1;
  // An element appended with a smaller key than the last: the serial order is no longer key
  // order, and the storage is already sorted into column blocks.
  if (mode == "--append-smaller")
    S.push_back({0, 0}, 5);
  // Ordered, by rows: each row's elements in the serial order (by column here).
  orion::DenseArray<int64_t, 1> rseq({R}, 0), seq({C}, 0);
#pragma orion parallel_for ordered
  for (auto &&[k, v] : S)
    rseq(k[0]) = (rseq(k[0]) * 31 + v) % 1000000007;
  // Ordered, by columns: another partition of storage the row loop left in row blocks.
#pragma orion parallel_for ordered
  for (auto &&[k, v] : S)
    seq(k[1]) = (seq(k[1]) * 31 + v) % 1000000007;

  S.push_back({R - 1, C - 1}, 77); // a larger key than any: the stored order stays key order
#pragma orion parallel_for ordered
  for (auto &&[k, v] : S)
    seq(k[1]) = (seq(k[1]) * 31 + v) % 1000000007;
  orion::DenseArray<int64_t, 1> deg({R}, 0);
#pragma orion parallel_for
  for (auto &&[k, v] : S)
    deg(k[0]) += 1;

  orion::DenseArray<std::array<int64_t, 2>, 1> pairs({R});
#pragma orion parallel_for
  for (int64_t i = 0; i < R; ++i) {
    pairs(i)[0] = deg(i);
    pairs(i)[1] = i * 10;
  }
  if (orion::is_root()) {
    for (int64_t r = 0; r < R; ++r)
      std::printf("row %lld deg %lld seq %lld pair %lld %lld\n", static_cast<long long>(r),
                  static_cast<long long>(deg(r)), static_cast<long long>(rseq(r)),
                  static_cast<long long>(pairs(r)[0]), static_cast<long long>(pairs(r)[1]));
    for (int64_t c = 0; c < C; ++c)
      std::printf("col %lld deg %lld seq %lld\n", static_cast<long long>(c),
                  static_cast<long long>(cdeg(c)), static_cast<long long>(seq(c)));
  }
}

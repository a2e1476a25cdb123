// The views a parallel loop hands its body keep their own copy of an array's storage pointer and
// extents (parallel.hpp's DenseView, relaxed.hpp's RelaxedView, served.hpp's ServedView): they
// must still check and index exactly as the DenseArray does, in a build without NDEBUG.
#include <orion/dense_array.hpp>
#include <orion/error.hpp>
#include <orion/parallel.hpp>
#include <orion/session.hpp>
#include <orion/sparse_array.hpp>

#include <catch2/catch.hpp>

#include <cstdint>
#include <string>

using namespace orion;
using model::Protocol;
using model::Role;

namespace {

/// A 1D loop over `data`'s rows with one dense argument in `role`: partitioned by its rows when
/// local; relaxed and served arrays have no aligned dimension, as in the plans orionc emits.
plan::LoopPlan row_plan(Role role) {
  plan::LoopPlan p;
  p.file = "views.cpp";
  p.line = 3;
  p.dims = 2;
  p.arrays = {{"data", false}, {"W", true, role == Role::Relaxed}};
  p.candidates = {{Protocol::OneD,
                   {0},
                   {},
                   {{0, Role::Local, -1}, {1, role, role == Role::Local ? 0 : -1}},
                   {},
                   "0"}};
  return p;
}

/// One element in each of rows 0..rows (a space of rows + 1 rows): a body indexing W(key[0], ...)
/// with W of `rows` rows reaches past W on the last element only.
SparseArray<float, 2> one_past(std::int64_t rows) {
  SparseArray<float, 2> data({rows + 1, 3});
  for (std::int64_t r = 0; r <= rows; ++r)
    data.push_back({r, r % 3}, static_cast<float>(r));
  return data;
}

std::string thrown_by(auto &&loop) {
  try {
    loop();
  } catch (const Error &e) {
    return e.what();
  }
  return "(nothing thrown)";
}

} // namespace

TEST_CASE("a loop body's view of a DenseArray indexes and checks as the array does",
          "[mpi][parallel]") {
  const plan::LoopPlan p = row_plan(Role::Local);
  SparseArray<float, 2> data({4, 3});
  for (std::int64_t r = 0; r < 4; ++r)
    data.push_back({r, r % 3}, static_cast<float>(r + 1));
  DenseArray<float, 2> W({4, 3});
  parallel::for_each(p, data, parallel::arrays(W), [&](auto &W, const auto &key, auto &v) {
    W(key[0], key[1]) = v;
    W.row(key[0])[2] += 10 * v;
    CHECK(W.extent(0) == 4);
    CHECK(W.extent(1) == 3);
    CHECK(&W(key[0], 1) == W.data() + key[0] * 3 + 1);
  });
  for (std::int64_t r = 0; r < 4; ++r) {
    const auto v = static_cast<float>(r + 1);
    CHECK(W(r, 0) == (r % 3 == 0 ? v : 0.0f));
    CHECK(W(r, 1) == (r % 3 == 1 ? v : 0.0f));
    CHECK(W(r, 2) == (r % 3 == 2 ? 11 * v : 10 * v));
  }

#ifndef NDEBUG
  // On one rank only: the rank whose element is out of range throws and leaves the loop, which
  // its peers would wait for.
  if (num_ranks() == 1) {
    SparseArray<float, 2> past = one_past(4);
    CHECK(thrown_by([&] {
            parallel::for_each(p, past, parallel::arrays(W),
                               [&](auto &W, const auto &key, auto &v) { W(key[0], 0) = v; });
          }).find("DenseArray index (4, 0) is out of bounds for extents (4, 3)") !=
          std::string::npos);
    CHECK(thrown_by([&] {
            parallel::for_each(p, past, parallel::arrays(W),
                               [&](auto &W, const auto &key, auto &v) { W.row(key[0])[0] = v; });
          }).find("DenseArray row index (4) is out of bounds for extents (4, 3)") !=
          std::string::npos);
  }
#endif
}

TEST_CASE("a loop body's view of a relaxed array indexes and checks as the array does",
          "[mpi][parallel]") {
  const plan::LoopPlan p = row_plan(Role::Relaxed);
  SparseArray<float, 2> data({4, 3});
  for (std::int64_t r = 0; r < 4; ++r)
    data.push_back({r, 0}, 1.0f);
  DenseArray<float, 2> W({4, 3});
  parallel::for_each(p, data, parallel::arrays(parallel::relaxed(W)),
                     [&](auto &W, const auto &key, auto &v) {
                       W(key[0], 1) += v;
                       W(3 - key[0], 2) += 2 * v;
                       CHECK(W.extent(1) == 3);
                     });
  for (std::int64_t r = 0; r < 4; ++r) {
    CHECK(W(r, 0) == 0.0f);
    CHECK(W(r, 1) == 1.0f);
    CHECK(W(r, 2) == 2.0f);
  }

#ifndef NDEBUG
  if (num_ranks() == 1) {
    SparseArray<float, 2> past = one_past(4);
    CHECK(thrown_by([&] {
            parallel::for_each(p, past, parallel::arrays(parallel::relaxed(W)),
                               [&](auto &W, const auto &key, auto &v) { W(key[0], 0) += v; });
          }).find("DenseArray index (4, 0) is out of bounds for extents (4, 3)") !=
          std::string::npos);
  }
#endif
}

TEST_CASE("a loop body's view of a served array indexes and checks as the array does",
          "[mpi][parallel]") {
  plan::LoopPlan p = row_plan(Role::Served);
  p.arrays[0].written = true; // the body writes the elements' values
  p.arrays[1].written = false;
  SparseArray<float, 2> data({4, 3});
  for (std::int64_t r = 0; r < 4; ++r)
    data.push_back({r, r % 3}, 0.0f);
  DenseArray<float, 2> W({4, 3});
  for (std::int64_t r = 0; r < 4; ++r)
    for (std::int64_t c = 0; c < 3; ++c)
      W(r, c) = static_cast<float>(10 * r + c);
  // The body reads the row of the element's mirror image, which another worker may own.
  parallel::for_each(p, data, parallel::arrays(parallel::served(W)),
                     [&](auto &W, const auto &key, auto &v) {
                       v = W(3 - key[0], key[1]) + W.row(3 - key[0])[2];
                       CHECK(W.extent(0) == 4);
                       CHECK(W.extents()[1] == 3);
                     });
  for (auto &&[key, v] : data) {
    const std::int64_t mirror = 3 - key[0];
    CHECK(v == static_cast<float>(10 * mirror + key[1] + 10 * mirror + 2));
  }

#ifndef NDEBUG
  if (num_ranks() == 1) {
    SparseArray<float, 2> past = one_past(4);
    CHECK(thrown_by([&] {
            parallel::for_each(p, past, parallel::arrays(parallel::served(W)),
                               [&](auto &W, const auto &key, auto &v) { v = W(key[0], 0); });
          }).find("DenseArray index (4, 0) is out of bounds for extents (4, 3)") !=
          std::string::npos);
  }
#endif
}

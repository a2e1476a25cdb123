// load_libsvm across ranks: every rank gets the arrays a serial reading gives, wherever the
// ranks' byte ranges cut the file, and every rank throws the same error for a bad line.
#include "mpi_support.hpp"

#include <orion/accumulator.hpp>
#include <orion/dense_array.hpp>
#include <orion/detail/comm.hpp>
#include <orion/loaders.hpp>
#include <orion/parallel.hpp>
#include <orion/session.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

using orion_test::SharedFile;

namespace {

struct Expected {
  std::vector<std::array<int64_t, 2>> keys;
  std::vector<double> values, labels;
  int64_t features = 0;
};

// An independent (slow, obvious) reading of a well-formed file.
Expected reference(const std::string &content) {
  Expected e;
  std::istringstream in(content);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string token;
    if (!(fields >> token) || token[0] == '#')
      continue;
    const auto sample = static_cast<int64_t>(e.labels.size());
    e.labels.push_back(std::stod(token));
    while (fields >> token) {
      const std::size_t colon = token.find(':');
      const int64_t id = std::stoll(token.substr(0, colon));
      e.keys.push_back({sample, id - 1});
      e.values.push_back(std::stod(token.substr(colon + 1)));
      e.features = std::max(e.features, id);
    }
  }
  return e;
}

std::string make_content(uint64_t seed, int lines) {
  uint64_t x = seed * 0x9e3779b97f4a7c15ULL + 1;
  auto next = [&](uint64_t n) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return x % n;
  };
  std::string out;
  for (int l = 0; l < lines; ++l) {
    switch (next(8)) {
    case 0:
      out += "\n";
      break;
    case 1:
      out += "# comment\n";
      break;
    default: {
      out += next(2) == 0 ? "+1" : "-1";
      int64_t id = 0;
      const uint64_t features = next(6);
      for (uint64_t f = 0; f < features; ++f) {
        id += 1 + static_cast<int64_t>(next(30));
        out += " " + std::to_string(id) + ":" + std::to_string(next(1000)) + ".5";
      }
      out += next(4) == 0 ? "\r\n" : "\n";
    }
    }
  }
  return out;
}

/// The same 64-bit digest on every rank, or not.
bool same_on_every_rank(uint64_t digest) {
  for (const int64_t d : orion::detail::comm_allgather(static_cast<int64_t>(digest)))
    if (d != static_cast<int64_t>(digest))
      return false;
  return true;
}

uint64_t digest_of(const orion::LibsvmData<double> &d) {
  uint64_t h = 1469598103934665603ULL;
  auto mix = [&](const void *p, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i)
      h = (h ^ static_cast<const unsigned char *>(p)[i]) * 1099511628211ULL;
  };
  mix(d.X.extents().data(), sizeof(d.X.extents()));
  mix(d.X.keys().data(), d.X.keys().size_bytes());
  mix(d.X.values().data(), d.X.values().size_bytes());
  mix(d.y.data(), static_cast<std::size_t>(d.y.extent(0)) * sizeof(double));
  return h;
}

} // namespace

TEST_CASE("distributed load_libsvm equals the serial reading on every rank", "[mpi][libsvm]") {
  std::vector<std::string> contents = {"", "\n", "1", "-1 1:2", "1 3:1\n\n# c\n-1 1:1 2:2\n"};
  for (uint64_t seed = 1; seed <= 30; ++seed)
    contents.push_back(make_content(seed, static_cast<int>(seed % 13) * 7 + 1));
  for (const std::string &content : contents) {
    INFO("content: \"" << content << "\"");
    SharedFile f(content);
    const auto data = orion::load_libsvm<double>(f.path());
    const Expected e = reference(content);
    REQUIRE(data.X.nnz() == static_cast<int64_t>(e.keys.size()));
    CHECK(data.X.extent(0) == static_cast<int64_t>(e.labels.size()));
    CHECK(data.X.extent(1) == e.features);
    CHECK(std::equal(data.X.keys().begin(), data.X.keys().end(), e.keys.begin()));
    CHECK(std::equal(data.X.values().begin(), data.X.values().end(), e.values.begin()));
    REQUIRE(data.y.extent(0) == static_cast<int64_t>(e.labels.size()));
    CHECK(std::equal(e.labels.begin(), e.labels.end(), data.y.data()));
    CHECK(same_on_every_rank(digest_of(data)));
    for (int64_t s = 0; s < data.X.extent(0); ++s) { // rows see the samples of every part
      int64_t n = 0;
      for (auto &&[feature, v] : data.X.row(s)) {
        (void)feature;
        (void)v;
        ++n;
      }
      int64_t expected = 0;
      for (const auto &k : e.keys)
        expected += k[0] == s;
      CHECK(n == expected);
    }
  }
}

TEST_CASE("distributed load_libsvm: every rank reports the first bad line", "[mpi][libsvm]") {
  std::string content;
  for (int i = 0; i < 200; ++i)
    content += "+1 1:1 2:2\n";
  content += "-1 4:1 3:1\n"; // line 201, in the last rank's part
  for (int i = 0; i < 20; ++i)
    content += "+1 x:1\n"; // later, and worse, but not first
  SharedFile f(content);
  std::string message = "(no error)";
  try {
    orion::load_libsvm<float>(f.path());
  } catch (const orion::LoadError &e) {
    CHECK(e.collective());
    message = e.what();
  }
  CHECK(message == f.path() + ":201: feature id 3 follows 4 (the ids of a line must be strictly "
                              "increasing): \"-1 4:1 3:1\"");
}

TEST_CASE("rows stay right when a parallel loop over the array reorders it, and workers may ask "
          "for them meanwhile",
          "[mpi][libsvm][rows]") {
  std::string content;
  for (uint64_t seed = 1; seed <= 8; ++seed)
    content += make_content(seed, 300);
  SharedFile f(content);
  auto data = orion::load_libsvm<double>(f.path());
  orion::SparseArray<double, 2> &X = data.X;
  const Expected e = reference(content);
  auto expected_row = [&](int64_t s) {
    std::vector<std::pair<int64_t, double>> r;
    for (std::size_t i = 0; i < e.keys.size(); ++i)
      if (e.keys[i][0] == s)
        r.emplace_back(e.keys[i][1], e.values[i]);
    return r;
  };
  auto rows_right = [&] {
    for (int64_t s = 0; s < X.extent(0); ++s) {
      std::vector<std::pair<int64_t, double>> r;
      for (auto &&[feature, v] : X.row(s))
        r.emplace_back(feature, v);
      if (r != expected_row(s))
        return false;
    }
    return true;
  };
  REQUIRE(rows_right()); // builds the index on the file order

  using namespace orion;
  plan::LoopPlan p;
  p.file = "libsvm.cpp";
  p.line = 1;
  p.dims = 2;
  p.arrays = {{"X", false}, {"W", false}, {"H", false}};
  p.candidates = {
      {model::Protocol::Rotation,
       {0, 1},
       {},
       {{0, model::Role::Local, -1}, {1, model::Role::Local, 0}, {2, model::Role::Rotated, 0}},
       {{model::CostKind::RotatedPerPass, 2, 0}},
       "(P - 1) * H"}};
  DenseArray<double, 2> W{{X.extent(0), 1}}, H{{X.extent(1), 1}};
  Accumulator<int64_t> visits, missing;
  parallel::for_each(p, X, parallel::arrays(W, H), [&](auto &, auto &, const auto &key, auto &v) {
    visits += 1;
    bool found = false;
    for (auto &&[feature, value] : X.row(key[0])) // concurrent first calls build the index
      found |= feature == key[1] && value == v;
    missing += found ? 0 : 1;
  });
  CHECK(visits.aggregate() == X.nnz());
  CHECK(missing.aggregate() == 0);
  CHECK(rows_right());
}

// tools/gen_libsvm and tools/gen_corpus: their files load, have the promised shape, and are a
// function of the seed. The generator paths come from CMake (ORION_GEN_LIBSVM, ORION_GEN_CORPUS).
#include <orion/loaders.hpp>

#include <catch2/catch.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

namespace {

std::string temp_path(const std::string &name) {
  return (std::filesystem::temp_directory_path() /
          ("orion_gen_" + std::to_string(::getpid()) + "_" + name))
      .string();
}

std::string contents(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

int run(const std::string &command) { return std::system((command + " 2>/dev/null").c_str()); }

} // namespace

TEST_CASE("gen_libsvm writes loadable samples of the requested shape", "[generators]") {
  const std::string train = temp_path("train.svm"), test = temp_path("test.svm"),
                    again = temp_path("again.svm"), other = temp_path("other.svm");
  const std::string gen = std::string(ORION_GEN_LIBSVM) +
                          " --samples 2000 --features 500 --nnz-per-sample 10 --test-samples 300";
  REQUIRE(run(gen + " --seed 5 --out " + train + " --test " + test) == 0);
  REQUIRE(run(gen + " --seed 5 --out " + again) == 0);
  REQUIRE(run(gen + " --seed 6 --out " + other) == 0);
  CHECK(contents(train) == contents(again));
  CHECK(contents(train) != contents(other));

  auto [X, y] = orion::load_libsvm<double>(train);
  CHECK(X.extent(0) == 2000);
  CHECK(X.extent(1) <= 500);
  CHECK(X.extent(1) > 400); // a Zipf law over 500 ids still reaches most of them
  int64_t positives = 0;
  for (int64_t s = 0; s < X.extent(0); ++s) {
    CHECK((y(s) == 1.0 || y(s) == -1.0));
    positives += y(s) > 0;
    const int64_t n = X.row(s).size();
    CHECK((n >= 5 && n <= 15));
    for (auto &&[f, v] : X.row(s))
      CHECK((v > 0.0 && v <= 1.0 && f >= 0));
  }
  CHECK(positives > 400); // the bias keeps the classes from being lopsided
  CHECK(positives < 1600);
  CHECK(orion::load_libsvm<float>(test).y.extent(0) == 300);
  for (const std::string &p : {train, test, again, other})
    std::remove(p.c_str());
}

TEST_CASE("gen_corpus writes a loadable docword corpus", "[generators]") {
  const std::string corpus = temp_path("docword.txt"), again = temp_path("again.txt");
  const std::string gen = std::string(ORION_GEN_CORPUS) +
                          " --docs 300 --vocab 1000 --topics 5 --doc-length 50 --seed 3";
  REQUIRE(run(gen + " --out " + corpus) == 0);
  REQUIRE(run(gen + " --out " + again) == 0);
  CHECK(contents(corpus) == contents(again));
  const orion::SparseArray<int32_t, 3> B = orion::load_bag_of_words(corpus);
  CHECK(B.extent(0) == 300);
  CHECK(B.extent(1) == 1000);
  CHECK(B.nnz() > 300 * 40); // Poisson(50) lengths
  CHECK(B.nnz() < 300 * 60);
  for (int64_t d = 0; d < 300; d += 37) {
    int64_t tokens = 0;
    for (int64_t w = 0; w < 1000; ++w)
      tokens += B.row(d, w).size();
    CHECK(tokens >= 1);
  }
  std::remove(corpus.c_str());
  std::remove(again.c_str());
}

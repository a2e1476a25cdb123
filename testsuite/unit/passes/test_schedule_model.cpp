// The shared schedule vocabulary (orion/model/schedule_model.hpp): names generated from the .def
// lists, the candidate labels and the one cost formula the compiler renders and the runtime
// evaluates.
#include "orion/model/schedule_model.hpp"

#include <catch2/catch.hpp>

#include <set>
#include <string>

using namespace orion;

namespace {

/// Numbers, as the runtime evaluates a term on real extents.
struct Numbers {
  double p, bytes, iters, elem;
  double workers_minus_one() const { return p - 1; }
  double ranks_minus_one() const { return p / 2 - 1; }
  double array_bytes() const { return bytes; }
  double iterations() const { return iters; }
  double element_bytes() const { return elem; }
  double count(int n) const { return n; }
  double times(double x, double y) const { return x * y; }
};

/// Symbols, as the compiler renders a term.
struct Symbols {
  std::string workers_minus_one() const { return "(P - 1)"; }
  std::string ranks_minus_one() const { return "(R - 1)"; }
  std::string array_bytes() const { return "bytes(A)"; }
  std::string iterations() const { return "N"; }
  std::string element_bytes() const { return "sizeof(T)"; }
  std::string count(int n) const { return std::to_string(n); }
  std::string times(const std::string &x, const std::string &y) const { return x + " * " + y; }
};

} // namespace

TEST_CASE("every role, protocol and cost term has its own name", "[model]") {
  std::set<std::string> spellings, enumerators;
  int roles = 0;
#define ORION_ROLE(Name, spelling_)                                                                \
  ++roles;                                                                                         \
  spellings.insert(std::string(model::spelling(model::Role::Name)));                               \
  enumerators.insert(std::string(model::enumerator(model::Role::Name)));                           \
  CHECK(model::spelling(model::Role::Name) == spelling_);                                          \
  CHECK(model::enumerator(model::Role::Name) == #Name);
#include "orion/model/roles.def"
  CHECK(roles == 7);
  CHECK(static_cast<int>(spellings.size()) == roles);
  CHECK(static_cast<int>(enumerators.size()) == roles);

  CHECK(model::kind_name(model::Protocol::OneD) == "1d");
  CHECK(model::kind_name(model::Protocol::Wavefront) == "2d");
  CHECK(model::runtime_name(model::Protocol::Rotation) == "2D rotation");
  CHECK(model::enumerator(model::Protocol::Wavefront) == "Wavefront");
  CHECK(model::enumerator(model::CostKind::ServedPerAccess) == "ServedPerAccess");
  CHECK(model::partitioned_dims(model::Protocol::OneD) == 1);
  CHECK(model::partitioned_dims(model::Protocol::Rotation) == 2);
}

TEST_CASE("candidate labels are what --dump=deps lists", "[model]") {
  CHECK(model::label(model::Protocol::OneD, false, {0}) == "1d (0)");
  CHECK(model::label(model::Protocol::Rotation, false, {1, 0}) == "2d (1, 0)");
  CHECK(model::label(model::Protocol::Wavefront, true, {0, 1}) == "unimodular (0, 1)");
}

TEST_CASE("one cost formula: rendered as text, evaluated on extents", "[model]") {
  const Numbers n{4, 100, 10, 8};
  CHECK(model::cost_term(n, model::CostKind::RotatedPerPass, 0) == 300);
  CHECK(model::cost_term(n, model::CostKind::ServedPerAccess, 3) == 240);
  CHECK(model::cost_term(Symbols{}, model::CostKind::RotatedPerPass, 0) == "(P - 1) * bytes(A)");
  CHECK(model::cost_term(Symbols{}, model::CostKind::ServedPerAccess, 3) == "N * 3 * sizeof(T)");
  // 4 workers on 2 ranks: the rotation counts worker hops, coherence counts ranks.
  CHECK(model::cost_term(n, model::CostKind::CoherencePerLoop, 0) == 100);
  CHECK(model::cost_term(Symbols{}, model::CostKind::CoherencePerLoop, 0) == "(R - 1) * bytes(A)");
}

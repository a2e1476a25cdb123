// The schedule vocabulary shared by the compiler's passes, its code generation and the runtime:
// the protocols a schedule runs, the roles its arrays take and the terms of its cost. Each list is
// written once, in a .def file next to this header; every switch, name table and serializer is
// generated from it, so adding or reordering an entry cannot leave one user behind.
//
// Dependency-free on purpose: the passes (no Clang, no MPI) and every generated program include
// it. It lives with the runtime's headers because generated programs carry their loop plans in
// these types (orion/plan.hpp) and must find it wherever the runtime is installed.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace orion::model {

/// The protocol a schedule runs on its (possibly transformed) iteration space.
enum class Protocol {
#define ORION_PROTOCOL(Name, kind, runtime_name) Name,
#include "orion/model/protocols.def"
};

/// How a schedule places an array.
enum class Role {
#define ORION_ROLE(Name, spelling) Name,
#include "orion/model/roles.def"
};

/// One term of a candidate's bytes-per-pass cost.
enum class CostKind {
#define ORION_COST_TERM(Name) Name,
#include "orion/model/cost_terms.def"
};

/// A unimodular transform, row-major: row r gives transformed dimension r. Empty: the identity.
using Matrix = std::vector<std::vector<std::int64_t>>;

namespace names {
// Tables generated from the same .def lists as the enums, in the same order: indexing one by an
// enumerator's value is what the X-macro guarantees.
struct Protocol {
  std::string_view enumerator, kind, runtime_name;
};
inline constexpr Protocol kProtocols[] = {
#define ORION_PROTOCOL(Name, kind, runtime_name) {#Name, kind, runtime_name},
#include "orion/model/protocols.def"
};
struct Role {
  std::string_view enumerator, spelling;
};
inline constexpr Role kRoles[] = {
#define ORION_ROLE(Name, spelling) {#Name, spelling},
#include "orion/model/roles.def"
};
inline constexpr std::string_view kCostKinds[] = {
#define ORION_COST_TERM(Name) #Name,
#include "orion/model/cost_terms.def"
};
} // namespace names

/// The schedule kind --dump=deps shows: `1d` or `2d`.
constexpr std::string_view kind_name(Protocol p) {
  return names::kProtocols[static_cast<int>(p)].kind;
}
/// The name --orion-verbose prints, e.g. `2D rotation`.
constexpr std::string_view runtime_name(Protocol p) {
  return names::kProtocols[static_cast<int>(p)].runtime_name;
}
/// How dumps and messages spell a role, e.g. `rotated`.
constexpr std::string_view spelling(Role r) { return names::kRoles[static_cast<int>(r)].spelling; }

/// The enumerator's own name, e.g. `Rotation` (for code that spells the enumerator).
constexpr std::string_view enumerator(Protocol p) {
  return names::kProtocols[static_cast<int>(p)].enumerator;
}
constexpr std::string_view enumerator(Role r) {
  return names::kRoles[static_cast<int>(r)].enumerator;
}
constexpr std::string_view enumerator(CostKind k) { return names::kCostKinds[static_cast<int>(k)]; }

/// The schedule kind of a candidate: `unimodular` when it runs on a transformed space, else its
/// protocol's kind.
constexpr std::string_view kind_name(Protocol p, bool transformed) {
  return transformed ? std::string_view("unimodular") : kind_name(p);
}

/// The short name of a candidate, e.g. `1d (0)`, `2d (1, 0)`, `unimodular (0, 1)`: what
/// --dump=deps lists and what the runtime's messages repeat.
inline std::string label(Protocol p, bool transformed, const std::vector<int> &dims) {
  std::string out(kind_name(p, transformed));
  out += " (";
  for (std::size_t i = 0; i < dims.size(); ++i)
    out += (i ? ", " : "") + std::to_string(dims[i]);
  return out + ")";
}

/// Partitioned dimensions a protocol needs: {space} or {space, time}.
constexpr int partitioned_dims(Protocol p) { return p == Protocol::OneD ? 1 : 2; }

/// The cost of one term, written once over an algebra `A` that supplies the quantities and the
/// product: the runtime evaluates it on numbers (real extents), the compiler renders it as text.
/// `A` provides `workers_minus_one()`, `ranks_minus_one()`, `array_bytes()`, `iterations()`,
/// `element_bytes()`, `count(int)` and `times(x, y)`.
template <typename A> auto cost_term(const A &a, CostKind kind, int accesses) {
  switch (kind) {
  case CostKind::RotatedPerPass:
    return a.times(a.workers_minus_one(), a.array_bytes());
  case CostKind::ServedPerAccess:
    return a.times(a.times(a.iterations(), a.count(accesses)), a.element_bytes());
  case CostKind::CoherencePerLoop:
    return a.times(a.ranks_minus_one(), a.array_bytes());
  }
  return a.count(0);
}

} // namespace orion::model

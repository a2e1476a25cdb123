#include "orion/passes/array_roles.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace orion::deps {
namespace {

using model::Role;

bool is_written(const ir::Loop &loop, int array) {
  for (const ir::ArrayRef &r : loop.refs)
    if (r.array == array && r.access != ir::AccessKind::Read)
      return true;
  return false;
}

bool has_unknown(const ir::Loop &loop, int array) {
  for (const ir::ArrayRef &r : loop.refs)
    if (r.array == array)
      for (const ir::Subscript &s : r.subscripts)
        if (s.kind == ir::SubscriptKind::Unknown)
          return true;
  return false;
}

/// The array dimension that every reference subscripts with exactly iteration index `d`
/// (the lowest one when several qualify, as in `A(i, i)` next to `A(i, j)`).
std::optional<int> aligned_dim(const ir::Loop &loop, int array, int d) {
  const auto index = ir::AffineExpr::symbol(ir::SymbolKind::IterationIndex, d);
  std::optional<std::vector<bool>> common;
  for (const ir::ArrayRef &r : loop.refs) {
    if (r.array != array)
      continue;
    std::vector<bool> here(r.subscripts.size(), false);
    for (size_t a = 0; a < r.subscripts.size(); ++a)
      here[a] = r.subscripts[a].kind == ir::SubscriptKind::Affine && r.subscripts[a].expr == index;
    if (!common) {
      common = here;
    } else {
      for (size_t a = 0; a < common->size(); ++a)
        (*common)[a] = (*common)[a] && a < here.size() && here[a];
    }
  }
  if (common)
    for (size_t a = 0; a < common->size(); ++a)
      if ((*common)[a])
        return static_cast<int>(a);
  return std::nullopt;
}

/// Whether every reference to the iterated array is the iteration's own element (`v`, or
/// `A(k[0], k[1])`): then its elements go wherever their iterations go.
bool own_elements_only(const ir::Loop &loop, int array) {
  for (const ir::ArrayRef &r : loop.refs) {
    if (r.array != array)
      continue;
    for (size_t d = 0; d < r.subscripts.size(); ++d)
      if (r.subscripts[d].kind != ir::SubscriptKind::Affine ||
          !(r.subscripts[d].expr ==
            ir::AffineExpr::symbol(ir::SymbolKind::IterationIndex, static_cast<int>(d))))
        return false;
  }
  return true;
}

std::string bytes_of(const ir::Loop &loop, int array) {
  const ir::ArrayDecl &a = loop.arrays[array];
  std::string out = fmt::format("sizeof({})", a.element_type.empty() ? "T" : a.element_type);
  if (a.kind == ir::ArrayKind::Sparse)
    return out + fmt::format(" * {}.nnz()", a.name);
  for (int d = 0; d < a.rank; ++d)
    out += fmt::format(" * {}.extent({})", a.name, d);
  return out;
}

std::string iterations_of(const ir::Loop &loop) {
  if (loop.space.kind == ir::IterationSpace::Kind::Array) {
    const ir::ArrayDecl &a = loop.arrays[loop.space.array];
    return a.kind == ir::ArrayKind::Sparse ? fmt::format("{}.nnz()", a.name)
                                           : fmt::format("{}.size()", a.name);
  }
  return "iterations";
}

/// model::cost_term's quantities as C++ expressions over the arrays' extents.
struct CostText {
  const ir::Loop &loop;
  int array;

  std::string workers_minus_one() const { return "(P - 1)"; }
  std::string ranks_minus_one() const { return "(R - 1)"; }
  std::string array_bytes() const { return bytes_of(loop, array); }
  std::string iterations() const { return iterations_of(loop); }
  std::string element_bytes() const {
    return fmt::format("sizeof({})", loop.arrays[array].element_type);
  }
  std::string count(int n) const { return std::to_string(n); }
  std::string times(const std::string &x, const std::string &y) const { return x + " * " + y; }
};

} // namespace

Candidate make_candidate(const ir::Loop &loop, const Schedule &schedule) {
  Candidate candidate;
  candidate.schedule = schedule;
  const bool transformed = schedule.unimodular();
  const int space = schedule.dims.empty() ? -1 : schedule.dims[0];
  const int time = schedule.dims.size() > 1 ? schedule.dims[1] : -1;
  for (int a = 0; a < static_cast<int>(loop.arrays.size()); ++a) {
    const ir::ArrayDecl &decl = loop.arrays[a];
    ArrayPlacement p{a, Role::Replicated, -1, RoleReason::ReadOnlyKnown};
    if (decl.kind == ir::ArrayKind::Accumulator) {
      p = {a, Role::Reduction, -1, RoleReason::Accumulator};
    } else if (decl.kind == ir::ArrayKind::Buffer) {
      p = {a, Role::Buffered, -1, RoleReason::Buffer};
    } else if (a != loop.space.array && is_written(loop, a) &&
               std::find(loop.clauses.relax.begin(), loop.clauses.relax.end(), decl.name) !=
                   loop.clauses.relax.end()) {
      p = {a, Role::Relaxed, -1, RoleReason::RelaxedUpdate};
    } else if (a == loop.space.array &&
               (decl.kind == ir::ArrayKind::Sparse || own_elements_only(loop, a))) {
      // A dense iterated array also read or written at other elements is placed like any other
      // array below: those elements may belong to other partitions.
      p = {a, Role::Local, -1, RoleReason::IterationSpace};
    } else if (auto dim = transformed ? std::nullopt : aligned_dim(loop, a, space)) {
      p = {a, Role::Local, *dim, RoleReason::AlignedWithSpace};
    } else if (auto tdim = transformed || time < 0 ? std::nullopt : aligned_dim(loop, a, time)) {
      p = {a, Role::Rotated, *tdim, RoleReason::AlignedWithTime};
    } else if (!is_written(loop, a)) {
      p = has_unknown(loop, a) ? ArrayPlacement{a, Role::Served, -1, RoleReason::ReadOnlyUnknown}
                               : ArrayPlacement{a, Role::Replicated, -1, RoleReason::ReadOnlyKnown};
    } else if (transformed) {
      p = {a, Role::Rotated, -1, RoleReason::WrittenInWavefront};
    } else {
      p = {a, Role::Served, -1, RoleReason::WrittenUnaligned};
    }
    candidate.arrays.push_back(p);
  }

  std::string formula;
  const auto add = [&](CostTerm term) {
    candidate.cost.push_back(term);
    formula += (formula.empty() ? "" : " + ") +
               model::cost_term(CostText{loop, term.array}, term.kind, term.accesses);
  };
  for (const ArrayPlacement &p : candidate.arrays) {
    if (p.role == Role::Rotated) {
      add({model::CostKind::RotatedPerPass, p.array, 0});
    } else if (p.role == Role::Served) {
      CostTerm term{model::CostKind::ServedPerAccess, p.array, 0};
      for (const ir::ArrayRef &r : loop.refs)
        term.accesses += r.array == p.array;
      add(term);
    }
  }
  // The runtime keeps every rank's copy whole: what a loop wrote into partitioned arrays goes to
  // every rank when it ends.
  for (const ArrayPlacement &p : candidate.arrays)
    if ((p.role == Role::Local || p.role == Role::Rotated) && is_written(loop, p.array))
      add({model::CostKind::CoherencePerLoop, p.array, 0});
  candidate.cost_formula = formula.empty() ? "0" : formula;
  return candidate;
}

bool iterated_array_runs_on_ranks(const ir::Loop &loop, const Candidate &candidate) {
  if (loop.space.kind != ir::IterationSpace::Kind::Array ||
      loop.arrays[loop.space.array].kind != ir::ArrayKind::Dense ||
      !is_written(loop, loop.space.array))
    return true;
  if (candidate.schedule.unimodular())
    return false;
  for (const ArrayPlacement &p : candidate.arrays)
    if (p.array == loop.space.array)
      return p.role == Role::Local &&
             (p.array_dim < 0 ||
              (!candidate.schedule.dims.empty() && p.array_dim == candidate.schedule.dims[0]));
  return true;
}

} // namespace orion::deps

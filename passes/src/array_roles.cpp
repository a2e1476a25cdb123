#include "orion/passes/array_roles.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace orion::deps {
namespace {

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

std::string bytes_of(const ir::Loop &loop, int array) {
  const ir::ArrayDecl &a = loop.arrays[array];
  std::string out = fmt::format("sizeof({})", a.element_type.empty() ? "T" : a.element_type);
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

} // namespace

std::string_view to_string(ArrayRole role) {
  switch (role) {
  case ArrayRole::Local:
    return "local";
  case ArrayRole::Rotated:
    return "rotated";
  case ArrayRole::Replicated:
    return "replicated";
  case ArrayRole::Served:
    return "served";
  case ArrayRole::Buffered:
    return "buffered";
  case ArrayRole::Reduction:
    return "reduction";
  case ArrayRole::Relaxed:
    return "relaxed";
  }
  return "?";
}

Plan make_plan(const ir::Loop &loop, const Schedule &schedule) {
  Plan plan;
  plan.schedule = schedule;
  const bool transformed = schedule.kind == ScheduleKind::Unimodular;
  const int space = schedule.dims.empty() ? -1 : schedule.dims[0];
  const int time = schedule.dims.size() > 1 ? schedule.dims[1] : -1;
  for (int a = 0; a < static_cast<int>(loop.arrays.size()); ++a) {
    const ir::ArrayDecl &decl = loop.arrays[a];
    ArrayPlacement p{a, ArrayRole::Replicated, -1, ""};
    if (decl.kind == ir::ArrayKind::Accumulator) {
      p.role = ArrayRole::Reduction;
      p.why = "accumulator: per-worker values combined at the end";
    } else if (decl.kind == ir::ArrayKind::Buffer) {
      p.role = ArrayRole::Buffered;
      p.why = "buffer: writes applied in batches";
    } else if (a != loop.space.array && is_written(loop, a) &&
               std::find(loop.clauses.relax.begin(), loop.clauses.relax.end(), decl.name) !=
                   loop.clauses.relax.end()) {
      p.role = ArrayRole::Relaxed;
      p.why = "updated commutatively: every worker's updates merged into every copy at each "
              "synchronization point";
    } else if (a == loop.space.array) {
      p.role = ArrayRole::Local;
      p.why = "the iteration space: partitioned with the iterations";
    } else if (auto dim = transformed ? std::nullopt : aligned_dim(loop, a, space)) {
      p.role = ArrayRole::Local;
      p.array_dim = *dim;
      p.why = fmt::format("indexed by {} in dimension {}", loop.space.dims[space].name, *dim);
    } else if (auto tdim = transformed || time < 0 ? std::nullopt : aligned_dim(loop, a, time)) {
      p.role = ArrayRole::Rotated;
      p.array_dim = *tdim;
      p.why = fmt::format("indexed by {} in dimension {}", loop.space.dims[time].name, *tdim);
    } else if (!is_written(loop, a)) {
      p.role = has_unknown(loop, a) ? ArrayRole::Served : ArrayRole::Replicated;
      p.why = p.role == ArrayRole::Served ? "read-only, unknown subscripts"
                                          : "read-only, known subscripts";
    } else if (transformed) {
      p.role = ArrayRole::Rotated;
      p.why = "written in a wavefront: passed along with the blocks";
    } else {
      p.role = ArrayRole::Served;
      p.why = "written, not aligned with a partitioned dimension";
    }
    plan.arrays.push_back(p);
  }

  std::string formula;
  for (const ArrayPlacement &p : plan.arrays) {
    if (p.role == ArrayRole::Rotated) {
      plan.cost.push_back({CostTerm::Kind::RotatedPerPass, p.array, 0});
      formula +=
          fmt::format("{}(P - 1) * {}", formula.empty() ? "" : " + ", bytes_of(loop, p.array));
    } else if (p.role == ArrayRole::Served) {
      int accesses = 0;
      for (const ir::ArrayRef &r : loop.refs)
        accesses += r.array == p.array;
      plan.cost.push_back({CostTerm::Kind::ServedPerAccess, p.array, accesses});
      formula += fmt::format("{}{} * {} * sizeof({})", formula.empty() ? "" : " + ",
                             iterations_of(loop), accesses, loop.arrays[p.array].element_type);
    }
  }
  plan.cost_formula = formula.empty() ? "0" : formula;
  return plan;
}

} // namespace orion::deps

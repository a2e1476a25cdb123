#include "orion/passes/polyhedral_model.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace orion::deps {

PolyhedralModel::PolyhedralModel(const ir::Loop &loop, std::map<std::string, int64_t> fixed)
    : loop_(loop), fixed_(std::move(fixed)) {}

std::string PolyhedralModel::param_list() const {
  std::string out = "[";
  for (size_t p = 0; p < loop_.parameters.size(); ++p)
    out += fmt::format("{}P{}", p ? ", " : "", p);
  return out + "]";
}

std::string PolyhedralModel::iteration_tuple(const char *prefix) const {
  std::string out = "S[";
  for (int d = 0; d < dims(); ++d)
    out += fmt::format("{}{}{}", d ? ", " : "", prefix, d);
  return out + "]";
}

std::string PolyhedralModel::expr(const ir::AffineExpr &e, const char *iteration_prefix) const {
  std::string out = std::to_string(e.constant_term());
  for (const ir::AffineTerm &t : e.terms()) {
    std::string name;
    switch (t.kind) {
    case ir::SymbolKind::IterationIndex:
      name = fmt::format("{}{}", iteration_prefix, t.index);
      break;
    case ir::SymbolKind::InnerIndex:
      name = fmt::format("k{}", t.index);
      break;
    case ir::SymbolKind::Parameter:
      name = fmt::format("P{}", t.index);
      break;
    }
    out += fmt::format(" + {}*{}", t.coefficient, name);
  }
  return out;
}

std::string PolyhedralModel::bounds(const char *prefix) const {
  std::string out = "true";
  for (int d = 0; d < dims(); ++d) {
    const ir::IterationDim &dim = loop_.space.dims[d];
    if (dim.lower.expr)
      out += fmt::format(" and {}{} >= {}", prefix, d, expr(*dim.lower.expr, prefix));
    if (dim.upper.expr)
      out += fmt::format(" and {}{} < {}", prefix, d, expr(*dim.upper.expr, prefix));
  }
  for (const auto &[name, value] : fixed_) {
    for (size_t p = 0; p < loop_.parameters.size(); ++p)
      if (loop_.parameters[p].name == name)
        out += fmt::format(" and P{} = {}", p, value);
  }
  return out;
}

std::string PolyhedralModel::domain() const {
  return fmt::format("{} -> {{ {} : {} }}", param_list(), iteration_tuple(), bounds("i"));
}

std::string PolyhedralModel::access(const ir::ArrayRef &ref) const {
  const size_t rank = ref.subscripts.size();
  std::string out_tuple = fmt::format("A{}[", ref.array);
  for (size_t o = 0; o < rank; ++o)
    out_tuple += fmt::format("{}o{}", o ? ", " : "", o);
  out_tuple += "]";

  const std::vector<int> inner = ir::inner_indices_of(ref);

  std::string constraints = "true";
  for (int k : inner) {
    if (k < 0 || k >= static_cast<int>(loop_.inner_loops.size()))
      continue;
    const ir::InnerLoop &l = loop_.inner_loops[k];
    if (l.lower.expr)
      constraints += fmt::format(" and k{} >= {}", k, expr(*l.lower.expr));
    if (l.upper.expr)
      constraints += fmt::format(" and k{} < {}", k, expr(*l.upper.expr));
  }
  for (size_t o = 0; o < rank; ++o)
    if (ref.subscripts[o].kind == ir::SubscriptKind::Affine)
      constraints += fmt::format(" and o{} = {}", o, expr(ref.subscripts[o].expr));
  // The reference runs only where its guards hold: they are part of its iteration domain.
  for (const ir::Guard &g : ref.guards)
    constraints += fmt::format(" and {} {} 0", expr(g.expr), g.equality ? "=" : ">=");

  std::string body = constraints;
  if (!inner.empty()) {
    std::string names;
    for (size_t n = 0; n < inner.size(); ++n)
      names += fmt::format("{}k{}", n ? ", " : "", inner[n]);
    body = fmt::format("exists ({} : {})", names, constraints);
  }
  return fmt::format("{} -> {{ {} -> {} : {} and {} }}", param_list(), iteration_tuple(), out_tuple,
                     bounds("i"), body);
}

std::string PolyhedralModel::lex_before() const {
  std::string order = "false";
  for (int d = 0; d < dims(); ++d) {
    std::string clause;
    for (int e = 0; e < d; ++e)
      clause += fmt::format("i{0} = j{0} and ", e);
    order += fmt::format(" or ({}i{} < j{})", clause, d, d);
  }
  return fmt::format("{} -> {{ {} -> {} : {} }}", param_list(), iteration_tuple("i"),
                     iteration_tuple("j"), order);
}

std::string PolyhedralModel::carried_at(int level) const {
  std::string c = "true";
  for (int e = 0; e < level; ++e)
    c += fmt::format(" and d{} = 0", e);
  c += fmt::format(" and d{} >= 1", level);
  return distance_set(c);
}

std::string PolyhedralModel::distance_set(const std::string &constraint) const {
  return fmt::format("{} -> {{ {} : {} }}", param_list(), iteration_tuple("d"), constraint);
}

} // namespace orion::deps

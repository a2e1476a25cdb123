#include "orion/passes/polyhedral_model.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <vector>

namespace orion::deps {
namespace {

/// Affine expressions over the variables of one set space (possibly a wrapped map space): the
/// loop's iteration indices at positions 0.., the inner-loop indices that are present after them,
/// and the parameters by name.
class Affs {
public:
  Affs(const isl::space &space, int iteration_dims, std::vector<int> inner = {})
      : space_(space), vars_(isl::multi_aff::identity_on_domain(space)),
        iteration_dims_(iteration_dims), inner_(std::move(inner)) {}

  isl::aff var(int pos) const { return vars_.at(pos); }
  isl::aff constant(int64_t value) const {
    return space_.zero_aff_on_domain().add_constant(static_cast<long>(value));
  }

  /// `e` as an isl expression, or nothing when it names an inner index that is not a variable
  /// of this space (the constraint is then left out, which only widens the relation).
  std::optional<isl::aff> of(const ir::AffineExpr &e) const {
    isl::aff out = constant(e.constant_term());
    for (const ir::AffineTerm &t : e.terms()) {
      isl::aff symbol;
      switch (t.kind) {
      case ir::SymbolKind::IterationIndex:
        symbol = var(t.index);
        break;
      case ir::SymbolKind::InnerIndex: {
        const auto at = std::find(inner_.begin(), inner_.end(), t.index);
        if (at == inner_.end())
          return std::nullopt;
        symbol = var(iteration_dims_ + static_cast<int>(at - inner_.begin()));
        break;
      }
      case ir::SymbolKind::Parameter:
        symbol = space_.param_aff_on_domain(fmt::format("P{}", t.index));
        break;
      }
      out = out.add(symbol.scale(static_cast<long>(t.coefficient)));
    }
    return out;
  }

private:
  isl::space space_;
  isl::multi_aff vars_;
  int iteration_dims_;
  std::vector<int> inner_;
};

/// `lower <= value < upper` for the bounds that are affine.
isl::set within(const Affs &affs, isl::set set, const isl::aff &value, const ir::Bound &lower,
                const ir::Bound &upper) {
  if (lower.expr)
    if (const std::optional<isl::aff> lo = affs.of(*lower.expr))
      set = set.intersect(value.ge_set(*lo));
  if (upper.expr)
    if (const std::optional<isl::aff> hi = affs.of(*upper.expr))
      set = set.intersect(value.lt_set(*hi));
  return set;
}

} // namespace

PolyhedralModel::PolyhedralModel(const ir::Loop &loop, isl::ctx ctx,
                                 std::map<std::string, int64_t> fixed)
    : loop_(loop), ctx_(ctx), fixed_(std::move(fixed)) {}

isl::space PolyhedralModel::parameter_space() const {
  isl::space space = isl::space::unit(ctx_);
  for (size_t p = 0; p < loop_.parameters.size(); ++p)
    space = space.add_param(fmt::format("P{}", p));
  return space;
}

isl::space PolyhedralModel::iteration_space() const {
  return parameter_space().add_named_tuple("S", dims());
}

namespace {

/// The loop's bounds on the iteration indices (positions 0..dims-1 of `affs`' space) and the
/// pinned parameters.
isl::set bounded(const ir::Loop &loop, const std::map<std::string, int64_t> &fixed,
                 const Affs &affs, isl::set set) {
  for (size_t d = 0; d < loop.space.dims.size(); ++d) {
    const ir::IterationDim &dim = loop.space.dims[d];
    set = within(affs, set, affs.var(static_cast<int>(d)), dim.lower, dim.upper);
  }
  for (size_t p = 0; p < loop.parameters.size(); ++p)
    if (const std::optional<ir::AffineExpr> &definition = loop.parameters[p].definition) {
      const std::optional<isl::aff> parameter =
          affs.of(ir::AffineExpr::symbol(ir::SymbolKind::Parameter, static_cast<int>(p)));
      if (const std::optional<isl::aff> value = affs.of(*definition); parameter && value)
        set = set.intersect(parameter->eq_set(*value));
    }
  for (const auto &[name, value] : fixed)
    for (size_t p = 0; p < loop.parameters.size(); ++p)
      if (loop.parameters[p].name == name) {
        const std::optional<isl::aff> parameter =
            affs.of(ir::AffineExpr::symbol(ir::SymbolKind::Parameter, static_cast<int>(p)));
        set = set.intersect(parameter->eq_set(affs.constant(value)));
      }
  return set;
}

} // namespace

isl::set PolyhedralModel::domain() const {
  const isl::space space = iteration_space();
  return bounded(loop_, fixed_, Affs(space, dims()), space.universe_set());
}

isl::map PolyhedralModel::access(const ir::ArrayRef &ref) const {
  const int rank = static_cast<int>(ref.subscripts.size());
  std::vector<int> inner;
  for (int k : ir::inner_indices_of(ref))
    if (k >= 0 && k < static_cast<int>(loop_.inner_loops.size()))
      inner.push_back(k);
  const int extended = dims() + static_cast<int>(inner.size());

  // Constraints on [S[i, k] -> A[o]]: the loop's bounds, the inner loops' bounds, the affine
  // subscripts, and the guards (the reference runs only where they hold: they are part of its
  // iteration domain).
  const isl::space wrapped = parameter_space()
                                 .add_named_tuple("S", extended)
                                 .add_named_tuple(fmt::format("A{}", ref.array), rank)
                                 .wrap();
  const Affs affs(wrapped, dims(), inner);
  isl::set relation = bounded(loop_, fixed_, affs, wrapped.universe_set());
  for (size_t n = 0; n < inner.size(); ++n) {
    const ir::InnerLoop &l = loop_.inner_loops[inner[n]];
    relation = within(affs, relation, affs.var(dims() + static_cast<int>(n)), l.lower, l.upper);
  }
  for (int o = 0; o < rank; ++o)
    if (ref.subscripts[o].kind == ir::SubscriptKind::Affine)
      if (const std::optional<isl::aff> value = affs.of(ref.subscripts[o].expr))
        relation = relation.intersect(affs.var(extended + o).eq_set(*value));
  for (const ir::Guard &g : ref.guards)
    if (const std::optional<isl::aff> value = affs.of(g.expr))
      relation = relation.intersect(g.equality ? value->eq_set(affs.constant(0))
                                               : value->ge_set(affs.constant(0)));
  isl::map access = relation.unwrap();
  if (inner.empty())
    return access;

  // The inner indices are existentially quantified: project S[i, k] onto S[i].
  const isl::space from = parameter_space().add_named_tuple("S", extended);
  const Affs from_affs(from, dims(), inner);
  isl::aff_list iteration(ctx_, dims());
  for (int d = 0; d < dims(); ++d)
    iteration = iteration.add(from_affs.var(d));
  const isl::space projection = from.add_named_tuple("S", dims());
  return access.apply_domain(projection.multi_aff(iteration).as_map());
}

isl::map PolyhedralModel::lex_before() const {
  const isl::space space = iteration_space();
  return space.map_from_set().universe_map().lex_lt_at(
      isl::multi_pw_aff(isl::multi_aff::identity_on_domain(space)));
}

isl::set PolyhedralModel::distances() const { return iteration_space().universe_set(); }

isl::aff PolyhedralModel::distance(int d) const {
  return isl::multi_aff::identity_on_domain(iteration_space()).at(d);
}

isl::set PolyhedralModel::carried_at(int level) const {
  const isl::space space = iteration_space();
  const Affs affs(space, dims());
  isl::set carried = space.universe_set();
  for (int e = 0; e < level; ++e)
    carried = carried.intersect(affs.var(e).eq_set(affs.constant(0)));
  return carried.intersect(affs.var(level).ge_set(affs.constant(1)));
}

} // namespace orion::deps

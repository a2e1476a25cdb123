#include "orion/passes/dependence_analysis.hpp"

#include "orion/passes/polyhedral_model.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace orion::deps {
namespace {

bool reads(ir::AccessKind k) { return k == ir::AccessKind::Read || k == ir::AccessKind::ReadWrite; }
bool writes(ir::AccessKind k) {
  return k == ir::AccessKind::Write || k == ir::AccessKind::ReadWrite;
}

/// The kind of a dependence from `source` (earlier iteration) to `sink` (later one), if any.
std::optional<DependenceKind> kind_of(ir::AccessKind source, ir::AccessKind sink, bool ordered) {
  if (writes(source) && reads(sink))
    return DependenceKind::RAW;
  if (reads(source) && writes(sink))
    return DependenceKind::WAR;
  if (writes(source) && writes(sink) && ordered)
    return DependenceKind::WAW; // unordered loops may reorder writes (Orion's rule)
  return std::nullopt;
}

std::optional<int64_t> bound_of(const isl::val &v) {
  if (v.is_infty() || v.is_neginfty() || v.is_nan())
    return std::nullopt;
  return v.get_num_si();
}

/// Splits a distance set into one summarized vector per carrying level.
std::vector<std::pair<DistanceVector, isl::set>>
summarize(const isl::set &distances, const PolyhedralModel &model, isl::ctx ctx) {
  std::vector<std::pair<DistanceVector, isl::set>> out;
  for (int level = 0; level < model.dims(); ++level) {
    // Intersect (rather than lower_bound_si) and coalesce: isl 0.25's dim_min_val is wrong on
    // sets that still carry an explicitly empty disjunct.
    isl::set piece = distances.intersect(isl::set(ctx, model.carried_at(level))).coalesce();
    if (piece.is_empty())
      continue;
    DistanceVector v;
    v.level = level;
    for (int d = 0; d < model.dims(); ++d)
      v.entries.push_back({bound_of(piece.dim_min_val(d)), bound_of(piece.dim_max_val(d))});
    out.emplace_back(std::move(v), piece);
  }
  return out;
}

/// The vectors to assume when isl gives up: anything lexicographically positive.
std::vector<std::pair<DistanceVector, isl::set>> conservative(const PolyhedralModel &model,
                                                              isl::ctx ctx, IslContext &isl) {
  const IslContext::Unlimited unlimited(isl); // the fallback itself must not run out
  std::vector<std::pair<DistanceVector, isl::set>> out;
  for (int level = 0; level < model.dims(); ++level) {
    DistanceVector v;
    v.level = level;
    for (int d = 0; d < model.dims(); ++d)
      v.entries.push_back(d < level    ? Interval::exactly(0)
                          : d == level ? Interval{1, std::nullopt}
                                       : Interval::everything());
    out.emplace_back(std::move(v), isl::set(ctx, model.carried_at(level)));
  }
  return out;
}

void add(DependenceInfo &info, DistanceVector vector, isl::set exact, DependenceKind kind,
         int array, std::pair<int, int> refs, bool computed) {
  for (Dependence &d : info.dependences) {
    if (d.kind == kind && d.array == array && d.distance == vector) {
      if (std::find(d.refs.begin(), d.refs.end(), refs) == d.refs.end())
        d.refs.push_back(refs);
      d.exact = d.exact.unite(exact).coalesce();
      d.computed = d.computed && computed;
      return;
    }
  }
  info.dependences.push_back({std::move(vector), kind, array, {refs}, std::move(exact), computed});
}

} // namespace

std::string_view to_string(DependenceKind kind) {
  switch (kind) {
  case DependenceKind::RAW:
    return "RAW";
  case DependenceKind::WAR:
    return "WAR";
  case DependenceKind::WAW:
    return "WAW";
  }
  return "?";
}

bool is_analyzed_array(const ir::Loop &loop, int array) {
  const ir::ArrayDecl &decl = loop.arrays[array];
  if (decl.kind == ir::ArrayKind::Accumulator || decl.kind == ir::ArrayKind::Buffer)
    return false;
  return std::find(loop.clauses.relax.begin(), loop.clauses.relax.end(), decl.name) ==
         loop.clauses.relax.end();
}

DependenceInfo analyze_dependences(const ir::Loop &loop, IslContext &isl,
                                   const AnalysisOptions &options) {
  DependenceInfo info;
  const PolyhedralModel model(loop, options.fixed_parameters);
  isl::ctx ctx = isl.get();

  std::vector<std::optional<isl::map>> access(loop.refs.size());
  info.access_relations.resize(loop.refs.size());
  std::optional<isl::map> before;
  try {
    isl.start_step();
    info.domain = to_text(isl::set(ctx, model.domain()));
    for (const ir::ArrayRef &ref : loop.refs) {
      if (ref.access == ir::AccessKind::Reduce || !is_analyzed_array(loop, ref.array))
        continue;
      access[ref.id] = isl::map(ctx, model.access(ref)).coalesce();
      info.access_relations[ref.id] = to_text(*access[ref.id]);
    }
    before = isl::map(ctx, model.lex_before());
  } catch (const isl::exception_quota &) {
    before.reset(); // every pair below falls back to the conservative vectors
    info.remarks.push_back({"isl needed too many operations to build the access relations; "
                            "assuming the conservative dependences for every pair",
                            -1});
  }
  const auto analyzed = [&](const ir::ArrayRef &r) {
    return r.access != ir::AccessKind::Reduce && is_analyzed_array(loop, r.array);
  };
  for (const ir::ArrayRef &a : loop.refs) {
    for (const ir::ArrayRef &b : loop.refs) {
      if (!analyzed(a) || !analyzed(b) || a.array != b.array)
        continue;
      auto kind = kind_of(a.access, b.access, loop.clauses.ordered);
      if (!kind)
        continue;
      std::vector<std::pair<DistanceVector, isl::set>> vectors;
      bool computed = true;
      if (!before) {
        computed = false;
        vectors = conservative(model, ctx, isl);
      } else {
        try {
          isl.start_step();
          // Iterations p ≺ p' where ref a at p and ref b at p' touch a common element.
          isl::map relation = access[a.id]->apply_range(access[b.id]->reverse()).intersect(*before);
          vectors = summarize(relation.deltas().coalesce(), model, ctx);
        } catch (const isl::exception_quota &) {
          computed = false;
          vectors = conservative(model, ctx, isl);
          info.remarks.push_back(
              {fmt::format("isl needed too many operations for refs #{} and #{}; assuming the "
                           "conservative dependences",
                           a.id, b.id),
               a.id});
        }
      }
      for (auto &[vector, exact] : vectors)
        add(info, std::move(vector), std::move(exact), *kind, a.array, {a.id, b.id}, computed);
    }
  }
  std::stable_sort(info.dependences.begin(), info.dependences.end(),
                   [](const Dependence &x, const Dependence &y) {
                     return std::tie(x.array, x.distance) < std::tie(y.array, y.distance);
                   });
  return info;
}

} // namespace orion::deps

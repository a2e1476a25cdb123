#include "orion/passes/dependence_analysis.hpp"

#include "orion/passes/polyhedral_model.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <set>
#include <unordered_map>

namespace orion::deps {
namespace {

bool reads(ir::AccessKind k) { return k == ir::AccessKind::Read || k == ir::AccessKind::ReadWrite; }
bool writes(ir::AccessKind k) {
  return k == ir::AccessKind::Write || k == ir::AccessKind::ReadWrite;
}

/// The kinds of dependence from `source` (earlier iteration) to `sink` (later one): all that
/// occur, so a compound update's self-pair (`C(i, j) += ...`, read and written) lists RAW and WAR,
/// and WAW when the loop is ordered.
std::vector<DependenceKind> kinds_of(ir::AccessKind source, ir::AccessKind sink, bool ordered) {
  std::vector<DependenceKind> kinds;
  if (writes(source) && reads(sink))
    kinds.push_back(DependenceKind::RAW);
  if (reads(source) && writes(sink))
    kinds.push_back(DependenceKind::WAR);
  if (writes(source) && writes(sink) && ordered)
    kinds.push_back(DependenceKind::WAW); // unordered loops may reorder writes (Orion's rule)
  return kinds;
}

std::optional<int64_t> bound_of(const isl::val &v) {
  if (v.is_infty() || v.is_neginfty() || v.is_nan())
    return std::nullopt;
  return v.get_num_si();
}

using Vectors = std::vector<std::pair<DistanceVector, isl::set>>;

/// Splits a distance set into one summarized vector per carrying level; `carried[l]` is the set
/// of distances carried at level l (built once per loop: parsing it is dearer than using it).
Vectors summarize(const isl::set &distances, const std::vector<isl::set> &carried) {
  Vectors out;
  const int dims = static_cast<int>(carried.size());
  for (int level = 0; level < dims; ++level) {
    // Intersect (rather than lower_bound_si) and coalesce: isl 0.25's dim_min_val is wrong on
    // sets that still carry an explicitly empty disjunct.
    isl::set piece = distances.intersect(carried[level]).coalesce();
    if (piece.is_empty())
      continue;
    DistanceVector v;
    v.level = level;
    for (int d = 0; d < dims; ++d)
      v.entries.push_back({bound_of(piece.dim_min_val(d)), bound_of(piece.dim_max_val(d))});
    out.emplace_back(std::move(v), piece);
  }
  return out;
}

/// The vectors to assume when isl gives up: anything lexicographically positive.
Vectors conservative(const PolyhedralModel &model, IslContext &isl) {
  const IslContext::Unlimited unlimited(isl); // the fallback itself must not run out
  Vectors out;
  for (int level = 0; level < model.dims(); ++level) {
    DistanceVector v;
    v.level = level;
    for (int d = 0; d < model.dims(); ++d)
      v.entries.push_back(d < level    ? Interval::exactly(0)
                          : d == level ? Interval{1, std::nullopt}
                                       : Interval::everything());
    out.emplace_back(std::move(v), model.carried_at(level));
  }
  return out;
}

/// Builds DependenceInfo::dependences: merges the ref pairs whose summaries agree, in the order
/// they are first seen. Lookups are by key, and the exact set of a summary is widened only by
/// relation pairs not merged into it yet (many ref pairs share one pair of access relations).
class DependenceSet {
public:
  explicit DependenceSet(std::vector<Dependence> &out) : out_(out) {}

  void add(DistanceVector vector, const isl::set &exact, DependenceKind kind, int array,
           std::pair<int, int> refs, std::pair<int, int> relations, bool computed) {
    std::string key = fmt::format("{} {} {}", static_cast<int>(kind), array, to_string(vector));
    const auto [it, inserted] = index_.try_emplace(std::move(key), out_.size());
    if (inserted) {
      out_.push_back({std::move(vector), kind, array, {refs}, exact, computed});
      merged_.push_back({relations});
      return;
    }
    Dependence &d = out_[it->second];
    if (std::find(d.refs.begin(), d.refs.end(), refs) == d.refs.end())
      d.refs.push_back(refs);
    d.computed = d.computed && computed;
    std::set<std::pair<int, int>> &seen = merged_[it->second];
    if (seen.insert(relations).second)
      d.exact = d.exact.unite(exact).coalesce();
  }

private:
  std::vector<Dependence> &out_;
  std::unordered_map<std::string, std::size_t> index_;
  std::vector<std::set<std::pair<int, int>>> merged_;
};

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
  isl::ctx ctx = isl.get();
  const PolyhedralModel model(loop, ctx, options.fixed_parameters);

  // References with the same access relation (the same array and subscripts under the same inner
  // loops) have the same dependences: relation[ref id] numbers the distinct relations, so the
  // pairwise work grows with the distinct relations, not with the references.
  std::vector<isl::map> relations;
  std::vector<int> relation(loop.refs.size(), -1);
  info.access_relations.resize(loop.refs.size());
  isl::map before; // stays null when the model cannot be built
  std::vector<isl::set> carried;
  try {
    isl.start_step();
    info.domain = to_text(model.domain());
    std::unordered_map<std::string, int> numbered;
    for (const ir::ArrayRef &ref : loop.refs) {
      if (ref.access == ir::AccessKind::Reduce || !is_analyzed_array(loop, ref.array))
        continue;
      isl::map access = model.access(ref).coalesce();
      info.access_relations[ref.id] = to_text(access);
      const auto [it, inserted] =
          numbered.try_emplace(info.access_relations[ref.id], static_cast<int>(relations.size()));
      if (inserted)
        relations.push_back(access);
      relation[ref.id] = it->second;
    }
    before = model.lex_before();
    for (int level = 0; level < model.dims(); ++level)
      carried.push_back(model.carried_at(level));
  } catch (const isl::exception_quota &) {
    before = isl::map(); // every pair below falls back to the conservative vectors
    info.remarks.push_back({"isl needed too many operations to build the access relations; "
                            "assuming the conservative dependences for every pair",
                            -1});
  }
  const auto analyzed = [&](const ir::ArrayRef &r) {
    return r.access != ir::AccessKind::Reduce && is_analyzed_array(loop, r.array);
  };
  struct Computed {
    Vectors vectors;
    bool computed = true;
  };
  std::map<std::pair<int, int>, Computed> cache; // by (source relation, sink relation)
  const auto deadline = std::chrono::steady_clock::now() + options.budget;
  int over_budget = 0; // relation pairs given the conservative vectors for want of time
  // `optional`: only the ignored write/write pairs need it; past the budget it is not computed,
  // nor counted as left over (it decides no schedule, only a warning).
  const auto distances = [&](const ir::ArrayRef &a, const ir::ArrayRef &b,
                             bool optional) -> const Computed * {
    const std::pair<int, int> key{relation[a.id], relation[b.id]};
    if (const auto hit = cache.find(key); hit != cache.end())
      return &hit->second;
    Computed c;
    const bool out_of_time = std::chrono::steady_clock::now() >= deadline;
    if (optional && out_of_time && !before.is_null())
      return nullptr;
    if (before.is_null() || out_of_time) {
      over_budget += out_of_time && !before.is_null();
      c.computed = false;
      c.vectors = conservative(model, isl);
    } else {
      try {
        isl.start_step();
        // Iterations p ≺ p' where ref a at p and ref b at p' touch a common element.
        // Pairwise on the distinct relations rather than all pairs in one union of tagged
        // relations (as PPCG does): the same results, but the union step took 1.4x the time at
        // 300 references and 2.1x at 600 (docs/architecture.md), and a pair is the natural unit
        // of the operation quota and the time budget.
        const isl::map dependence =
            relations[key.first].apply_range(relations[key.second].reverse()).intersect(before);
        c.vectors = summarize(dependence.deltas().coalesce(), carried);
      } catch (const isl::exception_quota &) {
        c.computed = false;
        c.vectors = conservative(model, isl);
        info.remarks.push_back({fmt::format("isl needed too many operations for refs #{} and #{}; "
                                            "assuming the conservative dependences",
                                            a.id, b.id),
                                a.id});
      }
    }
    return &cache.emplace(key, std::move(c)).first->second;
  };
  DependenceSet found(info.dependences), ignored(info.ignored_waw);
  // The pairs that decide the schedule first; the pairs only an unordered loop's ignored
  // write/write dependences need get what is left of the budget.
  for (const bool optional_pass : {false, true}) {
    for (const ir::ArrayRef &a : loop.refs) {
      for (const ir::ArrayRef &b : loop.refs) {
        if (!analyzed(a) || !analyzed(b) || a.array != b.array)
          continue;
        const std::vector<DependenceKind> kinds =
            kinds_of(a.access, b.access, loop.clauses.ordered);
        const bool ignored_pair = !loop.clauses.ordered && writes(a.access) && writes(b.access);
        if (kinds.empty() != optional_pass || (optional_pass && !ignored_pair))
          continue;
        const Computed *c = distances(a, b, optional_pass);
        if (!c)
          continue;
        for (const auto &[vector, exact] : c->vectors) {
          for (const DependenceKind kind : kinds)
            found.add(vector, exact, kind, a.array, {a.id, b.id}, {relation[a.id], relation[b.id]},
                      c->computed);
          if (ignored_pair)
            ignored.add(vector, exact, DependenceKind::WAW, a.array, {a.id, b.id},
                        {relation[a.id], relation[b.id]}, c->computed);
        }
      }
    }
  }
  if (over_budget > 0)
    info.remarks.push_back(
        {fmt::format("the dependence analysis of this loop ran out of its time budget ({} ms) with "
                     "{} of {} pairs of access relations left; they assume the conservative "
                     "dependences",
                     options.budget.count(), over_budget, cache.size()),
         -1});
  // By array and distance, in discovery order among equals (std::stable_sort's temporary buffer
  // is deprecated in C++20).
  std::vector<size_t> order(info.dependences.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    const Dependence &x = info.dependences[a], &y = info.dependences[b];
    return std::tie(x.array, x.distance, a) < std::tie(y.array, y.distance, b);
  });
  std::vector<Dependence> sorted;
  sorted.reserve(order.size());
  for (size_t i : order)
    sorted.push_back(std::move(info.dependences[i]));
  info.dependences = std::move(sorted);
  return info;
}

} // namespace orion::deps

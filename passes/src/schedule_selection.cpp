#include "orion/passes/schedule.hpp"

#include "orion/passes/polyhedral_model.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace orion::deps {
namespace {

/// Exact check: no distance of any dependence lies in `bad` (a set of distances), after mapping
/// distances through `transform` when given.
bool none_violates(const DependenceInfo &deps, const isl::set &bad,
                   const isl::map *transform = nullptr) {
  for (const Dependence &d : deps.dependences) {
    isl::set distances = transform ? d.exact.apply(*transform) : d.exact;
    if (!distances.intersect(bad).is_empty())
      return false;
  }
  return true;
}

/// The distances whose coordinate `d` is nonzero, negative.
isl::set nonzero(const PolyhedralModel &model, int d) {
  return model.distance(d).ne_set(model.distance(d).scale(0));
}
isl::set negative(const PolyhedralModel &model, int d) {
  return model.distance(d).lt_set(model.distance(d).scale(0));
}

/// The distances with a negative coordinate.
isl::set any_negative(const PolyhedralModel &model) {
  isl::set out = isl::set::empty(model.distances().space());
  for (int d = 0; d < model.dims(); ++d)
    out = out.unite(negative(model, d));
  return out;
}

/// `{ S[d] -> S[t d] }`.
isl::map transform_map(const Matrix &t, const PolyhedralModel &model, isl::ctx ctx) {
  isl::aff_list rows(ctx, static_cast<int>(t.size()));
  for (size_t r = 0; r < t.size(); ++r) {
    isl::aff row = model.distance(0).scale(0);
    for (size_t c = 0; c < t[r].size(); ++c)
      if (t[r][c] != 0)
        row = row.add(model.distance(static_cast<int>(c)).scale(static_cast<long>(t[r][c])));
    rows = rows.add(row);
  }
  return model.distances().space().map_from_set().multi_aff(rows).as_map();
}

std::optional<int64_t> bound(const isl::val &v) {
  if (v.is_infty() || v.is_neginfty() || v.is_nan())
    return std::nullopt;
  return v.get_num_si();
}

/// The interval box of a dependence's exact distances after `transform`.
std::vector<Interval> transformed_box(const Dependence &d, const isl::map &transform, int dims) {
  const isl::set image = d.exact.apply(transform).coalesce();
  std::vector<Interval> box;
  for (int k = 0; k < dims; ++k)
    box.push_back({bound(image.dim_min_val(k)), bound(image.dim_max_val(k))});
  return box;
}

/// A skew found on the exact distance sets where their interval boxes are too coarse: the
/// distances {(a, -a)} of `C(i + j) += ...` have the box ([1,+inf], [-inf,-1]), which no skew
/// makes non-negative, but (a, -a) + (0, a) = (a, 0). Tries the lower-triangular unit matrices
/// with entries 0..3 below the diagonal (2 and 3 dimensions), the identity and then the smallest
/// entries first, and returns the first that maps every distance to a non-negative vector.
std::optional<Matrix> find_exact_skew(const DependenceInfo &deps, const PolyhedralModel &model,
                                      isl::ctx ctx, IslContext &isl) {
  const int dims = model.dims();
  if (dims < 2 || dims > 3)
    return std::nullopt;
  constexpr int64_t kMaxFactor = 3;
  std::vector<std::pair<int, int>> below; // (row, column) entries below the diagonal
  for (int r = 1; r < dims; ++r)
    for (int c = 0; c < r; ++c)
      below.emplace_back(r, c);
  std::vector<Matrix> candidates;
  std::vector<int64_t> digits(below.size(), 0);
  for (bool more = true; more;) {
    // Odometer over the entries, from the identity (already fully permutable distances need no
    // skew) to all entries kMaxFactor.
    Matrix t(dims, std::vector<int64_t>(dims, 0));
    for (int d = 0; d < dims; ++d)
      t[d][d] = 1;
    for (size_t e = 0; e < below.size(); ++e)
      t[below[e].first][below[e].second] = digits[e];
    candidates.push_back(std::move(t));
    size_t i = 0;
    while (i < digits.size() && ++digits[i] > kMaxFactor)
      digits[i++] = 0;
    more = i < digits.size();
  }
  const auto weight = [](const Matrix &t) {
    int64_t w = 0;
    for (const auto &row : t)
      for (int64_t v : row)
        w += v;
    return w;
  };
  // Lightest first, in enumeration order among equals (std::stable_sort's temporary buffer is
  // deprecated in C++20).
  std::vector<std::pair<int64_t, size_t>> order;
  for (size_t c = 0; c < candidates.size(); ++c)
    order.emplace_back(weight(candidates[c]), c);
  std::sort(order.begin(), order.end());
  std::vector<Matrix> sorted;
  for (const auto &entry : order)
    sorted.push_back(std::move(candidates[entry.second]));
  candidates = std::move(sorted);
  const isl::set backwards = any_negative(model);
  for (const Matrix &t : candidates) {
    // Each candidate is a step of its own: one that runs out of isl operations is skipped, and
    // the search does not use up the quota of the steps after it.
    isl.start_step();
    try {
      const isl::map tm = transform_map(t, model, ctx);
      if (none_violates(deps, backwards, &tm))
        return t;
    } catch (const isl::exception_quota &) {
    }
  }
  isl.start_step();
  return std::nullopt;
}

/// 1D and 2D candidates on a (possibly transformed) space; `transform` maps distances into it.
std::vector<Schedule> plain_candidates(const ir::Loop &loop, const DependenceInfo &deps,
                                       const PolyhedralModel &model, const isl::map *transform) {
  std::vector<Schedule> out;
  const int n = model.dims();
  for (int d = 0; d < n; ++d) {
    if (none_violates(deps, nonzero(model, d), transform)) {
      Schedule s;
      s.protocol = model::Protocol::OneD;
      s.dims = {d};
      out.push_back(std::move(s));
    }
  }
  for (int sp = 0; sp < n; ++sp) {
    for (int t = 0; t < n; ++t) {
      if (sp == t)
        continue;
      Schedule s;
      s.protocol = model::Protocol::Rotation;
      s.dims = {sp, t};
      if (loop.clauses.ordered) {
        // Wavefront: a block only waits for the blocks before it in both dimensions.
        if (!none_violates(deps, negative(model, sp).unite(negative(model, t)), transform))
          continue;
        s.protocol = model::Protocol::Wavefront;
      } else {
        // Rotation: concurrent blocks differ in both dimensions.
        if (!none_violates(deps, nonzero(model, sp).intersect(nonzero(model, t)), transform))
          continue;
      }
      out.push_back(std::move(s));
    }
  }
  return out;
}

/// The inner schedules offered on a skewed space: the first legal one and, when it partitions
/// c0 (the time dimension of a time-skewed stencil) on two dims, the first 2D one on space
/// dimensions only. A time wavefront has no parallelism when there are fewer time steps than
/// workers; the space wavefront still has. The runtime picks between them on real extents.
std::vector<const Schedule *> offered_inner(const std::vector<Schedule> &inner) {
  std::vector<const Schedule *> out;
  if (inner.empty())
    return out;
  const Schedule &first = inner.front();
  out.push_back(&first);
  const auto uses_time = [](const Schedule &s) {
    return std::find(s.dims.begin(), s.dims.end(), 0) != s.dims.end();
  };
  if (first.protocol == model::Protocol::OneD || !uses_time(first))
    return out;
  const auto space = std::find_if(inner.begin(), inner.end(), [&](const Schedule &s) {
    return s.protocol == first.protocol && !uses_time(s);
  });
  if (space != inner.end())
    out.push_back(&*space);
  return out;
}

Schedule unimodular_candidate(const Matrix &t,
                              const std::vector<std::vector<Interval>> &transformed,
                              const Schedule &inner) {
  Schedule s;
  s.protocol = inner.protocol;
  s.transform = t;
  s.transformed = transformed;
  s.dims = inner.dims;
  return s;
}

} // namespace

std::optional<Matrix> find_skew(const std::vector<DistanceVector> &vectors, int dims) {
  Matrix t(dims, std::vector<int64_t>(dims, 0));
  for (int d = 0; d < dims; ++d)
    t[d][d] = 1;
  for (const DistanceVector &v : vectors)
    for (const Interval &e : v.entries)
      if (!e.lo)
        return std::nullopt; // -inf cannot be skewed away
  // Row by row: make entry k non-negative using outer rows that carry the vector.
  for (int k = 1; k < dims; ++k) {
    for (int l = 0; l < k; ++l) {
      int64_t factor = 0;
      for (const DistanceVector &v : vectors) {
        std::vector<Interval> cur = transform(t, v.entries);
        if (!cur[k].lo || *cur[k].lo >= 0 || !cur[l].lo || *cur[l].lo < 1)
          continue;
        factor = std::max(factor, (-*cur[k].lo + *cur[l].lo - 1) / *cur[l].lo);
      }
      if (factor > 0)
        for (int c = 0; c < dims; ++c)
          t[k][c] += factor * t[l][c];
    }
    for (const DistanceVector &v : vectors) {
      std::vector<Interval> cur = transform(t, v.entries);
      if (!cur[k].non_negative())
        return std::nullopt;
    }
  }
  return t;
}

ScheduleChoice select_schedules(const ir::Loop &loop, const DependenceInfo &deps, IslContext &isl) {
  ScheduleChoice choice;
  const PolyhedralModel model(loop, isl.get());
  isl::ctx ctx = isl.get();
  isl.start_step();
  choice.candidates = plain_candidates(loop, deps, model, nullptr);

  if (choice.candidates.empty()) {
    std::vector<DistanceVector> vectors;
    for (const Dependence &d : deps.dependences)
      vectors.push_back(d.distance);
    // The smallest skew that works on the exact distances first: a box-derived skew can be far
    // larger than needed ([[1, 0], [299, 1]] where [[1, 0], [1, 1]] does, for C(i + j) += ...).
    std::optional<Matrix> t = find_exact_skew(deps, model, ctx, isl);
    const bool exact_skew = t.has_value();
    if (!t)
      t = find_skew(vectors, model.dims());
    if (t) {
      const isl::map tm = transform_map(*t, model, ctx);
      // Exact check of T itself: every transformed distance stays non-negative.
      if (none_violates(deps, any_negative(model), &tm)) {
        std::vector<Schedule> inner = plain_candidates(loop, deps, model, &tm);
        if (inner.empty() && model.dims() >= 2) {
          // Fully permutable (every transformed distance is non-negative): a blocked wavefront
          // is legal on any two transformed dims.
          for (int first = 0; first < model.dims(); ++first)
            for (int second = first + 1; second < model.dims(); ++second) {
              Schedule w;
              w.protocol = model::Protocol::Wavefront;
              w.dims = {first, second};
              inner.push_back(std::move(w));
            }
        }
        std::vector<std::vector<Interval>> transformed;
        for (const Dependence &d : deps.dependences)
          transformed.push_back(exact_skew ? transformed_box(d, tm, model.dims())
                                           : transform(*t, d.distance.entries));
        for (const Schedule *in : offered_inner(inner))
          choice.candidates.push_back(unimodular_candidate(*t, transformed, *in));
      }
    }
  }

  // The pragma's partition(...) clause picks among the legal candidates.
  if (loop.clauses.partition) {
    const std::vector<int> &wanted = *loop.clauses.partition;
    for (const Schedule &s : choice.candidates) {
      if (!s.unimodular() && s.dims == wanted) {
        choice.chosen = s;
        choice.reason = ChoiceReason::RequestedByPartition;
        return choice;
      }
    }
    choice.reason = ChoiceReason::PartitionNotLegal;
    choice.suggestions.push_back({Suggestion::Kind::RemovePartition, {}});
    return choice;
  }

  if (!choice.candidates.empty()) {
    choice.chosen = choice.candidates.front();
    choice.reason = choice.chosen->unimodular()                        ? ChoiceReason::Skewed
                    : choice.chosen->protocol == model::Protocol::OneD ? ChoiceReason::OneD
                                                                       : ChoiceReason::TwoD;
    return choice;
  }

  // None: which dependences block every schedule, and what would help. A compound update's
  // self-pair has several kinds on one distance: one entry holds them all.
  choice.reason = ChoiceReason::Blocked;
  for (int i = 0; i < static_cast<int>(deps.dependences.size()); ++i) {
    const Dependence &d = deps.dependences[static_cast<size_t>(i)];
    const auto same =
        std::find_if(choice.blocking.begin(), choice.blocking.end(), [&](const Blocking &b) {
          const Dependence &o = deps.dependences[static_cast<size_t>(b.dependence)];
          return o.array == d.array && o.distance == d.distance && o.refs.front() == d.refs.front();
        });
    if (same == choice.blocking.end())
      choice.blocking.push_back({{d.kind}, i});
    else
      same->kinds.push_back(d.kind);
  }
  const bool has_waw =
      std::any_of(deps.dependences.begin(), deps.dependences.end(),
                  [](const Dependence &d) { return d.kind == DependenceKind::WAW; });
  if (loop.clauses.ordered && has_waw)
    choice.suggestions.push_back({Suggestion::Kind::DropOrdered, {}});
  // relax(A) is suggested only for arrays whose dependences alone block a 1D/2D schedule, and
  // only for arrays it applies to: a dense array the loop does not iterate over (relax on the
  // iterated array is an error, and neither relax nor a Buffer takes a SparseArray).
  const auto relaxable = [&](int array) {
    return loop.arrays[static_cast<size_t>(array)].kind == ir::ArrayKind::Dense &&
           !(loop.space.kind == ir::IterationSpace::Kind::Array && array == loop.space.array);
  };
  std::vector<int> arrays;
  for (const Dependence &d : deps.dependences)
    if (relaxable(d.array) && std::find(arrays.begin(), arrays.end(), d.array) == arrays.end())
      arrays.push_back(d.array);
  bool single = false;
  for (int array : arrays) {
    DependenceInfo rest;
    for (const Dependence &d : deps.dependences)
      if (d.array != array)
        rest.dependences.push_back(d);
    if (!plain_candidates(loop, rest, model, nullptr).empty()) {
      choice.suggestions.push_back({Suggestion::Kind::RelaxArray, {array}});
      single = true;
    }
  }
  if (!single && !arrays.empty())
    choice.suggestions.push_back({Suggestion::Kind::RelaxSeveral, arrays});
  return choice;
}

} // namespace orion::deps

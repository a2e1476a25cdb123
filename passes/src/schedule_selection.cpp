#include "orion/passes/schedule.hpp"

#include "orion/passes/polyhedral_model.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace orion::deps {
namespace {

/// Exact check: no distance of any dependence satisfies `violation` (an isl constraint over
/// d0..dn-1), after mapping distances through `transform` when given.
bool none_violates(const DependenceInfo &deps, const PolyhedralModel &model, isl::ctx ctx,
                   const std::string &violation, const isl::map *transform = nullptr) {
  const isl::set bad(ctx, model.distance_set(violation));
  for (const Dependence &d : deps.dependences) {
    isl::set distances = transform ? d.exact.apply(*transform) : d.exact;
    if (!distances.intersect(bad).is_empty())
      return false;
  }
  return true;
}

std::string dim_name(const ir::Loop &loop, int d) { return loop.space.dims[d].name; }

isl::map transform_map(const Matrix &t, const PolyhedralModel &model, isl::ctx ctx) {
  std::string out = "S[";
  for (size_t r = 0; r < t.size(); ++r) {
    std::string row = "0";
    for (size_t c = 0; c < t[r].size(); ++c)
      if (t[r][c] != 0)
        row += fmt::format(" + {}*d{}", t[r][c], c);
    out += (r ? ", " : "") + row;
  }
  out += "]";
  return isl::map(ctx, fmt::format("{} -> {{ {} -> {} }}", model.param_list(),
                                   model.iteration_tuple("d"), out));
}

std::string matrix_text(const Matrix &m) {
  std::string out = "[";
  for (size_t r = 0; r < m.size(); ++r) {
    out += r ? ", [" : "[";
    for (size_t c = 0; c < m[r].size(); ++c)
      out += fmt::format("{}{}", c ? ", " : "", m[r][c]);
    out += "]";
  }
  return out + "]";
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
  std::stable_sort(candidates.begin(), candidates.end(),
                   [&](const Matrix &a, const Matrix &b) { return weight(a) < weight(b); });
  std::string negative = "false";
  for (int d = 0; d < dims; ++d)
    negative += fmt::format(" or d{} < 0", d);
  for (const Matrix &t : candidates) {
    // Each candidate is a step of its own: one that runs out of isl operations is skipped, and
    // the search does not use up the quota of the steps after it.
    isl.start_step();
    try {
      const isl::map tm = transform_map(t, model, ctx);
      if (none_violates(deps, model, ctx, negative, &tm))
        return t;
    } catch (const isl::exception_quota &) {
    }
  }
  isl.start_step();
  return std::nullopt;
}

/// 1D and 2D candidates on a (possibly transformed) space; `transform` maps distances into it.
std::vector<Schedule> plain_candidates(const ir::Loop &loop, const DependenceInfo &deps,
                                       const PolyhedralModel &model, isl::ctx ctx,
                                       const isl::map *transform,
                                       const std::vector<std::string> &names) {
  std::vector<Schedule> out;
  const int n = model.dims();
  for (int d = 0; d < n; ++d) {
    if (none_violates(deps, model, ctx, fmt::format("d{} != 0", d), transform)) {
      Schedule s;
      s.kind = ScheduleKind::OneD;
      s.dims = {d};
      s.description = fmt::format("1D: partition {} across workers; no dependence crosses "
                                  "partitions",
                                  names[d]);
      out.push_back(std::move(s));
    }
  }
  for (int sp = 0; sp < n; ++sp) {
    for (int t = 0; t < n; ++t) {
      if (sp == t)
        continue;
      Schedule s;
      s.kind = ScheduleKind::TwoD;
      s.dims = {sp, t};
      if (loop.clauses.ordered) {
        // Wavefront: a block only waits for the blocks before it in both dimensions.
        if (!none_violates(deps, model, ctx, fmt::format("d{} < 0 or d{} < 0", sp, t), transform))
          continue;
        s.wavefront = true;
        s.description = fmt::format("2D ordered: space {}, time {}, wavefront (each worker "
                                    "waits only for its predecessor)",
                                    names[sp], names[t]);
      } else {
        // Rotation: concurrent blocks differ in both dimensions.
        if (!none_violates(deps, model, ctx, fmt::format("d{} != 0 and d{} != 0", sp, t),
                           transform))
          continue;
        s.description =
            fmt::format("2D unordered: space {}, time {} (rotated)", names[sp], names[t]);
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
  if (first.kind != ScheduleKind::TwoD || !uses_time(first))
    return out;
  const auto space = std::find_if(inner.begin(), inner.end(), [&](const Schedule &s) {
    return s.kind == ScheduleKind::TwoD && s.wavefront == first.wavefront && !uses_time(s);
  });
  if (space != inner.end())
    out.push_back(&*space);
  return out;
}

Schedule unimodular_candidate(const Matrix &t,
                              const std::vector<std::vector<Interval>> &transformed,
                              const Schedule &inner, const std::vector<std::string> &names,
                              int dims) {
  Schedule s;
  s.kind = ScheduleKind::Unimodular;
  s.transform = t;
  s.transformed = transformed;
  s.inner = inner.kind;
  s.dims = inner.dims;
  s.wavefront = inner.wavefront;
  std::string original;
  for (int i = 0; i < dims; ++i)
    original += (i ? ", " : "") + names[i];
  s.description = fmt::format(
      "unimodular: T = {}, then {} on the transformed space (c = T·({}))", matrix_text(t),
      s.inner == ScheduleKind::OneD
          ? fmt::format("1D on c{}", s.dims[0])
          : fmt::format("2D {} on (c{}, c{})", s.wavefront ? "wavefront" : "rotation", s.dims[0],
                        s.dims[1]),
      original);
  return s;
}

} // namespace

std::string_view to_string(ScheduleKind kind) {
  switch (kind) {
  case ScheduleKind::OneD:
    return "1d";
  case ScheduleKind::TwoD:
    return "2d";
  case ScheduleKind::Unimodular:
    return "unimodular";
  case ScheduleKind::None:
    return "none";
  }
  return "?";
}

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
  const PolyhedralModel model(loop);
  isl::ctx ctx = isl.get();
  isl.start_step();
  std::vector<std::string> names;
  for (int d = 0; d < model.dims(); ++d)
    names.push_back(dim_name(loop, d));

  choice.candidates = plain_candidates(loop, deps, model, ctx, nullptr, names);

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
      std::vector<std::string> tnames;
      for (int d = 0; d < model.dims(); ++d)
        tnames.push_back(fmt::format("c{}", d));
      // Exact check of T itself: every transformed distance stays non-negative.
      std::string negative = "false";
      for (int d = 0; d < model.dims(); ++d)
        negative += fmt::format(" or d{} < 0", d);
      if (none_violates(deps, model, ctx, negative, &tm)) {
        std::vector<Schedule> inner = plain_candidates(loop, deps, model, ctx, &tm, tnames);
        if (inner.empty() && model.dims() >= 2) {
          // Fully permutable (every transformed distance is non-negative): a blocked wavefront
          // is legal on any two transformed dims.
          for (int first = 0; first < model.dims(); ++first)
            for (int second = first + 1; second < model.dims(); ++second) {
              Schedule w;
              w.kind = ScheduleKind::TwoD;
              w.dims = {first, second};
              w.wavefront = true;
              inner.push_back(std::move(w));
            }
        }
        std::vector<std::vector<Interval>> transformed;
        for (const Dependence &d : deps.dependences)
          transformed.push_back(exact_skew ? transformed_box(d, tm, model.dims())
                                           : transform(*t, d.distance.entries));
        for (const Schedule *in : offered_inner(inner))
          choice.candidates.push_back(
              unimodular_candidate(*t, transformed, *in, names, model.dims()));
      }
    }
  }

  // The pragma's partition(...) clause picks among the legal candidates.
  if (loop.clauses.partition) {
    const std::vector<int> &wanted = *loop.clauses.partition;
    for (const Schedule &s : choice.candidates) {
      if (s.kind != ScheduleKind::Unimodular && s.dims == wanted) {
        choice.chosen = s;
        choice.reason = "requested by partition(...)";
        return choice;
      }
    }
    std::string dims;
    for (int d : wanted)
      dims += (dims.empty() ? "" : ", ") + names[d];
    choice.reason = fmt::format("partition({}) is not legal for this loop", dims);
    choice.suggestions.push_back("remove partition(...) to let orionc choose a legal schedule");
    return choice;
  }

  if (!choice.candidates.empty()) {
    choice.chosen = choice.candidates.front();
    switch (choice.chosen.kind) {
    case ScheduleKind::OneD:
      choice.reason = "1D needs no communication during the loop; preferred over 2D";
      break;
    case ScheduleKind::TwoD:
      choice.reason = choice.candidates.size() > 1
                          ? "no 1D schedule is legal; the first legal 2D pair is proposed (which "
                            "candidate moves fewer bytes depends on array sizes known only at run "
                            "time: see each candidate's cost)"
                          : "no 1D schedule is legal; this is the only legal 2D pair";
      break;
    case ScheduleKind::Unimodular:
      choice.reason = "no 1D or 2D schedule is legal on the original space; the skewed space "
                      "carries every dependence forward";
      if (choice.candidates.size() > 1)
        choice.reason += "; on the real extents the runtime takes the cheapest candidate that "
                         "keeps every worker busy (a time wavefront over fewer steps than workers "
                         "does not)";
      break;
    case ScheduleKind::None:
      break;
    }
    return choice;
  }

  // None: say which dependences block 1D and 2D (the report lists them all), and what helps.
  // A compound update's self-pair has several kinds on one distance: one entry lists them all.
  struct Blocking {
    std::string kinds;
    const Dependence *dependence;
  };
  std::vector<Blocking> listed;
  for (const Dependence &d : deps.dependences) {
    const auto same = std::find_if(listed.begin(), listed.end(), [&](const Blocking &b) {
      return b.dependence->array == d.array && b.dependence->distance == d.distance &&
             b.dependence->refs.front() == d.refs.front();
    });
    if (same == listed.end())
      listed.push_back({std::string(to_string(d.kind)), &d});
    else
      same->kinds += fmt::format("/{}", to_string(d.kind));
  }
  constexpr size_t kListed = 3;
  std::string blocking;
  for (size_t i = 0; i < listed.size() && i < kListed; ++i) {
    const Dependence &d = *listed[i].dependence;
    blocking += fmt::format("{}{} {} on '{}' (refs #{}->#{})", i ? "; " : "", listed[i].kinds,
                            to_string(d.distance), loop.arrays[d.array].name, d.refs.front().first,
                            d.refs.front().second);
  }
  if (listed.size() > kListed)
    blocking += fmt::format("; and {} more", listed.size() - kListed);
  choice.reason =
      fmt::format("no 1D, 2D or unimodular schedule keeps these dependences: {}", blocking);
  const bool has_waw =
      std::any_of(deps.dependences.begin(), deps.dependences.end(),
                  [](const Dependence &d) { return d.kind == DependenceKind::WAW; });
  if (loop.clauses.ordered && has_waw)
    choice.suggestions.push_back("drop 'ordered' if any serial order of the iterations is "
                                 "acceptable (write/write conflicts are then ignored)");
  // Suggest relax(A) only for arrays whose dependences alone block a 1D/2D schedule.
  std::vector<int> arrays;
  for (const Dependence &d : deps.dependences)
    if (std::find(arrays.begin(), arrays.end(), d.array) == arrays.end())
      arrays.push_back(d.array);
  std::vector<std::string> blockers;
  for (int array : arrays) {
    DependenceInfo rest;
    for (const Dependence &d : deps.dependences)
      if (d.array != array)
        rest.dependences.push_back(d);
    if (!plain_candidates(loop, rest, model, ctx, nullptr, names).empty())
      blockers.push_back(loop.arrays[array].name);
  }
  for (const std::string &name : blockers)
    choice.suggestions.push_back(fmt::format("relax({0}) if stale values of '{0}' are acceptable, "
                                             "or write it through an orion::Buffer",
                                             name));
  if (blockers.empty() && !arrays.empty()) {
    std::string all;
    for (int array : arrays)
      all += (all.empty() ? "" : ", ") + loop.arrays[array].name;
    choice.suggestions.push_back(fmt::format(
        "no single array's dependences block this loop alone; relax({}) or Buffers for several of "
        "them would be needed",
        all));
  }
  return choice;
}

} // namespace orion::deps

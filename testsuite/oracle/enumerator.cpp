#include "enumerator.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>
#include <set>

namespace orion::oracle {
namespace {

bool reads(ir::AccessKind k) { return k == ir::AccessKind::Read || k == ir::AccessKind::ReadWrite; }
bool writes(ir::AccessKind k) {
  return k == ir::AccessKind::Write || k == ir::AccessKind::ReadWrite;
}

/// What an inner-loop index stands for while one reference's touches are generated.
struct IndexValue {
  enum class Kind {
    Unset,    ///< not bound by this reference (a bound mentioning it is unusable)
    Concrete, ///< one value of an enumerated range
    From,     ///< every value >= `value` (non-affine upper bound)
    UpTo,     ///< every value <= `value` (non-affine lower bound)
    Any,      ///< no usable bound on either side
  };
  Kind kind = Kind::Unset;
  int64_t value = 0;
};

/// One touch: reference `ref` at iteration `iter` covers the element pattern
/// `coords[offset, offset + rank)` of the array's touch list.
struct Touch {
  int32_t iter;
  int32_t ref; ///< position in Loop::refs
  uint32_t offset;
  uint32_t rank;
  bool point; ///< every coordinate is a Point
};

struct ArrayTouches {
  std::vector<Touch> touches;
  std::vector<Coord> coords;
};

int64_t floor_mod(int64_t a, int64_t m) {
  const int64_t r = a % m;
  return r < 0 ? r + m : r;
}

class Enumerator {
public:
  Enumerator(const ir::Loop &loop, const ParameterValues &parameters, const Limits &limits)
      : loop_(loop), parameters_(parameters), limits_(limits), dims_(loop.space.dims.size()) {}

  Enumeration run();

private:
  bool resolve_parameters();
  bool check_domain_bounds();
  std::optional<int64_t> eval(const ir::AffineExpr &e, const int64_t *iteration,
                              const std::vector<IndexValue> &inner) const;
  std::pair<int64_t, int64_t> dim_range(size_t d, const int64_t *prefix) const;
  void count_domain(size_t d, std::vector<int64_t> &point, int64_t cap);
  void list_domain(size_t d, std::vector<int64_t> &point);
  bool collect_touches();
  void ref_touches(size_t ref, int32_t iter);
  void touches_from(const ir::ArrayRef &ref, const std::vector<int> &order, size_t pos,
                    const int64_t *iteration, std::vector<IndexValue> &inner,
                    std::vector<Coord> &out);
  Coord subscript_coord(const ir::ArrayRef &ref, const ir::Subscript &s, const int64_t *iteration,
                        const std::vector<IndexValue> &inner);
  void pair_touches(int array, ArrayTouches &at);
  void record(int array, const Touch &x, const Touch &y);
  void approximate(std::string why) { approximations_.insert(std::move(why)); }

  const ir::Loop &loop_;
  const ParameterValues &parameters_;
  const Limits &limits_;
  const size_t dims_;
  Enumeration result_;
  std::vector<int64_t> parameter_values_;
  std::vector<int64_t> iterations_; ///< flat, dims_ entries per iteration, in lexicographic order
  int64_t counted_ = 0;
  bool count_stopped_ = false;
  int64_t outer_steps_ = 0;
  std::vector<std::vector<int>> inner_order_;              ///< per ref position
  std::vector<std::vector<std::vector<DepKind>>> kind_of_; ///< [source ref][sink ref]
  std::map<int, ArrayTouches> by_array_;
  std::vector<std::vector<Coord>> scratch_;
  std::set<std::string> approximations_;
  std::set<std::string> notes_;
  Distance distance_;
  int64_t leaves_ = 0;
};

bool Enumerator::resolve_parameters() {
  for (const ir::Parameter &p : loop_.parameters) {
    auto it = parameters_.find(p.name);
    if (it == parameters_.end()) {
      result_.status = Enumeration::Status::Unsupported;
      result_.reason = fmt::format("no value for parameter '{}'", p.name);
      return false;
    }
    parameter_values_.push_back(it->second);
  }
  return true;
}

bool Enumerator::check_domain_bounds() {
  for (size_t d = 0; d < dims_; ++d) {
    const ir::IterationDim &dim = loop_.space.dims[d];
    for (const ir::Bound *b : {&dim.lower, &dim.upper}) {
      bool usable = b->expr.has_value();
      if (usable)
        for (const ir::AffineTerm &t : b->expr->terms())
          if (t.kind == ir::SymbolKind::InnerIndex ||
              (t.kind == ir::SymbolKind::IterationIndex && t.index >= static_cast<int>(d)))
            usable = false;
      if (!usable) {
        result_.status = Enumeration::Status::Unsupported;
        result_.reason = fmt::format("bound '{}' of dimension {} ({}) cannot be enumerated",
                                     b->text, d, dim.name);
        return false;
      }
    }
  }
  return true;
}

std::optional<int64_t> Enumerator::eval(const ir::AffineExpr &e, const int64_t *iteration,
                                        const std::vector<IndexValue> &inner) const {
  int64_t v = e.constant_term();
  for (const ir::AffineTerm &t : e.terms()) {
    switch (t.kind) {
    case ir::SymbolKind::IterationIndex:
      v += t.coefficient * iteration[t.index];
      break;
    case ir::SymbolKind::Parameter:
      v += t.coefficient * parameter_values_.at(t.index);
      break;
    case ir::SymbolKind::InnerIndex:
      if (t.index < 0 || t.index >= static_cast<int>(inner.size()) ||
          inner[t.index].kind != IndexValue::Kind::Concrete)
        return std::nullopt;
      v += t.coefficient * inner[t.index].value;
      break;
    }
  }
  return v;
}

std::pair<int64_t, int64_t> Enumerator::dim_range(size_t d, const int64_t *prefix) const {
  static const std::vector<IndexValue> no_inner;
  const ir::IterationDim &dim = loop_.space.dims[d];
  return {*eval(*dim.lower.expr, prefix, no_inner), *eval(*dim.upper.expr, prefix, no_inner)};
}

// Counting first (without storing) lets a too-large domain be reported with its size cheaply.
void Enumerator::count_domain(size_t d, std::vector<int64_t> &point, int64_t cap) {
  if (count_stopped_)
    return;
  auto [lo, hi] = dim_range(d, point.data());
  if (d + 1 == dims_) {
    counted_ += std::max<int64_t>(0, hi - lo);
    if (counted_ > cap)
      count_stopped_ = true;
    return;
  }
  for (int64_t v = lo; v < hi && !count_stopped_; ++v) {
    if (++outer_steps_ > cap) {
      count_stopped_ = true;
      return;
    }
    point[d] = v;
    count_domain(d + 1, point, cap);
  }
}

void Enumerator::list_domain(size_t d, std::vector<int64_t> &point) {
  auto [lo, hi] = dim_range(d, point.data());
  for (int64_t v = lo; v < hi; ++v) {
    point[d] = v;
    if (d + 1 == dims_)
      iterations_.insert(iterations_.end(), point.begin(), point.end());
    else
      list_domain(d + 1, point);
  }
}

Coord Enumerator::subscript_coord(const ir::ArrayRef &ref, const ir::Subscript &s,
                                  const int64_t *iteration, const std::vector<IndexValue> &inner) {
  if (s.kind != ir::SubscriptKind::Affine)
    return Coord::any();
  int64_t base = s.expr.constant_term();
  std::vector<std::pair<int64_t, IndexValue>> symbolic;
  for (const ir::AffineTerm &t : s.expr.terms()) {
    switch (t.kind) {
    case ir::SymbolKind::IterationIndex:
      base += t.coefficient * iteration[t.index];
      break;
    case ir::SymbolKind::Parameter:
      base += t.coefficient * parameter_values_.at(t.index);
      break;
    case ir::SymbolKind::InnerIndex: {
      IndexValue v;
      if (t.index >= 0 && t.index < static_cast<int>(inner.size()))
        v = inner[t.index];
      if (v.kind == IndexValue::Kind::Concrete)
        base += t.coefficient * v.value;
      else
        symbolic.emplace_back(t.coefficient, v);
      break;
    }
    }
  }
  if (symbolic.empty())
    return Coord::point(base);
  if (symbolic.size() == 1) {
    auto [c, v] = symbolic.front();
    if (v.kind == IndexValue::Kind::From)
      return Coord::ray(base + c * v.value, c);
    if (v.kind == IndexValue::Kind::UpTo)
      return Coord::ray(base + c * v.value, -c);
    if (v.kind == IndexValue::Kind::Any && (c == 1 || c == -1))
      return Coord::any();
  }
  approximate(fmt::format("subscript '{}' of ref #{} ({}) is treated as any index", s.text, ref.id,
                          ref.text));
  return Coord::any();
}

void Enumerator::touches_from(const ir::ArrayRef &ref, const std::vector<int> &order, size_t pos,
                              const int64_t *iteration, std::vector<IndexValue> &inner,
                              std::vector<Coord> &out) {
  if (pos == order.size()) {
    // The reference does not run where a guard is false. A guard on an index without a concrete
    // value (an inner index with a missing bound) is taken as true.
    for (const ir::Guard &g : ref.guards) {
      const std::optional<int64_t> v = eval(g.expr, iteration, inner);
      if (!v)
        approximate(fmt::format("guard '{}' of ref #{} ({}) depends on an index without a usable "
                                "bound; it is taken as true",
                                g.text, ref.id, ref.text));
      else if (g.equality ? *v != 0 : *v < 0)
        return;
    }
    ++leaves_;
    const size_t start = out.size();
    for (const ir::Subscript &s : ref.subscripts)
      out.push_back(subscript_coord(ref, s, iteration, inner));
    // A Ray keeps each subscript's own range but forgets that two subscripts move together.
    for (size_t a = 0; a < ref.subscripts.size(); ++a) {
      if (out[start + a].kind != Coord::Kind::Ray)
        continue;
      for (size_t b = a + 1; b < ref.subscripts.size(); ++b) {
        const ir::Subscript &sa = ref.subscripts[a], &sb = ref.subscripts[b];
        if (out[start + b].kind == Coord::Kind::Point || sb.kind != ir::SubscriptKind::Affine)
          continue;
        for (const ir::AffineTerm &t : sa.expr.terms())
          if (t.kind == ir::SymbolKind::InnerIndex &&
              sb.expr.coefficient(ir::SymbolKind::InnerIndex, t.index) != 0)
            approximate(fmt::format("ref #{} ({}) uses one unbounded inner index in two "
                                    "subscripts; their correlation is dropped",
                                    ref.id, ref.text));
      }
    }
    return;
  }
  const int k = order[pos];
  if (k < 0 || k >= static_cast<int>(loop_.inner_loops.size())) {
    touches_from(ref, order, pos + 1, iteration, inner, out);
    return;
  }
  const ir::InnerLoop &l = loop_.inner_loops[k];
  auto side = [&](const ir::Bound &b) -> std::optional<int64_t> {
    if (!b.expr)
      return std::nullopt;
    auto v = eval(*b.expr, iteration, inner);
    if (!v)
      approximate(fmt::format("bound '{}' of inner loop {} depends on an index without a usable "
                              "bound; that side is treated as unbounded",
                              b.text, l.var));
    return v;
  };
  const std::optional<int64_t> lo = side(l.lower), hi = side(l.upper);
  const IndexValue saved = inner[k];
  if (lo && hi) {
    for (int64_t v = *lo; v < *hi; ++v) {
      inner[k] = {IndexValue::Kind::Concrete, v};
      touches_from(ref, order, pos + 1, iteration, inner, out);
      if (leaves_ > limits_.max_touches)
        break; // the caller reports the overflow
    }
  } else if (lo) {
    inner[k] = {IndexValue::Kind::From, *lo};
    touches_from(ref, order, pos + 1, iteration, inner, out);
  } else if (hi) {
    inner[k] = {IndexValue::Kind::UpTo, *hi - 1};
    touches_from(ref, order, pos + 1, iteration, inner, out);
  } else {
    inner[k] = {IndexValue::Kind::Any, 0};
    touches_from(ref, order, pos + 1, iteration, inner, out);
  }
  inner[k] = saved;
}

void Enumerator::ref_touches(size_t r, int32_t iter) {
  const ir::ArrayRef &ref = loop_.refs[r];
  const int64_t *iteration = iterations_.data() + iter * dims_;
  std::vector<IndexValue> inner(loop_.inner_loops.size());
  std::vector<Coord> flat;
  leaves_ = 0;
  touches_from(ref, inner_order_[r], 0, iteration, inner, flat);
  if (leaves_ == 0)
    return; // an empty inner loop: the reference does not run at this iteration
  const size_t rank = ref.subscripts.size();
  // One entry per distinct element pattern: inner loops often revisit the same element.
  scratch_.clear();
  if (rank == 0) {
    scratch_.emplace_back();
  } else {
    for (size_t o = 0; o < flat.size(); o += rank)
      scratch_.emplace_back(flat.begin() + o, flat.begin() + o + rank);
  }
  std::sort(scratch_.begin(), scratch_.end());
  scratch_.erase(std::unique(scratch_.begin(), scratch_.end()), scratch_.end());
  ArrayTouches &at = by_array_[ref.array];
  for (const std::vector<Coord> &e : scratch_) {
    const bool point = std::all_of(e.begin(), e.end(),
                                   [](const Coord &c) { return c.kind == Coord::Kind::Point; });
    at.touches.push_back({iter, static_cast<int32_t>(r), static_cast<uint32_t>(at.coords.size()),
                          static_cast<uint32_t>(rank), point});
    at.coords.insert(at.coords.end(), e.begin(), e.end());
  }
  result_.truth.touches += static_cast<int64_t>(scratch_.size());
}

bool Enumerator::collect_touches() {
  std::set<int> written;
  for (const ir::ArrayRef &ref : loop_.refs)
    if (is_analyzed_ref(loop_, ref) && writes(ref.access))
      written.insert(ref.array);
  std::vector<size_t> active;
  for (size_t r = 0; r < loop_.refs.size(); ++r) {
    const ir::ArrayRef &ref = loop_.refs[r];
    // Arrays nobody writes have no dependences: skipping them keeps read-mostly loops cheap.
    if (is_analyzed_ref(loop_, ref) && written.count(ref.array))
      active.push_back(r);
  }
  const int32_t n = static_cast<int32_t>(iterations_.size() / std::max<size_t>(dims_, 1));
  for (int32_t it = 0; it < n; ++it) {
    for (size_t r : active) {
      ref_touches(r, it);
      if (result_.truth.touches > limits_.max_touches || leaves_ > limits_.max_touches) {
        result_.status = Enumeration::Status::TooLarge;
        result_.reason = fmt::format("more than {} touched elements", limits_.max_touches);
        return false;
      }
    }
  }
  return true;
}

bool may_overlap_all(const ArrayTouches &at, const Touch &x, const Touch &y) {
  if (x.rank != y.rank)
    return false;
  for (uint32_t d = 0; d < x.rank; ++d)
    if (!may_overlap(at.coords[x.offset + d], at.coords[y.offset + d]))
      return false;
  return true;
}

void Enumerator::record(int array, const Touch &x, const Touch &y) {
  const Touch &source = x.iter < y.iter ? x : y;
  const Touch &sink = x.iter < y.iter ? y : x;
  const std::vector<DepKind> &kinds = kind_of_[source.ref][sink.ref];
  if (kinds.empty())
    return;
  const int64_t *p = iterations_.data() + source.iter * dims_;
  const int64_t *q = iterations_.data() + sink.iter * dims_;
  int level = -1;
  for (size_t d = 0; d < dims_; ++d) {
    distance_[d] = q[d] - p[d];
    if (level < 0 && distance_[d] != 0)
      level = static_cast<int>(d);
  }
  for (const DepKind kind : kinds) {
    const PairKey key{kind, array, level, loop_.refs[source.ref].id, loop_.refs[sink.ref].id};
    DistanceSet &set = result_.truth.distances[key];
    if (!set.count(distance_))
      set.insert(distance_);
  }
}

void Enumerator::pair_touches(int array, ArrayTouches &at) {
  const std::vector<Touch> &ts = at.touches;
  auto coords = [&](const Touch &t) { return at.coords.begin() + t.offset; };

  // Point touches: equal elements end up adjacent, ordered by iteration inside each group.
  std::vector<int32_t> points;
  for (size_t i = 0; i < ts.size(); ++i)
    if (ts[i].point)
      points.push_back(static_cast<int32_t>(i));
  auto element_less = [&](int32_t a, int32_t b) {
    const Touch &x = ts[a], &y = ts[b];
    if (x.rank != y.rank)
      return x.rank < y.rank;
    for (uint32_t d = 0; d < x.rank; ++d)
      if (at.coords[x.offset + d].value != at.coords[y.offset + d].value)
        return at.coords[x.offset + d].value < at.coords[y.offset + d].value;
    return false;
  };
  std::stable_sort(points.begin(), points.end(), element_less);
  for (size_t g = 0; g < points.size();) {
    size_t end = g + 1;
    while (end < points.size() && !element_less(points[g], points[end]))
      ++end;
    bool any_write = false;
    for (size_t i = g; i < end; ++i)
      any_write = any_write || writes(loop_.refs[ts[points[i]].ref].access);
    if (any_write)
      for (size_t i = g; i < end; ++i)
        for (size_t j = i + 1; j < end; ++j)
          if (ts[points[i]].iter != ts[points[j]].iter)
            record(array, ts[points[i]], ts[points[j]]);
    g = end;
  }

  // Touches with a non-point coordinate: find candidates through a coordinate they fix, if any.
  std::vector<int32_t> patterns;
  uint32_t max_rank = 0;
  for (size_t i = 0; i < ts.size(); ++i) {
    if (!ts[i].point)
      patterns.push_back(static_cast<int32_t>(i));
    max_rank = std::max(max_rank, ts[i].rank);
  }
  if (patterns.empty())
    return;
  std::vector<std::vector<std::pair<int64_t, int32_t>>> fixed_at(max_rank);
  std::vector<std::vector<int32_t>> free_at(max_rank);
  for (size_t i = 0; i < ts.size(); ++i)
    for (uint32_t d = 0; d < ts[i].rank; ++d) {
      const Coord &c = coords(ts[i])[d];
      if (c.kind == Coord::Kind::Point)
        fixed_at[d].emplace_back(c.value, static_cast<int32_t>(i));
      else
        free_at[d].push_back(static_cast<int32_t>(i));
    }
  for (auto &v : fixed_at)
    std::sort(v.begin(), v.end());

  auto consider = [&](const Touch &p, int32_t other) {
    const Touch &t = ts[other];
    if (t.iter != p.iter && may_overlap_all(at, p, t))
      record(array, p, t);
  };
  for (int32_t pi : patterns) {
    const Touch &p = ts[pi];
    int best = -1;
    size_t best_size = 0;
    std::pair<size_t, size_t> best_range;
    for (uint32_t d = 0; d < p.rank; ++d) {
      const Coord &c = coords(p)[d];
      if (c.kind != Coord::Kind::Point)
        continue;
      auto lo = std::lower_bound(fixed_at[d].begin(), fixed_at[d].end(),
                                 std::pair<int64_t, int32_t>(c.value, INT32_MIN));
      auto hi = std::upper_bound(fixed_at[d].begin(), fixed_at[d].end(),
                                 std::pair<int64_t, int32_t>(c.value, INT32_MAX));
      const size_t size = static_cast<size_t>(hi - lo) + free_at[d].size();
      if (best < 0 || size < best_size) {
        best = static_cast<int>(d);
        best_size = size;
        best_range = {static_cast<size_t>(lo - fixed_at[d].begin()),
                      static_cast<size_t>(hi - fixed_at[d].begin())};
      }
    }
    if (best < 0) {
      for (size_t i = 0; i < ts.size(); ++i)
        consider(p, static_cast<int32_t>(i));
      continue;
    }
    for (size_t i = best_range.first; i < best_range.second; ++i)
      consider(p, fixed_at[best][i].second);
    for (int32_t other : free_at[best])
      consider(p, other);
  }
}

Enumeration Enumerator::run() {
  if (!resolve_parameters() || !check_domain_bounds())
    return std::move(result_);

  const int64_t cap = std::max<int64_t>(limits_.max_iterations, 0);
  // Counting goes well past the limit so that a skipped loop is reported with its real size.
  const int64_t count_cap = std::max<int64_t>(cap * 1000, 1'000'000);
  std::vector<int64_t> point(dims_, 0);
  if (dims_ == 0) {
    counted_ = 1;
  } else {
    count_domain(0, point, count_cap);
  }
  result_.iterations = counted_;
  result_.iterations_exact = !count_stopped_;
  result_.truth.iterations = counted_;
  if (count_stopped_ || counted_ > cap) {
    result_.status = Enumeration::Status::TooLarge;
    result_.reason = fmt::format("{}{} iterations (limit {})", count_stopped_ ? "more than " : "",
                                 counted_, cap);
    return std::move(result_);
  }
  if (dims_ == 0)
    iterations_.clear();
  else
    list_domain(0, point);

  for (const ir::ArrayRef &ref : loop_.refs)
    inner_order_.push_back(inner_loops_of(ref));
  kind_of_.assign(loop_.refs.size(), std::vector<std::vector<DepKind>>(loop_.refs.size()));
  for (size_t a = 0; a < loop_.refs.size(); ++a)
    for (size_t b = 0; b < loop_.refs.size(); ++b)
      if (loop_.refs[a].array == loop_.refs[b].array && is_analyzed_ref(loop_, loop_.refs[a]) &&
          is_analyzed_ref(loop_, loop_.refs[b]))
        kind_of_[a][b] =
            dependence_kinds(loop_.refs[a].access, loop_.refs[b].access, loop_.clauses.ordered);

  for (size_t a = 0; a < loop_.refs.size(); ++a)
    for (size_t b = a + 1; b < loop_.refs.size(); ++b) {
      const ir::ArrayRef &x = loop_.refs[a], &y = loop_.refs[b];
      if (x.array == y.array && x.subscripts.size() != y.subscripts.size() &&
          is_analyzed_ref(loop_, x) && is_analyzed_ref(loop_, y))
        notes_.insert(fmt::format("refs #{} and #{} of '{}' have {} and {} subscripts; they are "
                                  "taken never to conflict",
                                  x.id, y.id, loop_.arrays[x.array].name, x.subscripts.size(),
                                  y.subscripts.size()));
    }

  if (dims_ > 0 && collect_touches()) {
    distance_.assign(dims_, 0);
    for (auto &[array, at] : by_array_)
      pair_touches(array, at);
  }
  result_.truth.approximations.assign(approximations_.begin(), approximations_.end());
  result_.truth.notes.assign(notes_.begin(), notes_.end());
  return std::move(result_);
}

} // namespace

std::string_view to_string(DepKind kind) {
  switch (kind) {
  case DepKind::RAW:
    return "RAW";
  case DepKind::WAR:
    return "WAR";
  case DepKind::WAW:
    return "WAW";
  }
  return "?";
}

std::vector<DepKind> dependence_kinds(ir::AccessKind source, ir::AccessKind sink, bool ordered) {
  std::vector<DepKind> kinds;
  if (writes(source) && reads(sink))
    kinds.push_back(DepKind::RAW);
  if (reads(source) && writes(sink))
    kinds.push_back(DepKind::WAR);
  if (writes(source) && writes(sink) && ordered)
    kinds.push_back(DepKind::WAW);
  return kinds;
}

bool is_analyzed_array(const ir::Loop &loop, int array) {
  if (array < 0 || array >= static_cast<int>(loop.arrays.size()))
    return false;
  const ir::ArrayDecl &decl = loop.arrays[array];
  if (decl.kind == ir::ArrayKind::Accumulator || decl.kind == ir::ArrayKind::Buffer)
    return false;
  const auto &relax = loop.clauses.relax;
  return std::find(relax.begin(), relax.end(), decl.name) == relax.end();
}

bool is_analyzed_ref(const ir::Loop &loop, const ir::ArrayRef &ref) {
  return ref.access != ir::AccessKind::Reduce && is_analyzed_array(loop, ref.array);
}

std::vector<int> inner_loops_of(const ir::ArrayRef &ref) { return ir::inner_indices_of(ref); }

bool exactness_applies(const ir::Loop &loop) {
  for (const ir::IterationDim &d : loop.space.dims)
    if (!d.lower.expr || !d.upper.expr)
      return false;
  for (const ir::ArrayRef &ref : loop.refs) {
    if (!is_analyzed_ref(loop, ref))
      continue;
    for (const ir::Subscript &s : ref.subscripts)
      if (s.kind != ir::SubscriptKind::Affine)
        return false;
    for (int k : inner_loops_of(ref)) {
      if (k < 0 || k >= static_cast<int>(loop.inner_loops.size()))
        return false;
      if (!loop.inner_loops[k].lower.expr || !loop.inner_loops[k].upper.expr)
        return false;
    }
  }
  return true;
}

bool may_overlap(const Coord &a, const Coord &b) {
  using K = Coord::Kind;
  if (a.kind == K::Any || b.kind == K::Any)
    return true;
  if (a.kind == K::Point && b.kind == K::Point)
    return a.value == b.value;
  if (a.kind == K::Point || b.kind == K::Point) {
    const Coord &p = a.kind == K::Point ? a : b;
    const Coord &r = a.kind == K::Point ? b : a;
    const int64_t offset = p.value - r.value;
    return offset % r.step == 0 && offset / r.step >= 0;
  }
  // Two rays: a common value must satisfy both congruences, and lie on both rays.
  const int64_t g = std::gcd(a.step, b.step);
  if ((b.value - a.value) % g != 0)
    return false;
  if ((a.step > 0) == (b.step > 0))
    return true; // both run to the same infinity: the congruence has solutions far enough out
  const Coord &up = a.step > 0 ? a : b;
  const Coord &down = a.step > 0 ? b : a;
  const int64_t period = std::lcm(up.step, -down.step);
  for (int64_t v = up.value; v <= down.value && v - up.value < period; v += up.step)
    if (floor_mod(down.value - v, -down.step) == 0)
      return true;
  return false;
}

size_t DistanceHash::operator()(const Distance &d) const {
  size_t h = d.size();
  for (int64_t v : d)
    h = h * 1000003u ^ std::hash<int64_t>()(v);
  return h;
}

Enumeration enumerate_dependences(const ir::Loop &loop, const ParameterValues &parameters,
                                  const Limits &limits) {
  return Enumerator(loop, parameters, limits).run();
}

Box bounding_box(const DistanceSet &set) {
  Box box;
  for (const Distance &d : set) {
    if (box.lo.empty()) {
      box.lo = d;
      box.hi = d;
      continue;
    }
    for (size_t i = 0; i < d.size(); ++i) {
      box.lo[i] = std::min(box.lo[i], d[i]);
      box.hi[i] = std::max(box.hi[i], d[i]);
    }
  }
  return box;
}

void extend(Box &box, const Box &other) {
  if (box.lo.empty()) {
    box = other;
    return;
  }
  for (size_t i = 0; i < box.lo.size(); ++i) {
    box.lo[i] = std::min(box.lo[i], other.lo[i]);
    box.hi[i] = std::max(box.hi[i], other.hi[i]);
  }
}

std::string to_string(const Distance &d) {
  std::string out = "(";
  for (size_t i = 0; i < d.size(); ++i)
    out += fmt::format("{}{}", i ? ", " : "", d[i]);
  return out + ")";
}

std::string to_string(const Box &box) {
  std::string out = "(";
  for (size_t i = 0; i < box.lo.size(); ++i)
    out += fmt::format("{}[{},{}]", i ? ", " : "", box.lo[i], box.hi[i]);
  return out + ")";
}

} // namespace orion::oracle

#include "checker.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <tuple>

namespace orion::oracle {
namespace {

bool contains(const deps::Interval &i, int64_t v) {
  return (!i.lo || *i.lo <= v) && (!i.hi || v <= *i.hi);
}

bool contains(const deps::DistanceVector &vector, const Distance &d) {
  if (vector.entries.size() != d.size())
    return false;
  for (size_t i = 0; i < d.size(); ++i)
    if (!contains(vector.entries[i], d[i]))
      return false;
  return true;
}

bool equals(const deps::DistanceVector &vector, const Box &box) {
  if (vector.entries.size() != box.lo.size())
    return false;
  for (size_t i = 0; i < box.lo.size(); ++i)
    if (vector.entries[i].lo != box.lo[i] || vector.entries[i].hi != box.hi[i])
      return false;
  return true;
}

/// The interval hull of vectors, for comparing a group of reported vectors with the true hull.
deps::DistanceVector hull(const std::vector<const deps::Dependence *> &group) {
  deps::DistanceVector h = group.front()->distance;
  for (const deps::Dependence *d : group) {
    for (size_t i = 0; i < h.entries.size() && i < d->distance.entries.size(); ++i) {
      deps::Interval &e = h.entries[i];
      const deps::Interval &o = d->distance.entries[i];
      e.lo = e.lo && o.lo ? std::optional(std::min(*e.lo, *o.lo)) : std::nullopt;
      e.hi = e.hi && o.hi ? std::optional(std::max(*e.hi, *o.hi)) : std::nullopt;
    }
  }
  return h;
}

std::string pair_text(int source, int sink) { return fmt::format("#{}->#{}", source, sink); }

std::string vectors_text(const std::vector<const deps::Dependence *> &group) {
  if (group.empty())
    return "none";
  std::string out;
  for (const deps::Dependence *d : group) {
    std::string refs;
    for (auto [a, b] : d->refs)
      refs += (refs.empty() ? "" : ",") + pair_text(a, b);
    out += fmt::format("{}{} refs {}", out.empty() ? "" : "; ", deps::to_string(d->distance), refs);
  }
  return out;
}

using GroupKey = std::tuple<DepKind, int, int>; // kind, array, level

bool lists(const deps::Dependence &d, int source, int sink) {
  return std::find(d.refs.begin(), d.refs.end(), std::pair(source, sink)) != d.refs.end();
}

} // namespace

std::string_view to_string(Exactness e) {
  switch (e) {
  case Exactness::Exact:
    return "exact";
  case Exactness::Inexact:
    return "inexact";
  case Exactness::NotApplicable:
    return "exactness n/a";
  }
  return "?";
}

deps::DependenceKind to_deps_kind(DepKind kind) {
  switch (kind) {
  case DepKind::RAW:
    return deps::DependenceKind::RAW;
  case DepKind::WAR:
    return deps::DependenceKind::WAR;
  case DepKind::WAW:
    return deps::DependenceKind::WAW;
  }
  return deps::DependenceKind::RAW;
}

CheckResult check_dependences(const ir::Loop &loop, const Truth &truth,
                              const deps::DependenceInfo &reported, bool exact_applies) {
  CheckResult result;
  auto array_name = [&](int a) {
    return a >= 0 && a < static_cast<int>(loop.arrays.size()) ? loop.arrays[a].name
                                                              : fmt::format("<array {}>", a);
  };
  std::map<GroupKey, std::vector<const deps::Dependence *>> reported_groups;
  for (const deps::Dependence &d : reported.dependences) {
    DepKind kind = DepKind::RAW;
    for (DepKind k : {DepKind::RAW, DepKind::WAR, DepKind::WAW})
      if (to_deps_kind(k) == d.kind)
        kind = k;
    reported_groups[{kind, d.array, d.distance.level}].push_back(&d);
  }
  auto group_of = [&](const PairKey &key) -> const std::vector<const deps::Dependence *> & {
    static const std::vector<const deps::Dependence *> none;
    auto it = reported_groups.find({key.kind, key.array, key.level});
    return it == reported_groups.end() ? none : it->second;
  };

  // Soundness, one line per pair key: the smallest offending distance and how many there are.
  for (const auto &[key, set] : truth.distances) {
    const auto &group = group_of(key);
    std::vector<Distance> missing;
    bool misattributed = false;
    for (const Distance &d : set) {
      bool inside = false, inside_listing = false;
      for (const deps::Dependence *r : group) {
        if (contains(r->distance, d)) {
          inside = true;
          inside_listing = inside_listing || lists(*r, key.source_ref, key.sink_ref);
        }
      }
      if (!inside)
        missing.push_back(d);
      else if (!inside_listing)
        misattributed = true;
    }
    const std::string where =
        fmt::format("{} on {} level {} refs {}", to_string(key.kind), array_name(key.array),
                    key.level, pair_text(key.source_ref, key.sink_ref));
    if (!missing.empty()) {
      std::sort(missing.begin(), missing.end());
      result.sound = false;
      result.unsound.push_back(fmt::format(
          "{}: true distance {} is in no reported vector ({} of {} true distances missed; "
          "true hull {}; reported: {})",
          where, to_string(missing.front()), missing.size(), set.size(),
          to_string(bounding_box(set)), vectors_text(group)));
    }
    if (misattributed)
      result.misattributed.push_back(
          fmt::format("{}: covered only by vectors that do not list the pair (reported: {})", where,
                      vectors_text(group)));
  }

  if (!exact_applies) {
    result.exactness = Exactness::NotApplicable;
    return result;
  }
  for (const deps::Dependence &d : reported.dependences)
    if (!d.computed)
      result.inexact.push_back(fmt::format("{} on {} {}: isl quota fallback (conservative vector)",
                                           deps::to_string(d.kind), array_name(d.array),
                                           deps::to_string(d.distance)));

  // Exactness per (kind, array, level): the hulls agree.
  std::map<GroupKey, Box> true_hulls;
  for (const auto &[key, set] : truth.distances)
    extend(true_hulls[{key.kind, key.array, key.level}], bounding_box(set));
  for (const auto &[gkey, box] : true_hulls) {
    const auto &[kind, array, level] = gkey;
    auto it = reported_groups.find(gkey);
    if (it == reported_groups.end()) {
      result.inexact.push_back(fmt::format("{} on {} level {}: true hull {}, nothing reported",
                                           to_string(kind), array_name(array), level,
                                           to_string(box)));
      continue;
    }
    const deps::DistanceVector h = hull(it->second);
    if (!equals(h, box))
      result.inexact.push_back(fmt::format(
          "{} on {} level {}: true hull {}, reported hull {} ({})", to_string(kind),
          array_name(array), level, to_string(box), deps::to_string(h), vectors_text(it->second)));
  }
  for (const auto &[gkey, group] : reported_groups)
    if (!true_hulls.count(gkey)) {
      const auto &[kind, array, level] = gkey;
      result.inexact.push_back(fmt::format("{} on {} level {}: reported {} but no true distance",
                                           to_string(kind), array_name(array), level,
                                           vectors_text(group)));
    }

  // Exactness per reference pair: the analysis summarizes each pair on its own.
  for (const deps::Dependence &d : reported.dependences) {
    DepKind kind = DepKind::RAW;
    for (DepKind k : {DepKind::RAW, DepKind::WAR, DepKind::WAW})
      if (to_deps_kind(k) == d.kind)
        kind = k;
    for (auto [source, sink] : d.refs) {
      const PairKey key{kind, d.array, d.distance.level, source, sink};
      auto it = truth.distances.find(key);
      const std::string where =
          fmt::format("{} on {} level {} refs {}", to_string(kind), array_name(d.array),
                      d.distance.level, pair_text(source, sink));
      if (it == truth.distances.end())
        result.inexact.push_back(fmt::format("{}: reported {} but the pair has no true distance",
                                             where, deps::to_string(d.distance)));
      else if (!equals(d.distance, bounding_box(it->second)))
        result.inexact.push_back(fmt::format("{}: true hull {}, reported {}", where,
                                             to_string(bounding_box(it->second)),
                                             deps::to_string(d.distance)));
    }
  }
  for (const auto &[key, set] : truth.distances) {
    bool listed = false;
    for (const deps::Dependence *r : group_of(key))
      listed = listed || lists(*r, key.source_ref, key.sink_ref);
    if (!listed)
      result.inexact.push_back(fmt::format("{} on {} level {} refs {}: true hull {}, no vector "
                                           "lists the pair",
                                           to_string(key.kind), array_name(key.array), key.level,
                                           pair_text(key.source_ref, key.sink_ref),
                                           to_string(bounding_box(set))));
  }
  result.exactness = result.inexact.empty() ? Exactness::Exact : Exactness::Inexact;
  return result;
}

} // namespace orion::oracle

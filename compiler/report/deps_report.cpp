#include "deps_report.hpp"

#include "loops_report.hpp"
#include "schedule_prose.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <llvm/Support/JSON.h>
#include <llvm/Support/raw_os_ostream.h>

#include <algorithm>
#include <map>

namespace orion::report {
namespace {

constexpr int kDepsDumpVersion = 1;

std::string ref_pairs(const deps::Dependence &d) {
  std::string out;
  for (auto [a, b] : d.refs)
    out += fmt::format("{}#{}->#{}", out.empty() ? "" : ", ", a, b);
  return out;
}

std::string ref_label(const ir::Loop &loop, const ir::ArrayRef &ref) {
  std::string subs;
  if (loop.arrays[ref.array].kind != ir::ArrayKind::Accumulator) {
    subs = "(";
    for (size_t i = 0; i < ref.subscripts.size(); ++i)
      subs += (i ? ", " : "") + render_subscript(loop, ref.subscripts[i]);
    subs += ")";
  }
  return loop.arrays[ref.array].name + subs;
}

void write_listing(const ir::Loop &loop, const std::vector<std::string> &lines, std::ostream &out) {
  std::map<unsigned, std::vector<const ir::ArrayRef *>> by_line;
  for (const ir::ArrayRef &r : loop.refs)
    by_line[r.location.line].push_back(&r);
  const unsigned first = loop.pragma_location.line;
  const unsigned last = std::max(loop.end.line, loop.location.line);
  for (unsigned l = first; l <= last && l <= lines.size(); ++l) {
    std::string gutter;
    auto it = by_line.find(l);
    if (it != by_line.end()) {
      auto refs = it->second;
      std::sort(refs.begin(), refs.end(),
                [](auto *a, auto *b) { return a->location.column < b->location.column; });
      for (const ir::ArrayRef *r : refs)
        gutter += fmt::format("{}{}", gutter.empty() ? "" : " ", access_mark(r->access));
    }
    fmt::print(out, "  {:>5} {:<9}| {}\n", l, gutter, lines[l - 1]);
  }
}

/// The accesses of the arrays the runtime may shard and serve, and what the prefetch slice does
/// with each (the slice is what fetches their rows in bulk on several ranks).
void print_prefetch(std::ostream &out, const ir::Loop &loop, const deps::LoopAnalysis &a) {
  std::vector<std::size_t> shown;
  for (std::size_t t = 0; t < loop.outline.touches.size() && t < a.prefetch.outcomes.size(); ++t)
    if (a.prefetch.outcomes[t] != deps::SliceOutcome::NotServed)
      shown.push_back(t);
  if (shown.empty())
    return;
  fmt::print(out, "\n  prefetch slice (served arrays sharded across ranks):\n");
  for (std::size_t t : shown) {
    const ir::Touch &touch = loop.outline.touches[t];
    fmt::print(out, "    {:<20} {:<8} {}\n", touch.text,
               fmt::format("{}:{}", touch.location.line, touch.location.column),
               slice_outcome(a.prefetch.outcomes[t]));
  }
}

} // namespace

char access_mark(ir::AccessKind kind) {
  switch (kind) {
  case ir::AccessKind::Read:
    return 'R';
  case ir::AccessKind::Write:
    return 'W';
  case ir::AccessKind::ReadWrite:
    return 'X';
  case ir::AccessKind::Reduce:
    return '+';
  }
  return '?';
}

std::vector<std::string> split_lines(const std::string &text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) {
      if (start < text.size())
        lines.push_back(text.substr(start));
      break;
    }
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

void write_deps_text(const DepsReportInput &in, std::ostream &out) {
  const std::vector<std::string> lines = split_lines(in.source_text);
  fmt::print(out, "{}: dependence report ({} parallel loop{}; {}; memory-based dependences)\n",
             in.program.source, in.program.loops.size(), in.program.loops.size() == 1 ? "" : "s",
             in.isl_version);
  for (size_t n = 0; n < in.program.loops.size(); ++n) {
    const ir::Loop &loop = in.program.loops[n];
    const deps::LoopAnalysis &a = in.analyses[n];
    std::string dims;
    for (const ir::IterationDim &d : loop.space.dims)
      dims += (dims.empty() ? "" : ", ") + d.name;
    fmt::print(out, "\nloop {} at {}:{}:{} in '{}': {}, {} over ({})\n", n, in.program.source,
               loop.location.line, loop.location.column, loop.function,
               loop.clauses.ordered ? "ordered" : "unordered",
               loop.space.kind == ir::IterationSpace::Kind::Array
                   ? fmt::format("array iteration of '{}'", loop.arrays[loop.space.array].name)
                   : "counted nest",
               dims);
    write_listing(loop, lines, out);

    fmt::print(out, "\n  references:\n");
    for (const ir::ArrayRef &r : loop.refs)
      fmt::print(out, "    #{:<3} {} {:<28} {:>4}:{:<4} {}\n", r.id, access_mark(r.access),
                 ref_label(loop, r), r.location.line, r.location.column, r.text);
    if (!a.error.empty()) {
      fmt::print(out, "\n  analysis failed: {}\n", a.error);
      continue;
    }
    fmt::print(out, "\n  dependences:\n");
    if (a.dependences.dependences.empty())
      fmt::print(out, "    (none)\n");
    for (const deps::Dependence &d : a.dependences.dependences)
      fmt::print(out, "    {} {:<28} on {:<10} refs {}{}\n", deps::to_string(d.kind),
                 deps::to_string(d.distance), loop.arrays[d.array].name, ref_pairs(d),
                 d.computed ? "" : "  (conservative: isl quota)");
    for (const deps::Remark &r : a.dependences.remarks)
      fmt::print(out, "    remark: {}\n", r.message);

    fmt::print(out, "\n  legal schedules:\n");
    if (a.candidates.empty())
      fmt::print(out, "    (none)\n");
    for (const deps::Candidate &p : a.candidates) {
      fmt::print(out, "    {:<16} {}\n", p.schedule.label(),
                 schedule_description(loop, p.schedule));
      // A time and a space wavefront on one skewed space share T: its vectors are shown once.
      const bool shown_before =
          std::any_of(a.candidates.begin(), a.candidates.end(), [&](const auto &q) {
            return &q < &p && q.schedule.transform && q.schedule.transform == p.schedule.transform;
          });
      if (shown_before)
        fmt::print(out, "      transformed vectors as above\n");
      else if (p.schedule.unimodular()) {
        // Kinds sharing a distance (a compound update's RAW and WAR) transform alike: once each.
        std::vector<std::string> shown;
        for (size_t i = 0; i < p.schedule.transformed.size(); ++i) {
          std::string line =
              fmt::format("{} -> {}", deps::to_string(a.dependences.dependences[i].distance),
                          deps::to_string(deps::DistanceVector{p.schedule.transformed[i], 0}));
          if (std::find(shown.begin(), shown.end(), line) != shown.end())
            continue;
          fmt::print(out, "      transformed {}\n", line);
          shown.push_back(std::move(line));
        }
      }
      fmt::print(out, "      bytes moved per pass: {}\n", p.cost_formula);
    }
    const std::optional<deps::Schedule> &chosen = a.schedules.chosen;
    fmt::print(out, "\n  schedule: {}\n    why: {}\n", chosen ? chosen->label() : "none",
               choice_reason(loop, a.dependences, a.schedules));
    for (const std::string &s : suggestions(loop, a.schedules))
      fmt::print(out, "    suggestion: {}\n", s);
    if (a.chosen) {
      fmt::print(out, "\n  arrays:\n");
      for (const deps::ArrayPlacement &p : a.chosen->arrays)
        fmt::print(out, "    {:<12} {:<10} {}\n", loop.arrays[p.array].name,
                   model::spelling(p.role), role_reason(loop, a.chosen->schedule, p));
    }
    print_prefetch(out, loop, a);
  }
}

void write_deps_json(const DepsReportInput &in, std::ostream &stream) {
  llvm::raw_os_ostream raw(stream);
  llvm::json::OStream json(raw, 2);
  auto interval = [&](const deps::Interval &i) {
    json.array([&] {
      if (i.lo)
        json.value(*i.lo);
      else
        json.value("-inf");
      if (i.hi)
        json.value(*i.hi);
      else
        json.value("+inf");
    });
  };
  auto vector = [&](const std::vector<deps::Interval> &entries) {
    json.array([&] {
      for (const deps::Interval &i : entries)
        interval(i);
    });
  };
  auto matrix = [&](const deps::Matrix &m) {
    json.array([&] {
      for (const auto &row : m)
        json.array([&] {
          for (int64_t v : row)
            json.value(v);
        });
    });
  };
  auto dims = [&](const std::vector<int> &ds) {
    json.array([&] {
      for (int d : ds)
        json.value(d);
    });
  };
  json.object([&] {
    json.attribute("version", kDepsDumpVersion);
    json.attribute("source", in.program.source);
    json.attribute("isl", in.isl_version);
    json.attributeArray("loops", [&] {
      for (size_t n = 0; n < in.program.loops.size(); ++n) {
        const ir::Loop &loop = in.program.loops[n];
        const deps::LoopAnalysis &a = in.analyses[n];
        json.object([&] {
          json.attribute("line", loop.location.line);
          json.attribute("pragma_line", loop.pragma_location.line);
          json.attribute("ordered", loop.clauses.ordered);
          json.attributeArray("clauses", [&] {
            for (const std::string &c : loop.clauses.spelled)
              json.value(c);
          });
          json.attributeObject("iteration_space", [&] {
            json.attribute("kind", std::string(ir::to_string(loop.space.kind)));
            if (loop.space.kind == ir::IterationSpace::Kind::Array)
              json.attribute("array", loop.arrays[loop.space.array].name);
            json.attributeArray("dims", [&] {
              for (const ir::IterationDim &d : loop.space.dims)
                json.value(d.name);
            });
          });
          json.attributeArray("refs", [&] {
            for (const ir::ArrayRef &r : loop.refs)
              json.object([&] {
                json.attribute("id", r.id);
                json.attribute("array", loop.arrays[r.array].name);
                json.attribute("access", std::string(ir::to_string(r.access)));
                json.attributeArray("subscripts", [&] {
                  for (const ir::Subscript &s : r.subscripts)
                    json.value(render_subscript(loop, s));
                });
                json.attribute("line", r.location.line);
                json.attribute("column", r.location.column);
                json.attribute("text", r.text);
              });
          });
          if (!a.error.empty()) {
            json.attribute("error", a.error);
            return;
          }
          json.attributeArray("dependences", [&] {
            for (const deps::Dependence &d : a.dependences.dependences)
              json.object([&] {
                json.attributeBegin("distance");
                vector(d.distance.entries);
                json.attributeEnd();
                json.attribute("level", d.distance.level);
                json.attribute("kind", std::string(deps::to_string(d.kind)));
                json.attribute("array", loop.arrays[d.array].name);
                json.attributeArray("refs", [&] {
                  json.value(d.refs.front().first);
                  json.value(d.refs.front().second);
                });
                json.attributeArray("ref_pairs", [&] {
                  for (auto [s, t] : d.refs)
                    json.array([&] {
                      json.value(s);
                      json.value(t);
                    });
                });
                json.attribute("exact", d.computed);
                json.attribute("isl", deps::to_text(d.exact));
              });
          });
          json.attributeArray("remarks", [&] {
            for (const deps::Remark &r : a.dependences.remarks)
              json.value(r.message);
          });
          json.attributeArray("candidates", [&] {
            for (const deps::Candidate &p : a.candidates)
              json.object([&] {
                json.attribute("kind", std::string(model::kind_name(p.schedule.protocol,
                                                                    p.schedule.unimodular())));
                json.attributeBegin("dims");
                dims(p.schedule.dims);
                json.attributeEnd();
                if (p.schedule.transform) {
                  json.attributeBegin("transform");
                  matrix(*p.schedule.transform);
                  json.attributeEnd();
                  json.attribute("inner", std::string(model::kind_name(p.schedule.protocol)));
                  json.attributeArray("transformed", [&] {
                    for (const auto &t : p.schedule.transformed)
                      vector(t);
                  });
                }
                json.attribute("wavefront", p.schedule.protocol == model::Protocol::Wavefront);
                json.attribute("cost", p.cost_formula);
                json.attributeArray("arrays", [&] {
                  for (const deps::ArrayPlacement &ap : p.arrays)
                    json.object([&] {
                      json.attribute("name", loop.arrays[ap.array].name);
                      json.attribute("role", std::string(model::spelling(ap.role)));
                    });
                });
              });
          });
          const std::optional<deps::Schedule> &chosen = a.schedules.chosen;
          json.attributeObject("schedule", [&] {
            json.attribute("kind", chosen ? std::string(model::kind_name(chosen->protocol,
                                                                         chosen->unimodular()))
                                          : std::string("none"));
            json.attributeBegin("dims");
            dims(chosen ? chosen->dims : std::vector<int>{});
            json.attributeEnd();
            if (chosen && chosen->transform) {
              json.attributeBegin("transform");
              matrix(*chosen->transform);
              json.attributeEnd();
            } else {
              json.attribute("transform", nullptr);
            }
            json.attribute("reason", choice_reason(loop, a.dependences, a.schedules));
            json.attributeArray("suggestions", [&] {
              for (const std::string &s : suggestions(loop, a.schedules))
                json.value(s);
            });
          });
          json.attributeArray("arrays", [&] {
            if (a.chosen)
              for (const deps::ArrayPlacement &p : a.chosen->arrays)
                json.object([&] {
                  json.attribute("name", loop.arrays[p.array].name);
                  json.attribute("role", std::string(model::spelling(p.role)));
                  if (p.array_dim >= 0)
                    json.attribute("dim", p.array_dim);
                });
          });
          // The prefetch slice's fate of every access of an array the runtime may shard.
          json.attributeArray("prefetch", [&] {
            for (std::size_t t = 0;
                 t < loop.outline.touches.size() && t < a.prefetch.outcomes.size(); ++t) {
              if (a.prefetch.outcomes[t] == deps::SliceOutcome::NotServed)
                continue;
              const ir::Touch &touch = loop.outline.touches[t];
              json.object([&] {
                json.attribute("array", loop.arrays[static_cast<std::size_t>(touch.array)].name);
                json.attribute("text", touch.text);
                json.attribute("line", touch.location.line);
                json.attribute("column", touch.location.column);
                json.attribute("prefetched",
                               a.prefetch.outcomes[t] == deps::SliceOutcome::Prefetched);
                json.attribute("outcome", slice_outcome(a.prefetch.outcomes[t]));
              });
            }
          });
        });
      }
    });
  });
  raw << "\n";
}

} // namespace orion::report

#include "loop_plan.hpp"

#include "../report/schedule_label.hpp"
#include "cpp_literal.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace orion::codegen {
namespace {

std::string bool_literal(bool b) { return b ? "true" : "false"; }

template <typename T, typename F> std::string list(const std::vector<T> &items, F &&render) {
  std::string out;
  for (const T &item : items)
    out += (out.empty() ? "" : ", ") + render(item);
  return "{" + out + "}";
}

std::string kind_name(const deps::Schedule &s) {
  const deps::ScheduleKind kind = s.kind == deps::ScheduleKind::Unimodular ? s.inner : s.kind;
  if (kind == deps::ScheduleKind::OneD)
    return "::orion::plan::Kind::OneD";
  return s.wavefront ? "::orion::plan::Kind::Wavefront" : "::orion::plan::Kind::Rotation";
}

std::string role_name(deps::ArrayRole role) {
  switch (role) {
  case deps::ArrayRole::Local:
    return "::orion::plan::Role::Local";
  case deps::ArrayRole::Rotated:
    return "::orion::plan::Role::Rotated";
  case deps::ArrayRole::Replicated:
    return "::orion::plan::Role::Replicated";
  case deps::ArrayRole::Served:
    return "::orion::plan::Role::Served";
  case deps::ArrayRole::Buffered:
    return "::orion::plan::Role::Buffered";
  case deps::ArrayRole::Reduction:
    return "::orion::plan::Role::Reduction";
  case deps::ArrayRole::Relaxed:
    return "::orion::plan::Role::Relaxed";
  }
  return "::orion::plan::Role::Replicated";
}

std::string candidate(const deps::Plan &plan, const LoopArgs &args, const std::string &indent) {
  const deps::Schedule &s = plan.schedule;
  std::string roles;
  for (const deps::ArrayPlacement &p : plan.arrays)
    if (int arg = args.arg(p.array); arg >= 0)
      roles += fmt::format("{}{{{}, {}, {}}}", roles.empty() ? "" : ", ", arg, role_name(p.role),
                           p.array_dim);
  std::string cost;
  for (const deps::CostTerm &t : plan.cost)
    if (int arg = args.arg(t.array); arg >= 0)
      cost += fmt::format("{}{{{}, {}, {}}}", cost.empty() ? "" : ", ",
                          t.kind == deps::CostTerm::Kind::RotatedPerPass
                              ? "::orion::plan::CostTerm::Kind::RotatedPerPass"
                              : "::orion::plan::CostTerm::Kind::ServedPerAccess",
                          arg, t.accesses);
  std::string transform = "{}";
  if (s.transform)
    transform = list(*s.transform, [](const std::vector<int64_t> &row) {
      return list(row, [](int64_t v) { return int_literal(v); });
    });
  return fmt::format("{{.kind = {},\n{i} .dims = {},\n{i} .transform = {},\n{i} .description = "
                     "{},\n{i} .roles = {{{}}},\n{i} .cost = {{{}}},\n{i} .cost_formula = {}}}",
                     kind_name(s), list(s.dims, [](int d) { return std::to_string(d); }), transform,
                     string_literal(report::schedule_label(s)), roles, cost,
                     string_literal(plan.cost_formula), fmt::arg("i", indent));
}

bool same_schedule(const deps::Schedule &a, const deps::Schedule &b) {
  return a.kind == b.kind && a.dims == b.dims && a.transform == b.transform && a.inner == b.inner &&
         a.wavefront == b.wavefront;
}

} // namespace

std::string plan_initializer(const ir::Loop &loop, const deps::LoopAnalysis &analysis,
                             const LoopArgs &args, const std::string &path,
                             const std::string &indent) {
  const std::string in = indent + "    ";
  std::vector<std::string> arrays;
  arrays.push_back(args.iterated < 0 ? "{\"\", false}" : "");
  std::vector<int> ids = args.passed;
  if (args.iterated >= 0)
    ids.insert(ids.begin(), args.iterated);
  for (int id : ids) {
    const std::string info =
        fmt::format("{{{}, {}{}}}", string_literal(loop.arrays[id].name),
                    bool_literal(writes(loop, id)), relaxed(loop, id) ? ", true" : "");
    if (id == args.iterated)
      arrays.front() = info;
    else
      arrays.push_back(info);
  }

  // The compiler's proposal first, then the other candidates in the analysis' order.
  std::vector<const deps::Plan *> plans;
  for (const deps::Plan &p : analysis.plans)
    if (analysis.chosen && same_schedule(p.schedule, analysis.chosen->schedule) && plans.empty())
      plans.push_back(&p);
  if (plans.empty() && analysis.chosen)
    plans.push_back(&*analysis.chosen);
  for (const deps::Plan &p : analysis.plans)
    if (&p != plans.front())
      plans.push_back(&p);
  std::string candidates;
  for (const deps::Plan *p : plans)
    candidates += fmt::format("{}\n{}  {}", candidates.empty() ? "" : ",", in,
                              candidate(*p, args, in + "  "));

  std::vector<std::string> reductions;
  for (const ir::ArrayDecl &a : loop.arrays)
    if (a.kind == ir::ArrayKind::Accumulator)
      reductions.push_back(string_literal(a.name));

  return fmt::format("{{.file = {},\n{i}.line = {},\n{i}.dims = {},\n{i}.ordered = {},\n{i}"
                     ".histogram = {},\n{i}.arrays = {},\n{i}.candidates = {{{}}},\n{i}"
                     ".reductions = {}}}",
                     string_literal(path), loop.pragma_location.line, loop.space.dims.size(),
                     bool_literal(loop.clauses.ordered), bool_literal(loop.clauses.histogram),
                     list(arrays, [](const std::string &s) { return s; }), candidates,
                     list(reductions, [](const std::string &s) { return s; }), fmt::arg("i", in));
}

} // namespace orion::codegen

#include "plan_initializer.hpp"

#include "cpp_literal.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string_view>

namespace orion::codegen {
namespace {

std::string bool_literal(bool b) { return b ? "true" : "false"; }

template <typename T, typename F> std::string list(const std::vector<T> &items, F &&render) {
  std::string out;
  for (const T &item : items)
    out += (out.empty() ? "" : ", ") + render(item);
  return "{" + out + "}";
}

/// The enumerator's qualified name, as generated from the model's .def lists.
template <typename E> std::string qualified(std::string_view type, E value) {
  return fmt::format("::orion::model::{}::{}", type, model::enumerator(value));
}

std::string candidate(const deps::Candidate &c, const LoopArgs &args, const std::string &indent) {
  const deps::Schedule &s = c.schedule;
  std::string roles;
  for (const deps::ArrayPlacement &p : c.arrays)
    if (int arg = args.arg(p.array); arg >= 0)
      roles += fmt::format("{}{{{}, {}, {}}}", roles.empty() ? "" : ", ", arg,
                           qualified("Role", p.role), p.array_dim);
  std::string cost;
  for (const deps::CostTerm &t : c.cost)
    if (int arg = args.arg(t.array); arg >= 0)
      cost += fmt::format("{}{{{}, {}, {}}}", cost.empty() ? "" : ", ",
                          qualified("CostKind", t.kind), arg, t.accesses);
  std::string transform = "{}";
  if (s.transform)
    transform = list(*s.transform, [](const std::vector<int64_t> &row) {
      return list(row, [](int64_t v) { return int_literal(v); });
    });
  return fmt::format("{{.protocol = {},\n{i} .dims = {},\n{i} .transform = {},\n{i} .roles = "
                     "{{{}}},\n{i} .cost = {{{}}},\n{i} .cost_formula = {}}}",
                     qualified("Protocol", s.protocol),
                     list(s.dims, [](int d) { return std::to_string(d); }), transform, roles, cost,
                     string_literal(c.cost_formula), fmt::arg("i", indent));
}

/// Some candidate serves LoopIR array `id`, relaxes it or buffers it: the roles whose arrays the
/// runtime may shard.
bool shared_role(const deps::LoopAnalysis &analysis, int id) {
  for (const deps::Candidate &c : analysis.candidates)
    for (const deps::ArrayPlacement &p : c.arrays)
      if (p.array == id && (p.role == model::Role::Served || p.role == model::Role::Relaxed ||
                            p.role == model::Role::Buffered))
        return true;
  return false;
}

bool same_schedule(const deps::Schedule &a, const deps::Schedule &b) {
  return a.protocol == b.protocol && a.dims == b.dims && a.transform == b.transform;
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
    // Trailing flags only when set, so that most plans read as {name, written}.
    const bool shard =
        id != args.iterated && deps::shardable(loop, id) && shared_role(analysis, id);
    std::string flags;
    if (relaxed(loop, id) || shard)
      flags += ", " + bool_literal(relaxed(loop, id));
    if (shard)
      flags += ", true";
    const std::string info = fmt::format("{{{}, {}{}}}", string_literal(loop.arrays[id].name),
                                         bool_literal(writes(loop, id)), flags);
    if (id == args.iterated)
      arrays.front() = info;
    else
      arrays.push_back(info);
  }

  // The compiler's proposal first, then the other candidates in the analysis' order.
  std::vector<const deps::Candidate *> plans;
  for (const deps::Candidate &p : analysis.candidates)
    if (analysis.chosen && same_schedule(p.schedule, analysis.chosen->schedule) && plans.empty())
      plans.push_back(&p);
  if (plans.empty() && analysis.chosen)
    plans.push_back(&*analysis.chosen);
  for (const deps::Candidate &p : analysis.candidates)
    if (&p != plans.front())
      plans.push_back(&p);
  std::string candidates;
  for (const deps::Candidate *p : plans)
    candidates += fmt::format("{}\n{}  {}", candidates.empty() ? "" : ",", in,
                              candidate(*p, args, in + "  "));

  std::vector<std::string> reductions;
  for (const ir::ArrayDecl &a : loop.arrays)
    if (a.kind == ir::ArrayKind::Accumulator)
      reductions.push_back(string_literal(a.name));

  return fmt::format("{{.file = {},\n{i}.line = {},\n{i}.dims = {},\n{i}.ordered = {},\n{i}"
                     ".histogram = {},\n{i}{}.arrays = {},\n{i}.candidates = {{{}}},\n{i}"
                     ".reductions = {}}}",
                     string_literal(path), loop.pragma_location.line, loop.space.dims.size(),
                     bool_literal(loop.clauses.ordered), bool_literal(loop.clauses.histogram),
                     loop.clauses.repeated ? ".repeated = true,\n" + in : std::string(),
                     list(arrays, [](const std::string &s) { return s; }), candidates,
                     list(reductions, [](const std::string &s) { return s; }), fmt::arg("i", in));
}

} // namespace orion::codegen

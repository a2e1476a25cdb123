#include "loops_report.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <llvm/Support/JSON.h>
#include <llvm/Support/raw_os_ostream.h>

namespace orion::report {
namespace {

constexpr int kLoopsDumpVersion = 1;

/// Bounds read best as written (`K`, not its value); non-affine ones are marked.
std::string render_bound(const ir::Bound &bound) {
  return bound.expr ? bound.text : fmt::format("{} (not affine)", bound.text);
}

std::string array_type(const ir::ArrayDecl &array) {
  if (array.kind == ir::ArrayKind::Accumulator)
    return fmt::format("accumulator<{}>", array.element_type);
  return fmt::format("{}<{}, {}>", ir::to_string(array.kind), array.element_type, array.rank);
}

/// `i - j - 1 >= 0`: a guard as the analysis sees it.
std::string guard_constraint(const ir::Loop &loop, const ir::Guard &g) {
  return fmt::format("{} {} 0", loop.render(g.expr), g.equality ? "==" : ">=");
}

/// `j < i (i - j - 1 >= 0) and ...`: the guards of a reference, as written and as analysed.
std::string guards_text(const ir::Loop &loop, const ir::ArrayRef &ref) {
  std::string out;
  for (const ir::Guard &g : ref.guards)
    out += fmt::format("{}{} ({})", out.empty() ? "" : " and ", g.text, guard_constraint(loop, g));
  return out;
}

std::string subscripts_list(const ir::Loop &loop, const ir::ArrayRef &ref) {
  if (loop.arrays[ref.array].kind == ir::ArrayKind::Accumulator)
    return "";
  std::string out = "(";
  for (size_t i = 0; i < ref.subscripts.size(); ++i)
    out += (i ? ", " : "") + render_subscript(loop, ref.subscripts[i]);
  return out + ")";
}

} // namespace

std::string render_subscript(const ir::Loop &loop, const ir::Subscript &subscript) {
  switch (subscript.kind) {
  case ir::SubscriptKind::Affine:
    return loop.render(subscript.expr);
  case ir::SubscriptKind::Range:
    return ":";
  case ir::SubscriptKind::Unknown:
    return "?";
  }
  return "?";
}

void write_loops_text(const ir::Program &program, std::ostream &out) {
  fmt::print(out, "{}: {} parallel loop{}\n", program.source, program.loops.size(),
             program.loops.size() == 1 ? "" : "s");
  for (size_t n = 0; n < program.loops.size(); ++n) {
    const ir::Loop &loop = program.loops[n];
    fmt::print(out, "\nloop {} at {}:{}:{} in '{}' (pragma on line {})\n", n, program.source,
               loop.location.line, loop.location.column, loop.function, loop.pragma_location.line);
    std::string clauses;
    for (const std::string &c : loop.clauses.spelled)
      clauses += (clauses.empty() ? "" : " ") + c;
    fmt::print(out, "  clauses: {}\n", clauses.empty() ? "(none)" : clauses);
    fmt::print(out, "  order: {}\n", loop.clauses.ordered ? "ordered" : "unordered");

    const ir::IterationSpace &space = loop.space;
    if (space.kind == ir::IterationSpace::Kind::Array) {
      const ir::ArrayDecl &array = loop.arrays[space.array];
      fmt::print(out, "  iteration space: array '{}' ({}), key '{}', value '{}'\n", array.name,
                 array_type(array), space.key_name, space.value_name);
    } else {
      fmt::print(out, "  iteration space: counted nest of depth {}\n", space.dims.size());
    }
    for (size_t d = 0; d < space.dims.size(); ++d)
      fmt::print(out, "    dim {}: {} in [{}, {})\n", d, space.dims[d].name,
                 render_bound(space.dims[d].lower), render_bound(space.dims[d].upper));

    if (!loop.parameters.empty()) {
      std::string params;
      for (const ir::Parameter &p : loop.parameters)
        params += (params.empty() ? "" : ", ") + p.name;
      fmt::print(out, "  parameters: {}\n", params);
    }
    if (!loop.inner_loops.empty()) {
      fmt::print(out, "  inner loops:\n");
      for (size_t i = 0; i < loop.inner_loops.size(); ++i) {
        const ir::InnerLoop &inner = loop.inner_loops[i];
        fmt::print(out, "    #{} {} in [{}, {}) at line {}{}\n", i, inner.var,
                   render_bound(inner.lower), render_bound(inner.upper), inner.location.line,
                   inner.parent >= 0 ? fmt::format(", inside #{}", inner.parent) : "");
      }
    }
    fmt::print(out, "  arrays:\n");
    for (const ir::ArrayDecl &array : loop.arrays)
      fmt::print(out, "    {:<12} {}\n", array.name, array_type(array));
    fmt::print(out, "  refs:\n");
    for (const ir::ArrayRef &ref : loop.refs) {
      const ir::ArrayDecl &array = loop.arrays[ref.array];
      std::string where = fmt::format("{}:{}", ref.location.line, ref.location.column);
      std::string via = ref.via.empty() ? "" : fmt::format("  via '{}'", ref.via);
      fmt::print(out, "    #{:<3} {:<9} {:<28} {:<7} {}{}\n", ref.id, ir::to_string(ref.access),
                 array.name + subscripts_list(loop, ref), where, ref.text, via);
      for (size_t i = 0; i < ref.subscripts.size(); ++i)
        if (ref.subscripts[i].kind == ir::SubscriptKind::Unknown)
          fmt::print(out, "         subscript {} '{}' is unknown: {}\n", i, ref.subscripts[i].text,
                     ref.subscripts[i].reason);
      if (!ref.guards.empty())
        fmt::print(out, "         only where {}\n", guards_text(loop, ref));
    }
  }
}

void write_loops_json(const ir::Program &program, std::ostream &stream) {
  llvm::raw_os_ostream raw(stream);
  llvm::json::OStream json(raw, 2);
  auto bound = [&](const ir::Loop &loop, const char *key, const ir::Bound &b) {
    json.attributeObject(key, [&] {
      json.attribute("text", b.text);
      if (b.expr)
        json.attribute("affine", loop.render(*b.expr));
      else
        json.attribute("affine", nullptr);
    });
  };
  json.object([&] {
    json.attribute("version", kLoopsDumpVersion);
    json.attribute("source", program.source);
    json.attributeArray("loops", [&] {
      for (const ir::Loop &loop : program.loops) {
        json.object([&] {
          json.attribute("line", loop.location.line);
          json.attribute("column", loop.location.column);
          json.attribute("pragma_line", loop.pragma_location.line);
          json.attribute("function", loop.function);
          json.attribute("ordered", loop.clauses.ordered);
          json.attributeArray("clauses", [&] {
            for (const std::string &c : loop.clauses.spelled)
              json.value(c);
          });
          json.attributeObject("iteration_space", [&] {
            json.attribute("kind", std::string(ir::to_string(loop.space.kind)));
            if (loop.space.kind == ir::IterationSpace::Kind::Array) {
              json.attribute("array", loop.arrays[loop.space.array].name);
              json.attribute("key", loop.space.key_name);
              json.attribute("value", loop.space.value_name);
            }
            json.attributeArray("dims", [&] {
              for (const ir::IterationDim &d : loop.space.dims)
                json.value(d.name);
            });
            json.attributeArray("bounds", [&] {
              for (const ir::IterationDim &d : loop.space.dims)
                json.object([&] {
                  json.attribute("dim", d.name);
                  bound(loop, "lower", d.lower);
                  bound(loop, "upper", d.upper);
                });
            });
          });
          json.attributeArray("parameters", [&] {
            for (const ir::Parameter &p : loop.parameters)
              json.value(p.name);
          });
          json.attributeArray("inner_loops", [&] {
            for (const ir::InnerLoop &inner : loop.inner_loops)
              json.object([&] {
                json.attribute("var", inner.var);
                json.attribute("line", inner.location.line);
                json.attribute("parent", inner.parent);
                bound(loop, "lower", inner.lower);
                bound(loop, "upper", inner.upper);
              });
          });
          json.attributeArray("arrays", [&] {
            for (const ir::ArrayDecl &a : loop.arrays)
              json.object([&] {
                json.attribute("name", a.name);
                json.attribute("kind", std::string(ir::to_string(a.kind)));
                json.attribute("element", a.element_type);
                json.attribute("rank", a.rank);
              });
          });
          json.attributeArray("refs", [&] {
            for (const ir::ArrayRef &ref : loop.refs)
              json.object([&] {
                json.attribute("id", ref.id);
                json.attribute("array", loop.arrays[ref.array].name);
                json.attribute("access", std::string(ir::to_string(ref.access)));
                json.attributeArray("subscripts", [&] {
                  for (const ir::Subscript &s : ref.subscripts)
                    json.value(render_subscript(loop, s));
                });
                json.attributeArray("subscript_kinds", [&] {
                  for (const ir::Subscript &s : ref.subscripts)
                    json.object([&] {
                      json.attribute("kind", std::string(ir::to_string(s.kind)));
                      json.attribute("text", s.text);
                      if (s.kind == ir::SubscriptKind::Unknown)
                        json.attribute("reason", s.reason);
                    });
                });
                json.attributeArray("inner_loops", [&] {
                  for (int i : ref.inner_loops)
                    json.value(i);
                });
                json.attribute("line", ref.location.line);
                json.attribute("column", ref.location.column);
                json.attribute("text", ref.text);
                if (!ref.via.empty())
                  json.attribute("via", ref.via);
                if (!ref.guards.empty())
                  json.attributeArray("guards", [&] {
                    for (const ir::Guard &g : ref.guards)
                      json.object([&] {
                        json.attribute("text", g.text);
                        json.attribute("constraint", guard_constraint(loop, g));
                      });
                  });
              });
          });
        });
      }
    });
  });
  raw << "\n";
}

} // namespace orion::report

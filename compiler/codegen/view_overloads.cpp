#include "view_overloads.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace orion::codegen {
namespace {

/// The views a body hands a helper in place of its dense arrays: the fast path's and the one that
/// records accesses.
constexpr const char *kViews[] = {"DenseView", "RecordingView"};

/// The declaration's text with its dense-array parameter types replaced by view types.
std::string with_views(const ir::HelperText &helper, const SourceText &source, const char *view) {
  std::string out;
  unsigned at = helper.text.begin;
  for (const ir::ViewParam &param : helper.params) {
    out += source.slice({at, param.type.begin});
    out +=
        fmt::format("const ::orion::parallel::{}<{}, {}> &", view, param.element_type, param.rank);
    at = param.type.end;
  }
  out += source.slice({at, helper.text.end});
  return out;
}

} // namespace

std::vector<Insertion> view_overload_insertions(const std::vector<ir::ViewOverload> &overloads,
                                                const SourceText &source) {
  std::vector<Insertion> out;
  std::vector<unsigned> done;
  for (const ir::ViewOverload &overload : overloads) {
    const ir::HelperText &def = overload.definition;
    if (std::find(done.begin(), done.end(), def.text.begin) != done.end())
      continue;
    done.push_back(def.text.begin);
    for (const char *view : kViews) {
      if (overload.forward) {
        const ir::HelperText &decl = *overload.forward;
        const unsigned line = source.line(decl.text.begin);
        out.push_back({decl.text.begin,
                       fmt::format("{}\n{};\n{}\n{}", source.line_directive(line),
                                   with_views(decl, source, view), source.line_directive(line),
                                   source.indent_to(decl.text.begin))});
      }
      // After the closing brace: the rest of that line continues under its own number.
      out.push_back(
          {def.text.end,
           fmt::format("\n{}\n{}{}\n{}\n{}", source.line_directive(source.line(def.text.begin)),
                       source.indent_to(def.text.begin), with_views(def, source, view),
                       source.line_directive(source.line(def.text.end)),
                       source.indent_to(def.text.end))});
    }
  }
  return out;
}

} // namespace orion::codegen

#include "prefetch_lambda.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace orion::codegen {
namespace {

/// The body's text with the slice's edits applied, and the `continue`s of an array-iteration
/// loop that survive turned into `return` (the slice is a lambda, as the body is).
std::string slice_text(const ir::Loop &loop, const deps::PrefetchSlice &slice,
                       const SourceText &source) {
  struct Splice {
    ir::ByteRange range;
    std::string text;
  };
  std::vector<Splice> splices;
  for (const deps::SliceEdit &e : slice.edits) {
    // Each access once, as a statement; several in braces, since the statement they replace may
    // be the sole body of an if or a loop (and an empty statement where none is left).
    std::vector<std::string> calls;
    for (int t : e.touches) {
      std::string call =
          source.renamed(loop.outline.touches[static_cast<std::size_t>(t)].call, loop.text.renames);
      if (std::find(calls.begin(), calls.end(), call) == calls.end())
        calls.push_back(std::move(call));
    }
    std::string text;
    for (const std::string &call : calls)
      text += fmt::format("{}{};", text.empty() ? "" : " ", call);
    if (calls.size() > 1)
      text = "{ " + text + " }";
    splices.push_back({e.range, text.empty() ? ";" : text});
  }
  for (const deps::SliceVoid &v : slice.voids) {
    std::string text;
    for (int var : v.vars)
      text += fmt::format(" (void){};", loop.outline.vars[static_cast<std::size_t>(var)].name);
    splices.push_back({{v.at, v.at}, text});
  }
  for (unsigned c : loop.text.continues) {
    const bool edited = std::any_of(splices.begin(), splices.end(), [&](const Splice &s) {
      return c >= s.range.begin && c < s.range.end;
    });
    if (!edited)
      splices.push_back(
          {{c, c + static_cast<unsigned>(std::string_view("continue").size())}, "return"});
  }
  // An insertion (an empty range) goes before an edit that starts where it stands.
  std::sort(splices.begin(), splices.end(), [](const Splice &a, const Splice &b) {
    return a.range.begin != b.range.begin ? a.range.begin < b.range.begin
                                          : a.range.end < b.range.end;
  });
  std::string out;
  unsigned at = loop.text.body.begin;
  for (const Splice &s : splices) {
    out += source.renamed({at, s.range.begin}, loop.text.renames);
    out += s.text;
    at = s.range.end;
  }
  return out + source.renamed({at, loop.text.body.end}, loop.text.renames);
}

constexpr std::string_view kShadowOff =
    "_Pragma(\"GCC diagnostic push\") _Pragma(\"GCC diagnostic ignored \\\"-Wshadow\\\"\") ";
constexpr std::string_view kShadowOn = " _Pragma(\"GCC diagnostic pop\")";

} // namespace

std::optional<std::string> prefetch_lambda(const ir::Loop &loop, const deps::LoopAnalysis &analysis,
                                           const LoopArgs &args, const SourceText &source,
                                           const std::string &indent,
                                           const std::string &nest_headers) {
  const deps::PrefetchSlice &slice = analysis.prefetch;
  if (!slice.useful())
    return std::nullopt;
  // Every parameter may go unused: the slice names only what it prefetches.
  std::string params;
  for (size_t n = 0; n < args.passed.size(); ++n)
    params +=
        fmt::format("{}[[maybe_unused]] auto &{}", n ? ", " : "", parameter_name(loop, args, n));
  const std::string sep = params.empty() ? "" : ", ";
  if (loop.space.kind == ir::IterationSpace::Kind::Counted)
    params += fmt::format("{}const ::orion::parallel::Block<{}> &orion_block", sep,
                          loop.space.dims.size());
  else
    params += fmt::format("{}[[maybe_unused]] const auto &{}, [[maybe_unused]] const auto &{}", sep,
                          loop.space.key_name, loop.space.value_name);
  // A statement of its own: the -Wshadow pragmas around its parameters may not stand inside the
  // runtime call's argument list.
  return fmt::format(
      "{}{}auto orion_prefetch = [&]({}) {{{}{}\n{}\n{}{}\n{}}};\n", indent, kShadowOff, params,
      nest_headers, kShadowOn, source.line_directive(source.line(loop.text.body.begin)),
      source.indent_to(loop.text.body.begin), slice_text(loop, slice, source), indent);
}

} // namespace orion::codegen

#include "loop_call.hpp"

#include "cpp_literal.hpp"
#include "loop_args.hpp"
#include "plan_initializer.hpp"
#include "prefetch_lambda.hpp"

#include <fmt/format.h>

#include <set>
#include <string>

namespace orion::codegen {
namespace {

/// `lower + sum coeffs[m] * x_m` for the runtime: the loop-invariant part as a C++ expression
/// (parameters are their source spelling), the outer indices' coefficients apart.
std::string nest_bound(const ir::Loop &loop, const ir::AffineExpr &expr, size_t dims) {
  std::string constant;
  for (const ir::AffineTerm &t : expr.terms()) {
    if (t.kind != ir::SymbolKind::Parameter)
      continue;
    const std::string value =
        fmt::format("static_cast<std::int64_t>({})", loop.parameters[t.index].name);
    if (t.coefficient == 1)
      constant += (constant.empty() ? "" : " + ") + value;
    else
      constant += fmt::format("{}({}) * {}", constant.empty() ? "" : " + ",
                              int_literal(t.coefficient), value);
  }
  if (constant.empty())
    constant = int_literal(expr.constant_term());
  else if (expr.constant_term() != 0)
    constant += fmt::format(" + ({})", int_literal(expr.constant_term()));
  std::string coeffs;
  for (size_t m = 0; m < dims; ++m)
    coeffs += fmt::format(
        "{}{}", m ? ", " : "",
        int_literal(expr.coefficient(ir::SymbolKind::IterationIndex, static_cast<int>(m))));
  return fmt::format("{{{}, {{{{{}}}}}}}", constant, coeffs);
}

/// The call line declares the lambda's parameters and the scalar copies under the user's names
/// on purpose: they shadow the arrays and scalars outside the loop, so the body, copied as
/// written, reaches them. -Wshadow is turned off for that line only (GCC and Clang both decide
/// by location), so a program built with -Wshadow -Werror still builds, and the body's own
/// declarations are still checked.
constexpr std::string_view kShadowOff =
    "_Pragma(\"GCC diagnostic push\") _Pragma(\"GCC diagnostic ignored \\\"-Wshadow\\\"\") ";
constexpr std::string_view kShadowOn = " _Pragma(\"GCC diagnostic pop\")";

/// The body as written, `continue` turned into `return` where the body becomes a lambda, and
/// arrays named under another name given their own.
std::string body_text(const ir::Loop &loop, const SourceText &source) {
  const ir::ByteRange body = loop.text.body;
  const auto &renames = loop.text.renames;
  std::string out;
  unsigned at = body.begin;
  for (unsigned c : loop.text.continues) {
    out += source.renamed({at, c}, renames);
    out += "return";
    at = c + static_cast<unsigned>(std::string_view("continue").size());
  }
  return out + source.renamed({at, body.end}, renames);
}

} // namespace

llvm::Expected<std::string> loop_call(const ir::Loop &loop, const deps::LoopAnalysis &analysis,
                                      const SourceText &source, const std::string &path) {
  const size_t dims = loop.space.dims.size();
  const bool counted = loop.space.kind == ir::IterationSpace::Kind::Counted;
  if (counted) {
    for (size_t d = 0; d < dims; ++d)
      for (const ir::Bound *b : {&loop.space.dims[d].lower, &loop.space.dims[d].upper})
        if (!b->expr || b->expr->uses(ir::SymbolKind::InnerIndex)) {
          return llvm::createStringError(
              llvm::inconvertibleErrorCode(),
              fmt::format("cannot partition this loop: bound '{}' of '{}' is not affine", b->text,
                          loop.space.dims[d].name));
        }
  }

  const LoopArgs args = loop_args(loop);
  const std::string i0 = source.indent_to(loop.text.statement.begin);
  const std::string i1 = i0 + "  ";
  const std::string i2 = i1 + "    ";
  std::string arrays, params;
  for (size_t n = 0; n < args.passed.size(); ++n) {
    // A relaxed array the body updates is handed over as deltas (see relaxed.hpp).
    const int id = args.passed[n];
    const std::string &name = loop.arrays[id].name;
    std::string arg = name;
    if (loop.arrays[id].kind == ir::ArrayKind::Sparse)
      arg = fmt::format("::orion::parallel::sparse_rows({})", name);
    else if (relaxed(loop, id) && writes(loop, id))
      arg = fmt::format("::orion::parallel::relaxed({})", name);
    else if (deps::served_read(loop, analysis.candidates, id))
      arg = fmt::format("::orion::parallel::served({})", name);
    arrays += fmt::format("{}{}", n ? ", " : "", arg);
    params += fmt::format("{}auto &{}", n ? ", " : "", parameter_name(loop, args, n));
  }
  // Accumulators the body only adds to: per-block partials, shadowing them like the arrays.
  std::string reductions;
  for (size_t n = 0; n < args.reductions.size(); ++n) {
    const std::string &name = loop.arrays[args.reductions[n]].name;
    reductions += fmt::format("{}{}", n ? ", " : "", name);
    params += fmt::format("{}auto &{}", params.empty() ? "" : ", ", name);
  }
  const std::string reduction_arg =
      reductions.empty() ? "" : fmt::format("::orion::parallel::reductions({}), ", reductions);
  const std::string sep = params.empty() ? "" : ", ";
  const std::string body_line =
      fmt::format("{}\n{}{}\n", source.line_directive(source.line(loop.text.body.begin)),
                  source.indent_to(loop.text.body.begin), body_text(loop, source));

  // Counted nests: the bounds for the runtime and the loop headers re-emitted over a block.
  std::string lowers, uppers, headers;
  std::string outer; // the enclosing indices, passed to lower/upper
  for (size_t d = 0; counted && d < dims; ++d) {
    const ir::IterationDim &dim = loop.space.dims[d];
    lowers += fmt::format("{}{}", d ? ", " : "", nest_bound(loop, *dim.lower.expr, dims));
    uppers += fmt::format("{}{}", d ? ", " : "", nest_bound(loop, *dim.upper.expr, dims));
    const std::string upper =
        dim.inclusive ? fmt::format("({}) + 1", dim.upper_written) : dim.upper.text;
    const std::string compared =
        dim.wide_unsigned ? fmt::format("static_cast<::std::int64_t>({})", dim.name) : dim.name;
    headers += fmt::format(" for ({} {} = orion_block.lower({}, ({}){}); {} < "
                           "orion_block.upper({}, ({}){}); ++{})",
                           dim.type, dim.name, d, dim.lower.text, outer, compared, d, upper, outer,
                           dim.name);
    outer += ", " + dim.name;
  }
  // The end of the body's lambda, then the prefetch slice's if there is one, and of the call.
  const auto close_call = [&](bool prefetch) {
    return prefetch
               ? fmt::format("{}}}, ::orion::parallel::prefetch(orion_prefetch));\n{}}}", i2, i0)
               : fmt::format("{}}});\n{}}}", i2, i0);
  };

  // The plan spans several lines (readable --emit=cpp); the call, up to the body, is one line
  // mapped to the `for` line, so a message about it (say, an array type the runtime rejects)
  // points at the loop rather than at a line of its body.
  const std::optional<std::string> prefetch =
      prefetch_lambda(loop, analysis, args, source, i1, headers);
  // A sparse array the body reads otherwise than by rows at its own index stays captured: if it is
  // distributed it is gathered whole first, by every rank (a worker cannot gather).
  std::string wholes;
  for (size_t id = 0; id < loop.arrays.size(); ++id)
    if (loop.arrays[id].kind == ir::ArrayKind::Sparse && args.arg(static_cast<int>(id)) < 0 &&
        is_identifier(loop.arrays[id].name))
      wholes += fmt::format("{}::orion::parallel::whole({});\n", i1, loop.arrays[id].name);
  // Lambdas defined before the loop that reach orion objects and that the body calls: declared
  // again at the top of the body's lambda, as written, so that the objects' names in them are the
  // views the body sees (frontend/outer_lambdas.hpp). The originals are then unused there.
  std::string redeclared, used;
  for (const ir::OuterLambda &l : loop.text.outer_lambdas) {
    redeclared += fmt::format("\n{}\n{}{}", source.line_directive(source.line(l.text.begin)),
                              source.indent_to(l.text.begin), source.slice(l.text));
    used += fmt::format("{}(void){};\n", i1, l.name);
  }
  // References to the arrays declared before the loop (`auto &X = A;`) are renamed to the arrays
  // in the body (frontend/array_renames.hpp): one used only there would be unused
  // (-Wunused-variable, an error under -Werror where the serial build is clean).
  std::set<std::string> aliases;
  for (const ir::ArrayRename &r : loop.text.renames)
    if (const std::string written(source.slice(r.range));
        is_identifier(written) && aliases.insert(written).second)
      used += fmt::format("{}(void){};\n", i1, written);
  const std::string for_line = source.line_directive(source.line(loop.text.statement.begin));
  std::string out =
      fmt::format("{{\n{}static const ::orion::plan::LoopPlan orion_plan{};\n{}{}{}{}\n", i1,
                  plan_initializer(loop, analysis, args, path, i1), prefetch.value_or(""), wholes,
                  used, for_line);
  // Outer scalars the body reads enter the lambda as copies, declared under their own names
  // before the body: a by-reference capture is reached through memory that every float store in
  // the body may alias, which keeps the compiler from vectorizing the update (see
  // frontend/scalar_copies.hpp).
  std::string captures, copies;
  for (const std::string &name : loop.copied_scalars) {
    captures += fmt::format(", orion_copy_{0} = {0}", name);
    copies += fmt::format(" const auto {0} = orion_copy_{0};", name);
  }
  if (!counted) {
    // The key and value are bindings in the serial program, which no compiler warns about when
    // unused; as the lambda's parameters they would be (-Wunused-parameter).
    // The lambda's own braces: the body may be a single statement, and the end of -Wshadow's
    // exemption must sit in a statement, not between the parameters and a body's `{`.
    out += fmt::format(
        "{}{}::orion::parallel::for_each(orion_plan, {}, "
        "::orion::parallel::arrays({}), {}[&{}]({}{}[[maybe_unused]] const auto &{}, "
        "[[maybe_unused]] auto &{}){}{}\n",
        i1, kShadowOff, source.slice(loop.text.range), arrays, reduction_arg, captures, params, sep,
        loop.space.key_name, loop.space.value_name, " {" + copies + redeclared, kShadowOn);
    out += body_line;
    out += close_call(prefetch.has_value());
    return out;
  }

  out += fmt::format("{i1}{off}::orion::parallel::for_nest<{n}>(orion_plan, "
                     "::orion::parallel::NestBounds<{n}>{{{{{{{lo}}}}}, {{{{{hi}}}}}}}, "
                     "::orion::parallel::arrays({arrays}), {reductions}"
                     "[&{captures}]({params}{sep}const ::orion::parallel::Block<{n}> "
                     "&orion_block) {{{copies}{lambdas}{hdr}{on}\n",
                     fmt::arg("i1", i1), fmt::arg("off", kShadowOff), fmt::arg("on", kShadowOn),
                     fmt::arg("n", dims), fmt::arg("lo", lowers), fmt::arg("hi", uppers),
                     fmt::arg("arrays", arrays), fmt::arg("reductions", reduction_arg),
                     fmt::arg("params", params), fmt::arg("sep", sep), fmt::arg("hdr", headers),
                     fmt::arg("captures", captures), fmt::arg("copies", copies),
                     fmt::arg("lambdas", redeclared.empty() ? std::string()
                                                            : fmt::format("{}\n{}\n{}", redeclared,
                                                                          for_line, i1)));
  out += body_line;
  out += close_call(prefetch.has_value());
  return out;
}

} // namespace orion::codegen

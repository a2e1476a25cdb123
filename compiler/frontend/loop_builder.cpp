#include "loop_builder.hpp"

#include "affine_builder.hpp"
#include "array_elements.hpp"
#include "array_names.hpp"
#include "array_renames.hpp"
#include "block_reductions.hpp"
#include "body_control_flow.hpp"
#include "body_outline.hpp"
#include "element_only_arrays.hpp"
#include "loop_form.hpp"
#include "loop_text.hpp"
#include "outer_lambdas.hpp"
#include "ref_collector.hpp"
#include "scalar_copies.hpp"

#include <clang/AST/TypeLoc.h>
#include <fmt/format.h>

namespace orion::frontend {
namespace {

/// Why the loop's condition does not compare the index as the analysis reads it: a signed index
/// compared with an unsigned bound (`j < v.size()`) is converted to unsigned, so the loop ends at
/// once while it is negative. Reading it as `j < hi` ran iterations the serial build never runs.
/// Nothing when the index starts at a constant that is not negative, where both readings agree.
std::optional<std::string> compared_as_unsigned(const CountedLoop &counted, const std::string &type,
                                                ScanContext &ctx) {
  const auto *cond = llvm::dyn_cast_or_null<clang::BinaryOperator>(
      counted.stmt->getCond() ? counted.stmt->getCond()->IgnoreParens() : nullptr);
  const clang::QualType index = counted.index->getType();
  if (!cond || !cond->isComparisonOp() || !index->isSignedIntegerType() ||
      !cond->getLHS()->getType()->isUnsignedIntegerType())
    return std::nullopt;
  clang::Expr::EvalResult lower;
  if (counted.lower->EvaluateAsInt(lower, ctx.ast) && !lower.Val.getInt().isNegative())
    return std::nullopt;
  const std::string name = counted.index->getNameAsString();
  return fmt::format("the condition compares the signed index '{0}' with the unsigned bound '{1}', "
                     "so C++ converts '{0}' to unsigned and the loop ends at once while '{0}' is "
                     "negative; compare in the index's type ('{0} < static_cast<{2}>({1})')",
                     name, ctx.text(counted.upper), type);
}

/// Fills the iteration space of a counted nest; returns the body of the innermost nest loop.
const clang::Stmt *build_counted_space(const clang::ForStmt *outer, ScanContext &ctx,
                                       Diagnostics &diags) {
  AffineBuilder affine(ctx);
  ctx.loop.space.kind = ir::IterationSpace::Kind::Counted;
  const clang::ForStmt *loop = outer;
  // An inner loop that does not extend the nest: why, for the error of a loop without a schedule.
  const auto ends_nest = [&](const clang::ForStmt *inner, std::string why) {
    const clang::VarDecl *index = nullptr;
    if (const auto *decl = llvm::dyn_cast_or_null<clang::DeclStmt>(inner->getInit());
        decl && decl->isSingleDecl())
      index = llvm::dyn_cast<clang::VarDecl>(decl->getSingleDecl());
    ctx.loop.space.nest_end = ir::IterationSpace::NestEnd{
        ctx.location(inner->getForLoc()), index ? index->getNameAsString() : "", std::move(why)};
  };
  while (loop) {
    auto form = match_counted_loop(loop);
    if (auto *error = std::get_if<LoopFormError>(&form)) {
      if (loop != outer) {
        ends_nest(loop, error->message);
        break; // an inner non-canonical loop just ends the nest
      }
      diags.report(error->location, Diag::UnsupportedCountedFor) << error->message;
      return nullptr;
    }
    const CountedLoop &counted = std::get<CountedLoop>(form);
    if (ctx.modified.contains(counted.index)) {
      if (loop != outer) {
        ends_nest(loop,
                  fmt::format("the body modifies its index '{}'", counted.index->getName().str()));
        break;
      }
      diags.report(counted.index->getLocation(), Diag::UnsupportedCountedFor) << fmt::format(
          "the index '{}' is modified in the loop body", counted.index->getName().str());
      return nullptr;
    }
    ir::IterationDim dim;
    dim.name = counted.index->getNameAsString();
    dim.lower = affine.bound(counted.lower);
    dim.upper = affine.bound(counted.upper, counted.upper_adjust);
    if (const clang::TypeSourceInfo *type = counted.index->getTypeSourceInfo())
      dim.type = ctx.text(type->getTypeLoc().getSourceRange());
    if (dim.type.empty())
      dim.type = counted.index->getType().getAsString();
    dim.upper_written = ctx.text(counted.upper);
    dim.inclusive = counted.upper_adjust != 0;
    const clang::QualType index_type = counted.index->getType();
    dim.wide_unsigned =
        index_type->isUnsignedIntegerType() && ctx.ast.getTypeSize(index_type) >= 64;
    if (std::optional<std::string> why = compared_as_unsigned(counted, dim.type, ctx)) {
      if (loop != outer) {
        ends_nest(loop, *why);
        break; // an inner loop runs as written, in the body
      }
      diags.report(counted.upper->getBeginLoc(), Diag::UnsupportedCountedFor) << *why;
      return nullptr;
    }
    for (const ir::Bound *b : {&dim.lower, &dim.upper}) {
      if (b->expr && !b->expr->uses(ir::SymbolKind::InnerIndex))
        continue;
      if (loop != outer) {
        ends_nest(loop,
                  fmt::format("its bound '{}' is not affine in the indices around it", b->text));
        return loop; // inner loop with non-affine bounds: part of the body instead
      }
      const clang::Expr *at = b == &dim.lower ? counted.lower : counted.upper;
      ir::Subscript why = affine.subscript(at);
      // The outermost loop's bounds are evaluated once, before it: a local computed there is a
      // loop-invariant symbol, which is affine.
      const std::string hint =
          why.reason.find("into a local") != std::string::npos
              ? std::string() // the reason already says how
              : fmt::format("; compute it into a local before the loop ('const {} {} = {};') and "
                            "use that",
                            dim.type, b == &dim.lower ? "lo" : "hi", b->text);
      diags.report(at->getBeginLoc(), Diag::UnsupportedCountedFor)
          << fmt::format("bound '{}' is not affine ({}){}", b->text, why.reason, hint);
      return nullptr;
    }
    ctx.iteration_vars[counted.index] = static_cast<int>(ctx.loop.space.dims.size());
    ctx.loop.space.dims.push_back(std::move(dim));
    const clang::ForStmt *next = sole_nested_for(loop->getBody());
    if (!next)
      return loop->getBody();
    // Only continue the nest if the next loop is canonical with affine bounds.
    auto next_form = match_counted_loop(next);
    if (const auto *error = std::get_if<LoopFormError>(&next_form)) {
      ends_nest(next, error->message);
      return loop->getBody();
    }
    loop = next;
  }
  return loop;
}

/// Fills the iteration space of `for (auto&& [key, value] : A)`.
const clang::Stmt *build_array_space(const clang::CXXForRangeStmt *loop, ScanContext &ctx,
                                     Diagnostics &diags) {
  auto form = match_array_iteration(loop);
  if (auto *error = std::get_if<LoopFormError>(&form)) {
    diags.report(error->location, Diag::UnsupportedRangeFor) << error->message;
    return nullptr;
  }
  const ArrayIteration &it = std::get<ArrayIteration>(form);
  ir::IterationSpace &space = ctx.loop.space;
  space.kind = ir::IterationSpace::Kind::Array;
  space.array = ctx.intern_array(it.array);
  space.key_name = it.key->getName().str();
  space.value_name = it.value->getName().str();
  ctx.key = it.key;
  ctx.value = it.value;
  const std::string array = it.array->getNameAsString();
  for (int d = 0; d < ctx.loop.arrays[space.array].rank; ++d) {
    ir::IterationDim dim;
    dim.name = fmt::format("{}[{}]", space.key_name, d);
    dim.lower = {ir::AffineExpr::constant(0), "0"};
    const std::string extent = fmt::format("{}.extent({})", array, d);
    dim.upper = {
        ir::AffineExpr::symbol(ir::SymbolKind::Parameter, ctx.loop.intern_parameter(extent)),
        extent};
    space.dims.push_back(std::move(dim));
  }
  return loop->getBody();
}

bool check_clauses(const BoundPragma &bound, const ir::Loop &loop, Diagnostics &diags) {
  bool ok = true;
  const auto ndims = static_cast<int>(loop.space.dims.size());
  if (loop.clauses.partition) {
    for (int d : *loop.clauses.partition) {
      if (d >= 0 && d < ndims)
        continue;
      std::string spelled;
      for (size_t i = 0; i < loop.clauses.partition->size(); ++i)
        spelled += (i ? ", " : "") + std::to_string((*loop.clauses.partition)[i]);
      diags.report(bound.pragma->partition_location, Diag::PartitionDimOutOfRange)
          << spelled << d << ndims;
      ok = false;
    }
  }
  for (size_t i = 0; i < loop.clauses.relax.size(); ++i) {
    const std::string &name = loop.clauses.relax[i];
    int id = loop.find_array(name);
    clang::SourceLocation at = i < bound.pragma->relax_locations.size()
                                   ? bound.pragma->relax_locations[i]
                                   : bound.pragma->location;
    // The iterated array's elements are partitioned with the iterations: updates of other
    // elements would stay on the worker that made them, never merged.
    if (id >= 0 && loop.space.kind == ir::IterationSpace::Kind::Array && id == loop.space.array) {
      diags.report(at, loop.arrays[id].kind == ir::ArrayKind::Sparse
                           ? Diag::RelaxIteratedSparseArray
                           : Diag::RelaxIteratedArray)
          << name;
      ok = false;
      continue;
    }
    // A Buffer already merges its updates: relax names the arrays updated with `+=` directly.
    if (id >= 0 && loop.arrays[id].kind == ir::ArrayKind::Buffer) {
      diags.report(at, Diag::RelaxBuffer) << name;
      ok = false;
      continue;
    }
    if (id >= 0 && loop.arrays[id].kind != ir::ArrayKind::Accumulator)
      continue;
    diags.report(at, id >= 0 ? Diag::RelaxAccumulator : Diag::RelaxUnknownArray) << name;
    ok = false;
  }
  return ok;
}

} // namespace

std::optional<ir::Loop> build_loop(clang::ASTContext &ast, const BoundPragma &bound,
                                   Diagnostics &diags) {
  const unsigned errors_before = diags.engine().getNumErrors();
  ir::Loop loop;
  loop.clauses = bound.pragma->clauses;
  loop.function = bound.function ? bound.function->getNameAsString() : std::string();
  ScanContext ctx(ast, loop, bound.next->getSourceRange());
  loop.pragma_location = ctx.location(bound.pragma->location);
  loop.location = ctx.location(bound.next->getBeginLoc());
  loop.end = ctx.location(bound.next->getEndLoc());

  collect_modified(bound.next, ctx);
  const clang::Stmt *body = nullptr;
  const clang::Expr *range = nullptr;
  if (const auto *range_for = llvm::dyn_cast<clang::CXXForRangeStmt>(bound.next)) {
    body = build_array_space(range_for, ctx, diags);
    range = range_for->getRangeInit();
  } else if (const auto *counted = llvm::dyn_cast<clang::ForStmt>(bound.next)) {
    body = build_counted_space(counted, ctx, diags);
  }
  if (!body)
    return std::nullopt;
  loop.text = locate_loop_text(ast, *bound.pragma, bound.next, body, range);

  check_body_control_flow(body, diags);
  RefCollector(ctx, diags).scan(body);
  find_outer_lambdas(body, ctx, diags);
  find_array_renames(body, ctx);
  check_array_names(bound.next, ctx, diags);
  check_array_elements(bound.next, ctx, diags);
  mark_block_reductions(body, loop);
  mark_element_only_arrays(body, loop);
  build_body_outline(body, ctx);
  loop.copied_scalars = read_only_scalars(body, ctx);
  AffineBuilder(ctx).define_parameters();
  if (!check_clauses(bound, loop, diags) || diags.engine().getNumErrors() > errors_before)
    return std::nullopt;
  return loop;
}

} // namespace orion::frontend

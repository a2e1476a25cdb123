#include "loop_args.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace orion::codegen {

int LoopArgs::arg(int array) const {
  if (array == iterated)
    return 0;
  for (size_t n = 0; n < passed.size(); ++n)
    if (passed[n] == array)
      return static_cast<int>(n) + 1;
  return -1;
}

LoopArgs loop_args(const ir::Loop &loop) {
  LoopArgs args;
  if (loop.space.kind == ir::IterationSpace::Kind::Array)
    args.iterated = loop.space.array;
  // Accumulators and sparse arrays stay captured by reference: the runtime does not partition
  // them. Buffers are passed: the runtime merges their updates.
  for (size_t a = 0; a < loop.arrays.size(); ++a) {
    const ir::ArrayDecl &decl = loop.arrays[a];
    if (static_cast<int>(a) != args.iterated &&
        (decl.kind == ir::ArrayKind::Dense || decl.kind == ir::ArrayKind::Buffer))
      args.passed.push_back(static_cast<int>(a));
    else if (decl.kind == ir::ArrayKind::Accumulator && decl.block_reduction &&
             is_identifier(decl.name))
      args.reductions.push_back(static_cast<int>(a));
  }
  return args;
}

bool writes(const ir::Loop &loop, int array) {
  for (const ir::ArrayRef &r : loop.refs)
    if (r.array == array && r.access != ir::AccessKind::Read)
      return true;
  return false;
}

bool relaxed(const ir::Loop &loop, int array) {
  const std::string &name = loop.arrays[array].name;
  return std::find(loop.clauses.relax.begin(), loop.clauses.relax.end(), name) !=
         loop.clauses.relax.end();
}

bool shardable(const ir::Loop &loop, int array) {
  const ir::ArrayDecl &decl = loop.arrays[array];
  if (!decl.element_access_only)
    return false;
  return decl.kind == ir::ArrayKind::Buffer ||
         (decl.kind == ir::ArrayKind::Dense && (relaxed(loop, array) || !writes(loop, array)));
}

bool served_arg(const ir::Loop &loop, const deps::LoopAnalysis &analysis, int array) {
  if (loop.arrays[array].kind != ir::ArrayKind::Dense || !shardable(loop, array) ||
      writes(loop, array))
    return false;
  for (const deps::Candidate &c : analysis.candidates)
    for (const deps::ArrayPlacement &p : c.arrays)
      if (p.array == array && p.role == model::Role::Served)
        return true;
  return false;
}

std::vector<bool> prefetched_arrays(const ir::Loop &loop, const deps::LoopAnalysis &analysis,
                                    const LoopArgs &args) {
  std::vector<bool> out(loop.arrays.size(), false);
  for (int id : args.passed)
    out[static_cast<std::size_t>(id)] =
        served_arg(loop, analysis, id) ||
        (relaxed(loop, id) && writes(loop, id) && shardable(loop, id));
  return out;
}

bool is_identifier(std::string_view text) {
  auto alpha = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; };
  if (text.empty() || !alpha(text[0]))
    return false;
  for (char c : text)
    if (!alpha(c) && !(c >= '0' && c <= '9'))
      return false;
  return true;
}

std::string parameter_name(const ir::Loop &loop, const LoopArgs &args, size_t n) {
  const std::string &name = loop.arrays[args.passed[n]].name;
  return is_identifier(name) ? name : fmt::format("orion_array_{}", n + 1);
}

} // namespace orion::codegen

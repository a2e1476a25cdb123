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

bool rows_only(const ir::Loop &loop, int array) {
  bool any = false;
  for (const ir::ArrayRef &r : loop.refs) {
    if (r.array != array)
      continue;
    if (r.access != ir::AccessKind::Read || r.subscripts.empty() ||
        r.subscripts.back().kind != ir::SubscriptKind::Range)
      return false;
    any = true;
  }
  return any;
}

LoopArgs loop_args(const ir::Loop &loop) {
  LoopArgs args;
  if (loop.space.kind == ir::IterationSpace::Kind::Array)
    args.iterated = loop.space.array;
  // Accumulators stay captured by reference. Buffers are passed: the runtime merges their
  // updates. A sparse array is passed when the body only reads rows of it (`X.row(s)`): the
  // runtime then knows which rows each rank runs; any other sparse array stays captured.
  for (size_t a = 0; a < loop.arrays.size(); ++a) {
    const ir::ArrayDecl &decl = loop.arrays[a];
    if (static_cast<int>(a) != args.iterated &&
        (decl.kind == ir::ArrayKind::Dense || decl.kind == ir::ArrayKind::Buffer ||
         (decl.kind == ir::ArrayKind::Sparse && rows_only(loop, static_cast<int>(a)))))
      args.passed.push_back(static_cast<int>(a));
    else if (decl.kind == ir::ArrayKind::Accumulator && decl.block_reduction &&
             is_identifier(decl.name))
      args.reductions.push_back(static_cast<int>(a));
  }
  return args;
}

bool writes(const ir::Loop &loop, int array) { return deps::writes(loop, array); }

bool relaxed(const ir::Loop &loop, int array) { return deps::relaxed(loop, array); }

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

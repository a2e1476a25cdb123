// Which arrays a parallel loop hands to the runtime, and under which names: the iterated array,
// then every dense array the body references, as parameters of the body's lambda. The plan
// (plan_initializer) and the call (loop_call) must agree on this order, so both take it from here.
#pragma once

#include "orion/passes/loop_analysis.hpp"
#include "orion/passes/loop_ir.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace orion::codegen {

/// The runtime's view of a loop's arrays: argument 0 is the iterated array (array iteration;
/// unused for counted nests), arguments 1.. are `passed`.
struct LoopArgs {
  int iterated = -1;       ///< LoopIR id of the iterated array, -1 for counted nests
  std::vector<int> passed; ///< LoopIR ids of the dense arrays passed to the lambda, in order
  /// LoopIR ids of the accumulators handed to the lambda as per-block partials, after `passed`
  /// (ArrayDecl::block_reduction); the other accumulators stay captured.
  std::vector<int> reductions;
  /// The argument index of LoopIR array `array`, -1 when the runtime does not see it.
  int arg(int array) const;
};

LoopArgs loop_args(const ir::Loop &loop);

/// Some reference of the body writes LoopIR array `array`.
bool writes(const ir::Loop &loop, int array);

/// LoopIR array `array` is named in relax(...).
bool relaxed(const ir::Loop &loop, int array);

/// The runtime may shard LoopIR array `array` across ranks: the body reaches it element by element
/// and writes it only through relaxed updates or a Buffer (plan::ArrayInfo::shardable).
bool shardable(const ir::Loop &loop, int array);

/// A dense array the body only reads that some candidate serves (reads with subscripts it does
/// not partition), and that the runtime may shard: passed as `served(A)`.
bool served_arg(const ir::Loop &loop, const deps::LoopAnalysis &analysis, int array);

/// Per LoopIR array: the runtime may shard it and the body reads it through a served view (a
/// served array, or a relaxed array the body updates): the arrays of the prefetch slice.
std::vector<bool> prefetched_arrays(const ir::Loop &loop, const deps::LoopAnalysis &analysis,
                                    const LoopArgs &args);

bool is_identifier(std::string_view text);

/// The lambda parameter for `passed[n]`: the array's own name, so that it shadows the array and
/// the body compiles unchanged, unless that is not an identifier.
std::string parameter_name(const ir::Loop &loop, const LoopArgs &args, size_t n);

} // namespace orion::codegen

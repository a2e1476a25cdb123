// Which arrays a parallel loop hands to the runtime, and under which names: the iterated array,
// then every dense array the body references (and a sparse one it reads row by row), as parameters
// of the body's lambda. The plan (plan_initializer) and the call (loop_call) must agree on this
// order, so both take it from here.
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
  int iterated = -1; ///< LoopIR id of the iterated array, -1 for counted nests
  /// LoopIR ids of the arrays passed to the lambda, in order: dense arrays, Buffers, and sparse
  /// arrays the body reads only row by row
  std::vector<int> passed;
  /// LoopIR ids of the accumulators handed to the lambda as per-block partials, after `passed`
  /// (ArrayDecl::block_reduction); the other accumulators stay captured.
  std::vector<int> reductions;
  /// The argument index of LoopIR array `array`, -1 when the runtime does not see it.
  int arg(int array) const;
};

LoopArgs loop_args(const ir::Loop &loop);

/// Every reference of the body to LoopIR array `array` reads a row of it (`X.row(s)`), and there
/// is one: how the body reads a sparse array orionc passes as sparse_rows(X).
bool rows_only(const ir::Loop &loop, int array);

/// Some reference of the body writes LoopIR array `array`.
bool writes(const ir::Loop &loop, int array);

/// LoopIR array `array` is named in relax(...).
bool relaxed(const ir::Loop &loop, int array);

bool is_identifier(std::string_view text);

/// The lambda parameter for `passed[n]`: the array's own name, so that it shadows the array and
/// the body compiles unchanged, unless that is not an identifier.
std::string parameter_name(const ir::Loop &loop, const LoopArgs &args, size_t n);

} // namespace orion::codegen

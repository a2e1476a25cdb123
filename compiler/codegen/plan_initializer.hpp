// The `orion::plan::LoopPlan` of one loop as a C++ aggregate initializer (runtime/include/orion/
// plan.hpp is the contract): the loop's shape, its arrays, and every legal schedule candidate
// with its array roles and cost terms, the compiler's choice first.
#pragma once

#include "loop_args.hpp"

#include "orion/passes/loop_analysis.hpp"

#include <string>

namespace orion::codegen {

/// `{.file = ..., .candidates = {...}, ...}`; continuation lines are indented by `indent`.
/// Needs `analysis.chosen`.
std::string plan_initializer(const ir::Loop &loop, const deps::LoopAnalysis &analysis,
                             const LoopArgs &args, const std::string &path,
                             const std::string &indent);

} // namespace orion::codegen

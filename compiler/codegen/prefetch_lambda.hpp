// The prefetch slice of a loop as code: a lambda declared before the runtime call, and passed to it
// after the body as `::orion::parallel::prefetch(orion_prefetch)`. Its text is the body's, edited
// as passes/prefetch_slice planned: kept statements as written, the others replaced by the served
// accesses the slice can name (each as written, as a statement), so that the runtime's prefetch
// views record the rows they name.
#pragma once

#include "loop_args.hpp"
#include "source_text.hpp"

#include "orion/passes/loop_analysis.hpp"

#include <optional>
#include <string>

namespace orion::codegen {

/// The statement that declares the slice's lambda, `auto orion_prefetch = [&](...) {...};`,
/// passed to the runtime as `::orion::parallel::prefetch(orion_prefetch)`; nothing when no
/// access of a served array can be prefetched.
/// `params` are the body lambda's array parameters (`auto &W, auto &H`); `nest_headers`, for a
/// counted nest, the re-emitted loop headers over the block (empty for array iteration).
std::optional<std::string> prefetch_lambda(const ir::Loop &loop, const deps::LoopAnalysis &analysis,
                                           const LoopArgs &args, const SourceText &source,
                                           const std::string &indent,
                                           const std::string &nest_headers);

} // namespace orion::codegen

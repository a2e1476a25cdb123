// What replaces one annotated `for` statement: a block that declares the loop's plan and calls
// the runtime (`orion::parallel::for_each` for array iteration, `for_nest<N>` for counted
// nests) with the body as a generic lambda. The body's text is kept verbatim after a `#line`,
// so the host compiler's messages about it point at the user's file.
#pragma once

#include "source_text.hpp"

#include "orion/passes/loop_analysis.hpp"

#include <llvm/Support/Error.h>

#include <string>

namespace orion::codegen {

/// The replacement of `loop.text.statement`, or an llvm::StringError saying why the loop cannot
/// be generated (a bound is not affine). Needs `analysis.chosen`.
llvm::Expected<std::string> loop_call(const ir::Loop &loop, const deps::LoopAnalysis &analysis,
                                      const SourceText &source, const std::string &path);

} // namespace orion::codegen

// Produces the C++ source that orionc hands to the host compiler.
//
// At this stage annotated loops are emitted as written: every rank runs the program replicated
// (see docs/user-guide.md). The distributed code generation replaces loop bodies here.
#pragma once

#include "orion/passes/loop_ir.hpp"

#include <string>

namespace orion::codegen {

/// The transformed source of `program`, given the original text. `#line` directives keep
/// compiler errors pointing at the user's file.
std::string emit_source(const ir::Program &program, const std::string &original_text,
                        const std::string &original_path);

} // namespace orion::codegen

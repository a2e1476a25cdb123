// Renders `orionc --dump=loops`: the LoopIR of every annotated loop, as text or JSON.
#pragma once

#include "orion/passes/loop_ir.hpp"

#include <ostream>

namespace orion::report {

/// `--dump=loops --format=text`: a readable listing, one block per loop.
void write_loops_text(const ir::Program &program, std::ostream &out);

/// `--dump=loops --format=json`: a stable, versioned document (see docs/dump-format.md).
void write_loops_json(const ir::Program &program, std::ostream &out);

/// A subscript as shown in reports: the affine form, `:` for ranges, `?` when unknown.
std::string render_subscript(const ir::Loop &loop, const ir::Subscript &subscript);

} // namespace orion::report

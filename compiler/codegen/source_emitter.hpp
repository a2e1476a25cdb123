// Produces the C++ source that orionc hands to the host compiler: the user's file, with every
// annotated loop replaced by a call into the runtime (loop_call) and its pragma commented out.
// Everything else stays byte for byte; `#line` directives keep the host compiler's messages
// pointing at the user's file.
#pragma once

#include "orion/passes/loop_analysis.hpp"

#include <llvm/Support/Error.h>

#include <string>
#include <vector>

namespace orion::codegen {

/// A loop that cannot be generated, and where (an llvm::Error payload; several are joined).
class CodegenError : public llvm::ErrorInfo<CodegenError> {
public:
  static char ID;
  CodegenError(ir::SourceLocation at, std::string message) : at(at), message(std::move(message)) {}
  void log(llvm::raw_ostream &os) const override;
  std::error_code convertToErrorCode() const override { return llvm::inconvertibleErrorCode(); }

  ir::SourceLocation at;
  std::string message;
};

/// The transformed source of `program` (one analysis per loop, each with a chosen plan), given
/// the original text; or a CodegenError for every loop that cannot be transformed.
llvm::Expected<std::string> emit_source(const ir::Program &program,
                                        const std::vector<deps::LoopAnalysis> &analyses,
                                        const std::string &original_text,
                                        const std::string &original_path);

} // namespace orion::codegen

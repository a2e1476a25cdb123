// A parallel loop whose body calls a function that runs another parallel loop. The runtime stops
// such a program when the inner loop starts (the outer loop's workers cannot start workers of
// their own); this check points at the call before the program runs. A pragma written inside
// another annotated loop's body is reported by the loop builder.
#pragma once

#include "diagnostics.hpp"

#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
class Stmt;
} // namespace clang

namespace orion::frontend {

/// An annotated loop and the function it is written in.
struct AnnotatedLoop {
  const clang::Stmt *loop;
  const clang::FunctionDecl *function;
};

/// Reports, at the call, each function called (directly or through other calls, user code only)
/// from an annotated loop's body that contains an annotated loop, with a note at that loop.
void report_nested_parallel_loops(clang::ASTContext &ast, const std::vector<AnnotatedLoop> &loops,
                                  Diagnostics &diags);

} // namespace orion::frontend

// Locates an annotated loop's text in the main file (byte offsets of the pragma, the statement,
// its body) so that code generation can splice the file without Clang.
#pragma once

#include "orion/passes/loop_ir.hpp"
#include "pragma_handler.hpp"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>

namespace orion::frontend {

/// Where `pragma`, the loop statement, its (innermost) `body` and, for array iteration, the
/// iterated expression `range` are written; not rewritable, with why, when a macro produced them.
ir::LoopText locate_loop_text(clang::ASTContext &ast, const PragmaRecord &pragma,
                              const clang::Stmt *loop, const clang::Stmt *body,
                              const clang::Expr *range);

} // namespace orion::frontend

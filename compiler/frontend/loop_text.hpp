// Locates an annotated loop's text in the main file (byte offsets of the pragma, the statement,
// its body) so that code generation can splice the file without Clang.
#pragma once

#include "orion/passes/loop_ir.hpp"
#include "pragma_handler.hpp"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>

#include <optional>

namespace orion::frontend {

/// Where `pragma`, the loop statement, its (innermost) `body` and, for array iteration, the
/// iterated expression `range` are written; not rewritable, with why, when a macro produced them.
ir::LoopText locate_loop_text(clang::ASTContext &ast, const PragmaRecord &pragma,
                              const clang::Stmt *loop, const clang::Stmt *body,
                              const clang::Expr *range);

/// Whether statement `s` ends with a `;` that its source range leaves out (`x = 1;`, but not
/// `{ ... }`).
bool has_trailing_semicolon(const clang::Stmt *s);

/// The bytes of a token range in the main file (through the `;` that follows it, if
/// `semicolon`); nullopt when a macro expansion produced only part of it, or it is elsewhere.
std::optional<ir::ByteRange> main_file_bytes(clang::ASTContext &ast, clang::SourceRange range,
                                             bool semicolon);

/// The bytes of a whole statement, its trailing `;` included.
std::optional<ir::ByteRange> statement_bytes(clang::ASTContext &ast, const clang::Stmt *s);

} // namespace orion::frontend

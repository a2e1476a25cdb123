// How an expression in a loop body reaches what it touches: the pieces the reference collector
// and the checks next to it share.
#pragma once

#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>

namespace orion::frontend {

/// Strips nodes that do not change what an expression refers to.
const clang::Expr *skip_transparent(const clang::Expr *e);

/// The variable (or member of the method's object) an lvalue is rooted at: `v[i]`, `s.n`, `*p`,
/// `*(p + 1)`, `&x`; nullptr when there is none.
const clang::ValueDecl *root_decl(const clang::Expr *e);

/// Whether a callee can write through a parameter of this type: a non-const reference or
/// pointer, or a view such as std::span<T> over non-const elements.
bool writes_through(clang::QualType param);

} // namespace orion::frontend

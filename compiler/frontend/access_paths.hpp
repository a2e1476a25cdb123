// How an expression in a loop body reaches what it touches: the pieces the reference collector
// and the checks next to it share.
#pragma once

#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <clang/Basic/SourceManager.h>

namespace orion::frontend {

/// Strips nodes that do not change what an expression refers to.
const clang::Expr *skip_transparent(const clang::Expr *e);

/// The variable (or member of the method's object) an lvalue is rooted at: `v[i]`, `s.n`, `*p`,
/// `*(p + 1)`, `&x`; nullptr when there is none.
const clang::ValueDecl *root_decl(const clang::Expr *e);

/// Whether a callee can write through a parameter of this type: a non-const reference or
/// pointer, or a view such as std::span<T> over non-const elements.
bool writes_through(clang::QualType param);

/// Whether `type` is a std::span (what DenseArray::row returns): a view, not a copy.
bool is_span(clang::QualType type);
/// Declared in namespace std (or in a class or namespace inside it).
bool in_std(const clang::Decl *decl);
/// `m[k]` on a std::map, std::unordered_map (or their multi/flat kin with an operator[]): it
/// inserts the key when the container does not hold it, so even a read of it writes.
bool inserting_subscript(const clang::CXXOperatorCallExpr *op);
/// The standard library's type-erasing callables (std::function, std::move_only_function, ...):
/// what a call of one runs is a run-time value.
bool is_callable_wrapper(const clang::CXXRecordDecl *record);
/// A value that gives write access to what it refers to: a reference or pointer to non-const, a
/// span of non-const elements, or an iterator or smart pointer whose operator* returns a
/// reference to non-const (a `const_iterator` does not).
bool writable_handle(clang::QualType type);

/// The definition of a function written by the user: its body is visible, and it is not in a
/// system header, the standard library or orion (whose effects on arrays are modelled directly).
/// Null otherwise.
const clang::FunctionDecl *user_definition(const clang::FunctionDecl *fn,
                                           const clang::SourceManager &sm);

} // namespace orion::frontend

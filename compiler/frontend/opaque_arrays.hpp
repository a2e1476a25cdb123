// Finds orion arrays that a parallel loop reaches by a path orionc cannot follow: through a
// member of another object (`m.w`), a pointer (`*pa`), a container (`layers[0]`), a function's
// result, or, inside a method or function the body calls without orionc reading it as inlined, a
// member or a global. Such an access would be in no dependence and no exchange between ranks: the
// loop would run without it and lose its writes. So it is an error, never a silent result.
#pragma once

#include "scan_context.hpp"

#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>

#include <optional>
#include <string>
#include <vector>

namespace orion::frontend {

/// How an expression reaches an orion array that is not a named variable.
struct OpaquePath {
  const clang::Expr *expr; ///< the expression of array type
  std::string how;         ///< "a member of another object", "a pointer", ...
  std::string name;        ///< a name to suggest for a reference declared before the loop
};

/// `e` when it is an expression of orion array type (dense, sparse, Buffer) that names no variable
/// orionc follows: ctx.object() cannot resolve it, and no array is among a call's arguments (a
/// call that is handed the array counts as touching all of it).
std::optional<OpaquePath> opaque_array(const clang::Expr *e, const ScanContext &ctx);

/// The first orion array that `callee`'s body (or a function it calls, to a small depth) reaches
/// through a member, a pointer, a container, a function's result or a global variable: what a
/// method of a user's object or a function orionc does not inline could touch unseen. Arrays the
/// callee receives as parameters are not reported (the caller records them).
std::optional<OpaquePath> hidden_array_in(const clang::FunctionDecl *callee,
                                          const ScanContext &ctx);

/// The first write, in `callee`'s body or a function it calls, to a variable with static storage
/// (a global, a static member or a static local) that is not const: what every worker of a rank
/// would share and every rank would have its own copy of.
std::optional<OpaquePath> static_write_in(const clang::FunctionDecl *callee,
                                          const ScanContext &ctx);

/// The first call through a std::function (or another type-erasing wrapper) in `callee`'s body or
/// a function it calls: what it runs is a run-time value orionc cannot read. `expr` is the
/// wrapper called, `how` its type's name.
std::optional<OpaquePath> wrapper_call_in(const clang::FunctionDecl *callee,
                                          const ScanContext &ctx);

/// The first write in a const method's body to what the object holds by reference or pointer, or
/// to a mutable member (`++hits` with `long long &hits;`): what a call on an object declared
/// before the loop changes outside the object's own copy. With `any_member`, in any method, to
/// any member of the object. `name` is the member; `how` says which kind of member it is.
std::optional<OpaquePath> member_write_in(const clang::CXXMethodDecl *method,
                                          const ScanContext &ctx, bool any_member);

/// The methods of classes in this translation unit that override `method`, directly or not.
std::vector<const clang::CXXMethodDecl *> overriders(const clang::CXXMethodDecl *method,
                                                     clang::ASTContext &ast);

/// The orion array that the initializer of `var` reaches, when `var` is a reference or pointer
/// into its elements (not to the whole array): `const auto &first = a(0)`, `auto *p = &a(0)`,
/// `std::span<float> s(W.data(), n)`.
const clang::ValueDecl *array_behind(const clang::VarDecl *var, const ScanContext &ctx);

} // namespace orion::frontend

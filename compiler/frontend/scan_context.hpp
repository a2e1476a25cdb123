// State shared by the pieces that turn one annotated loop's AST into LoopIR.
#pragma once

#include "orion/passes/loop_ir.hpp"
#include "orion_types.hpp"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/DeclCXX.h>
#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/DenseSet.h>

#include <map>

namespace orion::frontend {

/// The variable or data member an expression names: `W`, `this->W`, `W` inside a method.
const clang::ValueDecl *referenced_object(const clang::Expr *e);

/// A local that names an array element or row (`auto& w = W(u, k)`, `auto row = W.row(u)`).
struct Alias {
  int array;
  std::vector<ir::Subscript> subscripts;
  std::vector<int> inner_loops;
  std::string text; ///< the aliased expression as written
};

/// What is known while scanning one loop: its symbols, aliases and the IR being filled.
struct ScanContext {
  ScanContext(clang::ASTContext &ast, ir::Loop &loop, clang::SourceRange loop_range)
      : ast(ast), loop(loop), loop_range(loop_range) {}

  clang::ASTContext &ast;
  ir::Loop &loop;
  clang::SourceRange loop_range; ///< the whole annotated statement

  llvm::DenseMap<const clang::ValueDecl *, int> iteration_vars; ///< counted-nest indices
  const clang::BindingDecl *key = nullptr;   ///< array iteration: the key binding
  const clang::BindingDecl *value = nullptr; ///< array iteration: the value binding
  llvm::DenseMap<const clang::VarDecl *, int> inner_vars;
  llvm::DenseMap<const clang::VarDecl *, Alias> aliases;
  llvm::DenseSet<const clang::ValueDecl *> modified; ///< written somewhere in the loop
  /// Parameters that are const locals declared before the loop whose initializers keep their
  /// value until it runs (AffineBuilder::define_parameters), by parameter id.
  std::map<int, const clang::VarDecl *> parameter_inits;

  /// Helper functions whose bodies are being scanned as if inlined, innermost last.
  std::vector<const clang::FunctionDecl *> inlined;
  /// Parameters of inlined helpers bound to an orion array (or accumulator) of the caller.
  llvm::DenseMap<const clang::ValueDecl *, const clang::ValueDecl *> bound_arrays;
  /// Integer parameters of inlined helpers bound to the caller's argument expression.
  llvm::DenseMap<const clang::ValueDecl *, const clang::Expr *> bound_values;

  /// Declared in the loop's statement or in the body of a helper scanned as if inlined.
  bool declared_inside(const clang::Decl *decl) const;
  /// The caller's array a helper parameter stands for, or `decl` itself.
  const clang::ValueDecl *resolve(const clang::ValueDecl *decl) const;
  /// The orion object an expression names, through helper parameters (see referenced_object).
  const clang::ValueDecl *object(const clang::Expr *e) const;
  std::string text(clang::SourceRange range) const;
  std::string text(const clang::Stmt *stmt) const;
  ir::SourceLocation location(clang::SourceLocation loc) const;
  /// The declaration of each array of the loop, by ir array id (intern_array).
  std::vector<const clang::ValueDecl *> array_decls;
  /// Two different declarations the loop reaches under one name (the second has the first's id).
  std::vector<std::pair<const clang::ValueDecl *, const clang::ValueDecl *>> name_clashes;

  /// The ir array id for an orion array declaration, added on first use.
  int intern_array(const clang::ValueDecl *decl);
  /// Like intern_array, for a variable that holds accumulators (itself or in a container).
  int intern_accumulator(const clang::ValueDecl *decl, const OrionType &type);
};

} // namespace orion::frontend

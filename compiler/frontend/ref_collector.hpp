// Walks a parallel loop's body and records every array reference with its role
// (read / write / read-write / reduce) and classified subscripts, following local aliases.
#pragma once

#include "affine_builder.hpp"
#include "diagnostics.hpp"
#include "modified_vars.hpp"
#include "scan_context.hpp"

#include <clang/AST/Stmt.h>

#include <set>
#include <string>

namespace orion::frontend {

/// Fills ctx.loop.refs and ctx.loop.inner_loops from the loop body.
class RefCollector {
public:
  RefCollector(ScanContext &ctx, Diagnostics &diags) : ctx_(ctx), diags_(diags), affine_(ctx) {}
  void scan(const clang::Stmt *stmt, ir::AccessKind access = ir::AccessKind::Read);

private:
  /// An array element, row, or whole-array access recognized in an expression.
  struct Access {
    Access(int array, const clang::Expr *expr, std::string via = {},
           std::optional<std::vector<int>> inner_loops = std::nullopt)
        : array(array), expr(expr), via(std::move(via)), inner_loops(std::move(inner_loops)) {}
    int array = -1;
    std::vector<ir::Subscript> subscripts;
    const clang::Expr *expr = nullptr;
    std::string via;
    std::optional<std::vector<int>> inner_loops; ///< an alias's, from where it was defined
  };

  std::optional<Access> match_access(const clang::Expr *e);
  /// The element a sub-object of which `e` names: `A(i).x`, `A(i)[d]` (an element's own
  /// operator[], *, ->), `A(i).c[d]`, the decayed `A(i).c`. `through_member` says whether the path
  /// went into a member (a pointer from there cannot leave the element).
  std::optional<Access> element_root(const clang::Expr *e, bool &through_member);
  /// `pc` in `pc[d]` or `*pc`, a local pointer into an element (an alias made by scan_decl).
  std::optional<Access> pointer_alias(const clang::Expr *e);
  void record(const Access &access, ir::AccessKind kind, bool commutative = false);
  /// `amount`: what `op` (`+=` or `-=`) adds, when it is a builtin operator.
  bool scan_commutative_update(const clang::Expr *target, const clang::Expr *amount = nullptr,
                               llvm::StringRef op = {});
  bool relaxed_dense(int array) const;
  void check_relaxed_write(const Access &access, ir::AccessKind kind, bool commutative);
  /// The arguments of a call of `callee`; a null callee is a call through a pointer, a reference
  /// or a member pointer (`callee_expr`), whose prototype gives the parameters, if it can be seen.
  void scan_call_args(const clang::FunctionDecl *callee, llvm::ArrayRef<const clang::Expr *> args,
                      const clang::Expr *callee_expr = nullptr);
  bool scan_inlined_call(const clang::FunctionDecl *callee,
                         llvm::ArrayRef<const clang::Expr *> args);
  /// Parameter i of the template specialization `def` is an orion array whose template arguments
  /// are deduced from the argument `arg`: the generated code passes a view, which does not deduce.
  void report_deduced_array_parameter(const clang::FunctionDecl *def, size_t i,
                                      const clang::Expr *arg);
  bool scan_inner_for(const clang::ForStmt *loop);
  /// A method called on an orion array (`A.fill(0)`, `E.value(e)`): an access of any element,
  /// a read when the method is const or when `value_only` (its result is only read: the call
  /// sits under an lvalue-to-rvalue conversion). False if `call` is not on an orion array.
  bool scan_array_method(const clang::CXXMemberCallExpr *call, bool value_only);
  /// `A1 copy = a;`, an argument a function takes by value: a copy of a whole orion array reads
  /// every element of it. Records that and returns true, for such a construction.
  bool scan_array_copy(const clang::CXXConstructExpr *construct);
  /// Scans `branch` with `guards` added to the references' guards.
  void scan_guarded(const clang::Stmt *branch, const std::vector<ir::Guard> &guards,
                    ir::AccessKind access = ir::AccessKind::Read);
  void scan_decl(const clang::VarDecl *var);
  /// The relaxed element whose proxy `e` evaluates to in the generated code without converting
  /// it to a number: `A(i)`, and the forms that pass a prvalue on (`c ? A(i) : A(j)`, a comma,
  /// a cast to `decltype(A(i))`, a call of a lambda or function whose deduced return type comes
  /// from `return A(i);`). `auto x = ...` of such an expression would keep the live proxy.
  std::optional<Access> relaxed_proxy_source(const clang::Expr *e, int depth = 0);
  /// `f(A(k))` where f's parameter is a deduced type taken by value (`template <class T> f(T x)`,
  /// a generic lambda's `auto x`): C++17 initializes it with the proxy itself, not a copy.
  void check_relaxed_deduced_args(const clang::CallExpr *call);
  void scan_subscript_exprs(const clang::Expr *access);
  void scan_container_indices(const clang::Expr *e);
  void note_outer_write(const clang::Expr *e, ir::AccessKind access);
  /// An argument of an object that holds references, pointers or views
  /// (`struct R { int64_t &x; } r{A(i)};`): what it names may be written through the object.
  void scan_handed_to_object(const clang::Expr *arg);
  /// Reports `m[k]` on a std::map (or unordered_map) declared before the loop or a member of the
  /// object the loop's method runs on: it inserts missing keys; true if so.
  bool report_inserting_subscript(const clang::CXXOperatorCallExpr *op);
  /// `e` is rooted at a variable declared before the loop (not an orion array).
  bool outer_variable(const clang::Expr *e) const;
  /// Reports an array reached by a path orionc cannot follow (opaque_arrays.hpp); true if so.
  bool report_opaque_array(const clang::Expr *e);
  /// Reports a use of a reference or pointer declared before the loop into an array's elements
  /// (`const auto &first = a(0);`); true if so.
  bool report_outer_reference(const clang::Expr *e);
  /// A call through a std::function (or another type-erasing wrapper) declared before the loop,
  /// whose target orionc does not read: an error when it holds a lambda that captures by
  /// reference, else its target is checked like a callee (or a warning when it is unknown).
  /// False if `op` is not such a call.
  bool check_wrapped_call(const clang::CXXOperatorCallExpr *op);
  /// Reports a callee orionc does not read as inlined that reaches an array or a static variable
  /// unseen, or calls through a std::function. `name`: what the messages call the callee (a
  /// function object's name for its operator()); its own name when empty.
  void check_callee(const clang::Expr *call, const clang::FunctionDecl *callee,
                    const std::string &name = {});
  /// A std::function (or another type-erasing wrapper) that `callee` calls, such as a member of
  /// the function object the loop calls: an error when the object was built with a lambda that
  /// captures by reference, a warning otherwise.
  void check_wrapper_in_callee(const clang::Expr *call, const std::string &callee_name,
                               const clang::FunctionDecl *callee);
  ir::Subscript range_subscript() const;
  static void make_unknown(ir::Subscript &s, const std::string &reason);

  ScanContext &ctx_;
  Diagnostics &diags_;
  AffineBuilder affine_;
  std::vector<int> inner_stack_;
  std::vector<ir::Guard> guard_stack_; ///< the affine conditions around the current statement
  /// Set while scanning the object of a member written (`flags(b).low = 1`): part of it.
  bool partial_ = false;
  /// Loops of the body around the current statement that are not counted inner loops.
  int uncounted_loops_ = 0;
  llvm::DenseSet<const clang::ValueDecl *> warned_;
  llvm::DenseSet<int> relax_warned_;    ///< relaxed arrays whose plain write was reported
  std::set<std::string> opaque_warned_; ///< opaque paths reported, by text
  llvm::DenseSet<const clang::Decl *> callees_checked_; ///< callees searched for hidden arrays
  /// Scanning what a reference, pointer or view is bound to (scan_escaping): the elements it names
  /// count as written, but an outer variable bound that way is reported where it is written.
  bool escaping_ = false;
  /// The return types of the helpers being read as inlined and of the lambdas being scanned,
  /// innermost last: a `return` of an element through a writable reference or view escapes.
  std::vector<clang::QualType> returns_;
  /// Scans `e`, which something that can write it is bound to: its elements as `readwrite`.
  void scan_escaping(const clang::Expr *e);
};

} // namespace orion::frontend

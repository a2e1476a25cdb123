#include "ref_collector.hpp"

#include "access_paths.hpp"
#include "modified_vars.hpp"
#include "opaque_arrays.hpp"

#include "guard_builder.hpp"

#include "loop_form.hpp"
#include "orion_types.hpp"
#include "view_overloads.hpp"

#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>
#include <fmt/format.h>

namespace orion::frontend {
namespace {

/// Whether control can enter `s` in the middle: a label (a `goto` target) or a `case` of a
/// switch outside `s`.
bool has_jump_target(const clang::Stmt *s) {
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    bool found = false;
    int switches = 0;
    bool TraverseSwitchStmt(clang::SwitchStmt *sw) {
      ++switches;
      const bool more = clang::RecursiveASTVisitor<Finder>::TraverseSwitchStmt(sw);
      --switches;
      return more;
    }
    bool TraverseLambdaExpr(clang::LambdaExpr *) { return true; }
    bool VisitLabelStmt(clang::LabelStmt *) {
      found = true;
      return false;
    }
    bool VisitSwitchCase(clang::SwitchCase *) {
      found = found || switches == 0;
      return !found;
    }
  } finder;
  if (s)
    finder.TraverseStmt(const_cast<clang::Stmt *>(s));
  return finder.found;
}

} // namespace

namespace {

/// A class object through which what it was constructed from may be written later: it has a
/// non-const reference or pointer member, or is a view of non-const elements (a span), itself or
/// in a base (`std::pair<T &, T &>`; not `std::tuple<T>`, which copies).
bool holds_writable_reference(clang::QualType type, int depth = 0) {
  if (writes_through(type))
    return true;
  if (const clang::ArrayType *array = type->getAsArrayTypeUnsafe())
    return depth <= 4 && holds_writable_reference(array->getElementType(), depth + 1);
  const auto *record = type->getAsCXXRecordDecl();
  if (record == nullptr || !record->hasDefinition() || depth > 4)
    return false;
  for (const clang::FieldDecl *field : record->fields())
    if (writes_through(field->getType()) || holds_writable_reference(field->getType(), depth + 1))
      return true;
  for (const clang::CXXBaseSpecifier &base : record->bases())
    if (holds_writable_reference(base.getType(), depth + 1))
      return true;
  return false;
}

} // namespace

using ir::AccessKind;

void RefCollector::make_unknown(ir::Subscript &s, const std::string &reason) {
  s.kind = ir::SubscriptKind::Unknown;
  s.reason = reason;
}

ir::Subscript RefCollector::range_subscript() const {
  ir::Subscript s;
  s.kind = ir::SubscriptKind::Range;
  s.text.push_back(':'); // not `= ":"`: GCC 12 reports a false -Wrestrict on it here
  return s;
}

void RefCollector::record(const Access &access, ir::AccessKind kind, bool commutative) {
  check_relaxed_write(access, kind, commutative);
  ir::ArrayRef ref;
  ref.id = static_cast<int>(ctx_.loop.refs.size());
  ref.array = access.array;
  ref.access = kind;
  ref.subscripts = access.subscripts;
  ref.inner_loops = access.inner_loops ? *access.inner_loops : inner_stack_;
  ref.guards = guard_stack_;
  ref.location = ctx_.location(access.expr->getBeginLoc());
  ref.text = ctx_.text(access.expr);
  ref.via = access.via;
  ref.commutative = commutative && ctx_.inlined.empty(); // a helper's `+=` is a plain write
  ref.partial = partial_ && kind != AccessKind::Read;
  ref.repeated = uncounted_loops_ > 0;
  ctx_.loop.refs.push_back(std::move(ref));
}

void RefCollector::scan_container_indices(const clang::Expr *e) {
  e = e->IgnoreParenImpCasts();
  if (const auto *op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(e);
      op && op->getOperator() == clang::OO_Subscript && op->getNumArgs() == 2) {
    report_inserting_subscript(op);
    scan_container_indices(op->getArg(0));
    scan(op->getArg(1));
  } else if (const auto *sub = llvm::dyn_cast<clang::ArraySubscriptExpr>(e)) {
    scan_container_indices(sub->getBase());
    scan(sub->getIdx());
  }
}

void RefCollector::scan_subscript_exprs(const clang::Expr *access) {
  // Subscripts are read, and may read other arrays themselves: `W(idx(i), k)`.
  const clang::Expr *e = skip_transparent(access);
  if (const auto *op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(e)) {
    if (op->getOperator() == clang::OO_Subscript) {
      scan_subscript_exprs(op->getArg(0));
      scan(op->getArg(1));
      return;
    }
    for (unsigned i = 1; i < op->getNumArgs(); ++i)
      scan(op->getArg(i));
  } else if (const auto *call = llvm::dyn_cast<clang::CXXMemberCallExpr>(e)) {
    for (const clang::Expr *arg : call->arguments())
      scan(arg);
  }
}

void RefCollector::scan_escaping(const clang::Expr *e) {
  const bool outer = escaping_;
  escaping_ = true;
  scan(e, AccessKind::ReadWrite);
  escaping_ = outer;
}

bool RefCollector::scan_inner_for(const clang::ForStmt *loop) {
  auto counted = match_counted_loop(loop);
  auto *match = std::get_if<CountedLoop>(&counted);
  if (!match || ctx_.modified.contains(match->index))
    return false; // its header does not describe the values its index takes
  ir::InnerLoop inner;
  inner.var = match->index->getNameAsString();
  inner.lower = affine_.bound(match->lower);
  inner.upper = affine_.bound(match->upper, match->upper_adjust);
  inner.parent = inner_stack_.empty() ? -1 : inner_stack_.back();
  inner.location = ctx_.location(loop->getForLoc());
  const int id = static_cast<int>(ctx_.loop.inner_loops.size());
  ctx_.loop.inner_loops.push_back(std::move(inner));
  ctx_.inner_vars[match->index] = id;
  scan(match->lower);
  scan(match->upper);
  inner_stack_.push_back(id);
  scan(loop->getBody());
  inner_stack_.pop_back();
  return true;
}

void RefCollector::scan_guarded(const clang::Stmt *branch, const std::vector<ir::Guard> &guards,
                                AccessKind access) {
  guard_stack_.insert(guard_stack_.end(), guards.begin(), guards.end());
  scan(branch, access);
  guard_stack_.resize(guard_stack_.size() - guards.size());
}

void RefCollector::scan_decl(const clang::VarDecl *var) {
  const clang::Expr *init = var->getInit();
  if (!init)
    return;
  // A local whose destructor the user wrote runs it at the end of the iteration (RAII: `Commit
  // c{W, i, v};` writing W in ~Commit): checked like a method the body calls.
  if (const auto *record = var->getType()->getAsCXXRecordDecl();
      record && record->hasDefinition() && record->getDestructor() &&
      !record->getDestructor()->isTrivial())
    check_callee(init, record->getDestructor());
  // In the body a relaxed element is a proxy (the value at the last merge plus this worker's
  // deltas): `auto x = A(k)` would keep the proxy, whose value follows later updates, where the
  // serial program keeps a copy.
  if (!var->getType()->isReferenceType() && var->getType()->getContainedDeducedType()) {
    if (auto a = relaxed_proxy_source(init)) {
      diags_.report(var->getLocation(), Diag::RelaxedAutoCopy)
          << var->getName() << ctx_.loop.arrays[static_cast<size_t>(a->array)].name
          << ctx_.loop.arrays[static_cast<size_t>(a->array)].element_type;
    }
  }
  // `auto& w = W(u, k)`, `auto row = W.row(u)`: later uses of the local are uses of the element.
  const bool binds =
      var->getType()->isReferenceType() || !var->getType().getNonReferenceType()->isScalarType();
  if (binds) {
    if (auto access = match_access(init)) {
      ctx_.aliases[var] = Alias{access->array, access->subscripts, inner_stack_, ctx_.text(init)};
      scan_subscript_exprs(init); // the subscripts are evaluated here, once
      return;
    }
  }
  // `auto &e = A(i)[0]`, `auto &f = A(i).x`, `double *c = A(i).c`: a reference or pointer into an
  // element; writes through it are writes of the element. (A pointer to the element itself,
  // `&A(i)`, may reach other elements: that is recorded as an access of any element.)
  const clang::QualType type = var->getType();
  std::optional<Access> into_element;
  if (type->isReferenceType() || type->isPointerType()) {
    bool through_member = false;
    if (auto access = element_root(init, through_member);
        access && (type->isReferenceType() || through_member))
      into_element = access;
  }
  // Any other variable that can write what it is initialized with (`auto &x = c ? A(i) : A(0)`,
  // a non-const pointer or span): what its initializer names may be written through it later,
  // where the analysis no longer sees the element. Such writes used to count as reads.
  if (writes_through(type) && !into_element)
    scan_escaping(init);
  else
    scan(init, AccessKind::Read);
  if (into_element)
    ctx_.aliases[var] =
        Alias{into_element->array, into_element->subscripts, inner_stack_, ctx_.text(init)};
}

void RefCollector::scan(const clang::Stmt *stmt, AccessKind access) {
  if (!stmt)
    return;
  if (const auto *call = llvm::dyn_cast<clang::CallExpr>(stmt))
    check_relaxed_deduced_args(call);
  if (const auto *e = llvm::dyn_cast<clang::Expr>(stmt)) {
    if (report_opaque_array(e) || report_outer_reference(e))
      return;
    if (auto a = match_access(e)) {
      record(*a, access);
      scan_subscript_exprs(e);
      return;
    }
    note_outer_write(e, access);
    if (const auto *construct = llvm::dyn_cast<clang::CXXConstructExpr>(e);
        construct && scan_array_copy(construct))
      return;
  }

  if (const auto *ds = llvm::dyn_cast<clang::DeclStmt>(stmt)) {
    for (const clang::Decl *d : ds->decls())
      if (const auto *var = llvm::dyn_cast<clang::VarDecl>(d))
        scan_decl(var);
    return;
  }
  if (const auto *bin = llvm::dyn_cast<clang::BinaryOperator>(stmt)) {
    if ((bin->getOpcode() == clang::BO_AddAssign || bin->getOpcode() == clang::BO_SubAssign) &&
        scan_commutative_update(bin->getLHS(), bin->getRHS(), bin->getOpcodeStr())) {
      scan(bin->getRHS());
      return;
    }
    if (bin->isAssignmentOp()) {
      scan(bin->getLHS(),
           bin->isCompoundAssignmentOp() ? AccessKind::ReadWrite : AccessKind::Write);
      // `p = &A(i)` on a pointer to non-const: what p now points to may be written through it.
      if (bin->getOpcode() == clang::BO_Assign && writes_through(bin->getType()))
        scan_escaping(bin->getRHS());
      else
        scan(bin->getRHS());
      return;
    }
    scan(bin->getLHS());
    scan(bin->getRHS());
    return;
  }
  if (const auto *un = llvm::dyn_cast<clang::UnaryOperator>(stmt)) {
    if (un->getOpcode() == clang::UO_AddrOf) {
      if (auto a = match_access(un->getSubExpr())) {
        // A pointer to an element can reach any element of the array (`p[1]`).
        for (ir::Subscript &s : a->subscripts)
          make_unknown(s, "its address is taken");
        record(*a, AccessKind::ReadWrite);
        scan_subscript_exprs(un->getSubExpr());
        return;
      }
    }
    if (un->isIncrementDecrementOp() && scan_commutative_update(un->getSubExpr()))
      return;
    if (un->getOpcode() == clang::UO_Deref) {
      if (auto a = pointer_alias(un->getSubExpr())) { // `*pc = 1`
        record(*a, access);
        return;
      }
    }
    const bool writes = un->isIncrementDecrementOp() || un->getOpcode() == clang::UO_AddrOf;
    scan(un->getSubExpr(), writes ? AccessKind::ReadWrite : AccessKind::Read);
    return;
  }
  if (const auto *op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(stmt)) {
    // `acc += x`, also on an accumulator held in a container (`sums[c] += x`): a reduction on
    // the variable that holds it.
    auto type = op->getNumArgs() > 0 ? classify_orion_type(op->getArg(0)->getType()) : std::nullopt;
    if (type && type->kind == ir::ArrayKind::Accumulator) {
      if (const clang::ValueDecl *root = root_decl(op->getArg(0))) {
        Access a(ctx_.intern_accumulator(ctx_.resolve(root), *type), op);
        record(a, AccessKind::Reduce);
      }
      scan_container_indices(op->getArg(0));
      for (unsigned i = 1; i < op->getNumArgs(); ++i)
        scan(op->getArg(i));
      return;
    }
    // `update(u, i)` on a lambda defined before the loop: read its body as inlined (one defined
    // in the body was read where it is defined).
    if (const auto *method = llvm::dyn_cast_or_null<clang::CXXMethodDecl>(op->getCalleeDecl());
        method && op->getOperator() == clang::OO_Call && method->getParent()->isLambda() &&
        !ctx_.declared_inside(method->getParent())) {
      scan(op->getArg(0));
      std::vector<const clang::Expr *> args(op->arg_begin() + 1, op->arg_end());
      if (!scan_inlined_call(method, args)) {
        scan_call_args(method, args);
        check_callee(op, method);
      }
      return;
    }
    // A call of a lambda defined in the body, or of another function object
    // (`std::ranges::swap(A(i - 1), A(i))`): arguments bound to non-const references may be
    // written (they used to count as reads). The lambda's own body was read where it is defined;
    // a user's function object's operator() is checked like a method: one that reaches an array
    // through a member of the object was missed, and its writes stayed on each rank.
    if (const auto *method = llvm::dyn_cast_or_null<clang::CXXMethodDecl>(op->getCalleeDecl());
        method && op->getOperator() == clang::OO_Call && op->getNumArgs() > 0 &&
        !classify_orion_type(op->getArg(0)->getType())) {
      // A non-const operator() changes the object (`counter(v)` with `++hits` in it): on one
      // declared before the loop each worker would change its rank's copy. It was a read.
      scan(op->getArg(0), method->isConst() ? AccessKind::Read : AccessKind::ReadWrite);
      std::vector<const clang::Expr *> args(op->arg_begin() + 1, op->arg_end());
      scan_call_args(method, args);
      if (!method->getParent()->isLambda() && !check_wrapped_call(op))
        check_callee(op, method, ctx_.text(op->getArg(0)));
      return;
    }
    // A user's operator (`W << Put{i, i}`, `m += x` on a Money, `prev[i]` on a view it wrote) is
    // a function the body calls: a free one is read as inlined, a member one is checked like a
    // method. They were read as plain operators: the arrays and statics they reach were missed.
    if (const clang::FunctionDecl *fn = op->getDirectCallee();
        fn && user_definition(fn, ctx_.ast.getSourceManager())) {
      if (!llvm::isa<clang::CXXMethodDecl>(fn)) {
        std::vector<const clang::Expr *> args(op->arg_begin(), op->arg_end());
        if (!scan_inlined_call(fn, args)) {
          scan_call_args(fn, args);
          check_callee(op, fn);
        }
        return;
      }
      check_callee(op, fn);
    }
    const auto kind = op->getOperator();
    if ((kind == clang::OO_PlusEqual || kind == clang::OO_MinusEqual ||
         kind == clang::OO_PlusPlus || kind == clang::OO_MinusMinus) &&
        scan_commutative_update(op->getArg(0))) {
      for (unsigned i = 1; i < op->getNumArgs(); ++i)
        scan(op->getArg(i));
      return;
    }
    if (kind == clang::OO_Equal || (kind >= clang::OO_PlusEqual && kind <= clang::OO_PipeEqual) ||
        kind == clang::OO_LessLessEqual || kind == clang::OO_GreaterGreaterEqual) {
      scan(op->getArg(0), kind == clang::OO_Equal ? AccessKind::Write : AccessKind::ReadWrite);
      // `r = A.row(i)` on a span of non-const elements: the row may be written through r.
      const bool view = kind == clang::OO_Equal && writes_through(op->getArg(0)->getType());
      for (unsigned i = 1; i < op->getNumArgs(); ++i)
        if (view)
          scan_escaping(op->getArg(i));
        else
          scan(op->getArg(i));
      return;
    }
    // `A(i)[d] = x`, `*A(i) = x`, `v[0] = x` on an element type with its own operator[] (a
    // std::array, a user's small vector): the element's sub-object is accessed as the whole
    // expression is, like a member. They used to count as reads of the element.
    if ((kind == clang::OO_Subscript || kind == clang::OO_Star || kind == clang::OO_Arrow) &&
        op->getNumArgs() > 0) {
      const auto *method = llvm::dyn_cast_or_null<clang::CXXMethodDecl>(op->getCalleeDecl());
      // `up->n += 1` or `*sp += 1` on a smart pointer declared before the loop: its const
      // operator-> or operator* hands out a pointer or reference to non-const (the expression's
      // own type has no reference: `*sp` is an lvalue of the element type).
      const bool may_write =
          !method || !method->isConst() ||
          (outer_variable(op->getArg(0)) && writable_handle(method->getReturnType()));
      if (report_inserting_subscript(op)) {
        for (unsigned i = 1; i < op->getNumArgs(); ++i)
          scan(op->getArg(i));
        return;
      }
      scan(op->getArg(0), may_write ? access : AccessKind::Read);
      for (unsigned i = 1; i < op->getNumArgs(); ++i)
        scan(op->getArg(i));
      return;
    }
    // Any other operator whose result can write what its operands name, where that result is
    // written through (`for (auto &x : A.row(i) | std::views::take(2)) x += ...`): the operands'
    // elements count as written. Such a pipe used to count as a read.
    if (access != AccessKind::Read && holds_writable_reference(op->getType())) {
      for (const clang::Expr *arg : op->arguments())
        scan_escaping(arg);
      return;
    }
  }
  if (const auto *call = llvm::dyn_cast<clang::CXXMemberCallExpr>(stmt)) {
    const clang::Expr *object = call->getImplicitObjectArgument();
    if (const auto held = object ? classify_orion_type(object->getType()) : std::nullopt;
        held && held->kind == ir::ArrayKind::Accumulator && call->getMethodDecl()) {
      diags_.report(call->getBeginLoc(), Diag::AccumulatorMethodInBody)
          << ctx_.text(call) << call->getMethodDecl()->getNameAsString();
      return;
    }
    if (scan_array_method(call, false))
      return;
    const auto *method = call->getMethodDecl();
    if (object) {
      if (auto row = match_access(object); row && method) {
        // `W.row(u).data()`, `.begin()`, `.front()`: a pointer, iterator or reference into the
        // row escapes; whoever gets it may write the row, unless its elements are const.
        const std::string name = method->getNameAsString();
        if (name != "size" && name != "size_bytes" && name != "empty") {
          // A view of const elements (`std::span<const double>`, from a const array) hands out
          // nothing to write through, whatever the method returns.
          const clang::QualType view = object->getType();
          const bool const_elements = (call->getType()->isPointerType() &&
                                       call->getType()->getPointeeType().isConstQualified()) ||
                                      (is_span(view) && !writes_through(view));
          record(*row, const_elements ? AccessKind::Read : AccessKind::ReadWrite);
        }
        scan_subscript_exprs(object);
        std::vector<const clang::Expr *> args(call->arg_begin(), call->arg_end());
        scan_call_args(method, args);
        return;
      }
      // A const method of a variable declared before the loop can still hand out a way to
      // write what the variable refers to (`r.get()` of a std::reference_wrapper): written
      // through, that writes the variable.
      const bool hands_out = access != AccessKind::Read && outer_variable(object) &&
                             writable_handle(call->getCallReturnType(ctx_.ast));
      const bool mutates = method && (!method->isConst() || hands_out);
      scan(object, mutates ? AccessKind::ReadWrite : AccessKind::Read);
    }
    std::vector<const clang::Expr *> args(call->arg_begin(), call->arg_end());
    scan_call_args(method, args, method ? nullptr : call->getCallee());
    check_callee(call, method);
    return;
  }
  if (const auto *call = llvm::dyn_cast<clang::CallExpr>(stmt)) {
    if (!llvm::isa<clang::CXXOperatorCallExpr>(call)) {
      scan(call->getCallee());
      std::vector<const clang::Expr *> args(call->arg_begin(), call->arg_end());
      if (!scan_inlined_call(call->getDirectCallee(), args)) {
        scan_call_args(call->getDirectCallee(), args,
                       call->getDirectCallee() ? nullptr : call->getCallee());
        check_callee(call, call->getDirectCallee());
      }
      return;
    }
  }
  if (const auto *member = llvm::dyn_cast<clang::MemberExpr>(stmt)) {
    // `flags(b).low = 1` writes part of the element (a method call's object is not this).
    // `st(b).cnt` on a relaxed element: the proxy has no such member (a host compiler error).
    if (access == AccessKind::Read)
      if (const auto a = relaxed_proxy_source(member->getBase());
          a && relax_warned_.insert(a->array).second) {
        const ir::ArrayDecl &array = ctx_.loop.arrays[static_cast<size_t>(a->array)];
        diags_.report(member->getBeginLoc(), Diag::RelaxedElementMember)
            << array.name << member->getMemberDecl()->getNameAsString() << array.element_type;
      }
    const bool saved = partial_;
    partial_ = partial_ || (access != AccessKind::Read && !member->isArrow());
    scan(member->getBase(), access);
    partial_ = saved;
    return;
  }
  if (const auto *sub = llvm::dyn_cast<clang::ArraySubscriptExpr>(stmt)) {
    if (auto a = pointer_alias(sub->getBase())) { // `pc[0] = 1`, pc pointing into an element
      record(*a, access);
      scan(sub->getIdx());
      return;
    }
    scan(sub->getBase(), access);
    scan(sub->getIdx());
    return;
  }
  if (const auto *cond = llvm::dyn_cast<clang::ConditionalOperator>(stmt)) {
    scan(cond->getCond());
    const GuardSet guards = affine_guards(cond->getCond(), affine_, ctx_);
    scan_guarded(cond->getTrueExpr(), guards.guards, access);
    const std::optional<ir::Guard> otherwise = negated(guards);
    scan_guarded(cond->getFalseExpr(),
                 otherwise ? std::vector{*otherwise} : std::vector<ir::Guard>{}, access);
    return;
  }
  if (const auto *cond = llvm::dyn_cast<clang::AbstractConditionalOperator>(stmt)) {
    scan(cond->getCond());
    scan(cond->getTrueExpr(), access);
    scan(cond->getFalseExpr(), access);
    return;
  }
  if (const auto *branch = llvm::dyn_cast<clang::IfStmt>(stmt)) {
    // The references of a branch run only where its condition holds: affine conditions become
    // part of their iteration domains (what the condition itself reads is scanned unguarded).
    scan(branch->getInit());
    // `if constexpr`: only the branch that is compiled runs; the discarded one's references (a
    // `B(i + 1)` under a false constant) made a dependence that does not exist.
    if (const std::optional<const clang::Stmt *> taken =
            branch->isConstexpr() ? branch->getNondiscardedCase(ctx_.ast) : std::nullopt) {
      scan(*taken); // null: a false condition without an else
      return;
    }
    if (const clang::DeclStmt *var = branch->getConditionVariableDeclStmt())
      scan(var);
    else
      scan(branch->getCond());
    const GuardSet guards = branch->isConsteval() || branch->getConditionVariable()
                                ? GuardSet{}
                                : affine_guards(branch->getCond(), affine_, ctx_);
    // A branch that a `goto` or an enclosing switch's `case` can enter without the condition
    // (`if (j < i) { inside: A(i, j) = ...; }`) runs where it does not hold too: guarded, the
    // dependence through the jump was missed.
    const std::optional<ir::Guard> otherwise = negated(guards);
    scan_guarded(branch->getThen(),
                 has_jump_target(branch->getThen()) ? std::vector<ir::Guard>{} : guards.guards);
    scan_guarded(branch->getElse(), otherwise && !has_jump_target(branch->getElse())
                                        ? std::vector{*otherwise}
                                        : std::vector<ir::Guard>{});
    return;
  }
  if (const auto *cast = llvm::dyn_cast<clang::ImplicitCastExpr>(stmt)) {
    if (const auto *call =
            llvm::dyn_cast<clang::CXXMemberCallExpr>(cast->getSubExpr()->IgnoreParens());
        call && cast->getCastKind() == clang::CK_LValueToRValue && scan_array_method(call, true))
      return;
    scan(cast->getSubExpr(),
         cast->getCastKind() == clang::CK_LValueToRValue ? AccessKind::Read : access);
    return;
  }
  if (llvm::isa<clang::ParenExpr, clang::MaterializeTemporaryExpr, clang::ExprWithCleanups>(stmt)) {
    for (const clang::Stmt *child : stmt->children())
      scan(child, access);
    return;
  }
  if (const auto *loop = llvm::dyn_cast<clang::ForStmt>(stmt)) {
    if (scan_inner_for(loop))
      return;
  }
  if (llvm::isa<clang::ForStmt, clang::WhileStmt, clang::DoStmt>(stmt)) {
    ++uncounted_loops_; // a loop whose iterations orionc does not count
    for (const clang::Stmt *child : stmt->children())
      scan(child);
    --uncounted_loops_;
    return;
  }
  if (const auto *range_for = llvm::dyn_cast<clang::CXXForRangeStmt>(stmt)) {
    // `for (float &w : W.row(u))` writes the row through its loop variable.
    const clang::QualType var = range_for->getLoopVariable()->getType();
    const bool writes = var->isReferenceType() && !var->getPointeeType().isConstQualified();
    if (range_for->getInit())
      scan(range_for->getInit());
    scan(range_for->getRangeInit(), writes ? AccessKind::ReadWrite : AccessKind::Read);
    ++uncounted_loops_;
    scan(range_for->getBody());
    --uncounted_loops_;
    return;
  }
  if (const auto *construct = llvm::dyn_cast<clang::CXXConstructExpr>(stmt)) {
    // `std::pair<int64_t &, int64_t &> p{A(i), A(j)}`: an argument bound to a non-const reference
    // parameter may be written through the object.
    // Only an object that holds a reference, pointer or view may write later: std::tuple(A(i))
    // copies, though its constructor takes a forwarding reference.
    if (holds_writable_reference(construct->getType())) {
      for (const clang::Expr *arg : construct->arguments())
        scan_handed_to_object(arg);
      check_callee(construct, construct->getConstructor());
      return;
    }
    // A user's constructor is a function the body calls: arrays it is handed by non-const
    // reference may be written (`Step s(W, i);` writing W(i) from W(i - 1) was no reference at
    // all), and what it reaches unseen is checked.
    if (user_definition(construct->getConstructor(), ctx_.ast.getSourceManager())) {
      std::vector<const clang::Expr *> args(construct->arg_begin(), construct->arg_end());
      scan_call_args(construct->getConstructor(), args);
      check_callee(construct, construct->getConstructor());
      return;
    }
    for (const clang::Stmt *child : construct->children())
      scan(child);
    return;
  }
  if (const auto *list = llvm::dyn_cast<clang::InitListExpr>(stmt)) {
    // An aggregate with reference members (`struct R { int64_t &x; } r{A(i)};`).
    // An array of views (`std::span<T> rows[2] = {A.row(i), A.row(j)}`) the same way.
    const clang::RecordDecl *record = list->getType()->getAsRecordDecl();
    const clang::ArrayType *array = list->getType()->getAsArrayTypeUnsafe();
    auto field = record ? record->field_begin() : clang::RecordDecl::field_iterator();
    for (unsigned n = 0; n < list->getNumInits(); ++n) {
      const bool writes =
          (record && field != record->field_end() && holds_writable_reference(field->getType())) ||
          (array && holds_writable_reference(array->getElementType()));
      if (writes)
        scan_handed_to_object(list->getInit(n));
      else
        scan(list->getInit(n));
      if (record && field != record->field_end())
        ++field;
    }
    return;
  }
  if (const auto *ret = llvm::dyn_cast<clang::ReturnStmt>(stmt)) {
    // An inlined helper or a lambda of the body that returns a non-const reference, pointer or
    // view into an element (`int64_t &at(A, i) { return A(i); }`): the caller may write through it.
    if (!returns_.empty() && ret->getRetValue() && holds_writable_reference(returns_.back()))
      scan_escaping(ret->getRetValue());
    else
      scan(ret->getRetValue());
    return;
  }
  if (const auto *lambda = llvm::dyn_cast<clang::LambdaExpr>(stmt)) {
    // `[e = A(i - 1)]` is evaluated where the lambda is: a declaration like `auto e = A(i - 1);`.
    for (const clang::LambdaCapture &capture : lambda->captures())
      if (capture.capturesVariable())
        if (const auto *var = llvm::dyn_cast<clang::VarDecl>(capture.getCapturedVar());
            var && var->isInitCapture())
          scan_decl(var);
    returns_.push_back(lambda->getCallOperator()->getReturnType());
    scan(lambda->getBody());
    returns_.pop_back();
    return;
  }
  for (const clang::Stmt *child : stmt->children())
    scan(child);
}

} // namespace orion::frontend

// How the reference collector reads the calls in a loop body: arguments, functions and lambdas
// read as if inlined, and callees checked for arrays they reach unseen.
#include "ref_collector.hpp"

#include "access_paths.hpp"
#include "opaque_arrays.hpp"
#include "orion_types.hpp"
#include "view_overloads.hpp"

#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>
#include <fmt/format.h>
#include <llvm/ADT/StringExtras.h>

namespace orion::frontend {
namespace {

/// The object a call is made on (`f` in `f(i)` or `f.run(i)`), or null.
const clang::Expr *called_object_expr(const clang::Expr *call) {
  if (const auto *op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(call); op && op->getNumArgs())
    return op->getArg(0);
  if (const auto *member = llvm::dyn_cast<clang::CXXMemberCallExpr>(call))
    return member->getImplicitObjectArgument();
  return nullptr;
}

using ir::AccessKind;

/// The definition of a user function that a call can be analysed through as if inlined, or null:
/// its body is visible, and it is neither a method nor variadic nor part of the standard library
/// or of orion (whose effects on orion arrays are modelled directly).
const clang::FunctionDecl *inlinable_definition(const clang::FunctionDecl *callee,
                                                const clang::SourceManager &sm) {
  // A lambda's call operator is read like a function: its captures name the outer variables.
  const auto *method = llvm::dyn_cast_or_null<clang::CXXMethodDecl>(callee);
  if (!callee || (method && !method->getParent()->isLambda()) || callee->isVariadic())
    return nullptr;
  return user_definition(callee, sm);
}

/// A user function (declared outside system headers, std and orion) whose body this file does
/// not have: defined in another source file. Builtins, deleted and defaulted functions, and
/// functions an implicit instantiation will define are not.
bool defined_elsewhere(const clang::FunctionDecl *callee, const clang::SourceManager &sm) {
  if (callee->hasBody() || callee->isDefined() || callee->getBuiltinID() != 0 ||
      callee->isDeleted() || callee->isDefaulted() || callee->isTemplateInstantiation() ||
      callee->isImplicit() || sm.isInSystemHeader(callee->getLocation()) ||
      callee->isInStdNamespace() || callee->getLocation().isInvalid())
    return false;
  for (const clang::DeclContext *dc = callee->getDeclContext(); dc; dc = dc->getParent())
    if (const auto *ns = llvm::dyn_cast<clang::NamespaceDecl>(dc); ns && ns->getName() == "orion")
      return false;
  return true;
}

} // namespace

bool RefCollector::report_opaque_array(const clang::Expr *e) {
  const std::optional<OpaquePath> path = opaque_array(e, ctx_);
  if (!path)
    return false;
  if (opaque_warned_.insert(ctx_.text(path->expr)).second)
    diags_.report(path->expr->getBeginLoc(), Diag::OpaqueArray)
        << ctx_.text(path->expr) << path->how << path->name;
  return true;
}

bool RefCollector::report_outer_reference(const clang::Expr *e) {
  const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(e->IgnoreParenImpCasts());
  const auto *var = ref ? llvm::dyn_cast<clang::VarDecl>(ref->getDecl()) : nullptr;
  if (!var || ctx_.declared_inside(var) || ctx_.aliases.count(var))
    return false;
  const clang::ValueDecl *array = array_behind(var, ctx_);
  if (!array)
    return false;
  if (warned_.insert(var).second)
    diags_.report(e->getBeginLoc(), Diag::OuterReferenceIntoArray)
        << var->getName() << array->getName() << ctx_.text(var->getSourceRange());
  return true;
}

namespace {

/// The lambda in `value` (`[&](int64_t i) {...}`, converted to a std::function), or null.
const clang::LambdaExpr *lambda_in(const clang::Expr *value) {
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    const clang::LambdaExpr *found = nullptr;
    bool TraverseLambdaExpr(clang::LambdaExpr *lambda) {
      found = found ? found : lambda;
      return false;
    }
  } finder;
  finder.TraverseStmt(const_cast<clang::Expr *>(value));
  return finder.found;
}

/// The values a std::function variable may hold: its initializer and what the function it is
/// declared in assigns to it (`step = [&](int64_t i) {...};`), in source order. Empty when it is
/// not a local variable with an initializer.
std::vector<const clang::Expr *> held_values(const clang::VarDecl *var) {
  std::vector<const clang::Expr *> values;
  if (!var || !var->getInit())
    return values;
  values.push_back(var->getInit());
  const auto *function =
      llvm::dyn_cast_or_null<clang::FunctionDecl>(var->getParentFunctionOrMethod());
  if (!function || !function->getBody())
    return values;
  struct Assignments : clang::RecursiveASTVisitor<Assignments> {
    const clang::VarDecl *var;
    std::vector<const clang::Expr *> *values;
    bool VisitCXXOperatorCallExpr(clang::CXXOperatorCallExpr *op) {
      const auto *target =
          op->getNumArgs() == 2
              ? llvm::dyn_cast<clang::DeclRefExpr>(op->getArg(0)->IgnoreParenImpCasts())
              : nullptr;
      if (op->getOperator() == clang::OO_Equal && target && target->getDecl() == var)
        values->push_back(op->getArg(1));
      return true;
    }
  } assignments;
  assignments.var = var;
  assignments.values = &values;
  assignments.TraverseStmt(function->getBody());
  return values;
}

/// The variables that the lambdas in `values` capture by reference, quoted ("'B', 'C'"), in
/// source order without repeats. A lambda inside another's body is not looked at.
std::string by_reference_captures(const std::vector<const clang::Expr *> &values) {
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    std::vector<std::string> names;
    bool TraverseLambdaExpr(clang::LambdaExpr *lambda) {
      for (const clang::LambdaCapture &c : lambda->captures())
        if (c.capturesVariable() && c.getCaptureKind() == clang::LCK_ByRef) {
          std::string name = "'" + c.getCapturedVar()->getNameAsString() + "'";
          if (!llvm::is_contained(names, name))
            names.push_back(std::move(name));
        }
      return true;
    }
  } finder;
  for (const clang::Expr *value : values)
    finder.TraverseStmt(const_cast<clang::Expr *>(value));
  return llvm::join(finder.names, ", ");
}

/// The variable a call's object names (`f` in `f(i)` or `f.run(i)`), or null.
const clang::VarDecl *called_object(const clang::Expr *call) {
  const clang::Expr *object = called_object_expr(call);
  const auto *ref =
      object ? llvm::dyn_cast<clang::DeclRefExpr>(object->IgnoreParenImpCasts()) : nullptr;
  return ref ? llvm::dyn_cast<clang::VarDecl>(ref->getDecl()) : nullptr;
}

} // namespace

void RefCollector::check_callee(const clang::Expr *call, const clang::FunctionDecl *callee,
                                const std::string &name) {
  if (!callee || !callees_checked_.insert(callee->getCanonicalDecl()).second)
    return;
  const std::string callee_name = name.empty() ? callee->getNameAsString() : name;
  // A virtual call runs an override orionc cannot pick: the searches below go through every
  // override in this file (one reading a member array, or writing a global, was missed behind the
  // base's method). A pure virtual one has no body of its own, which is not "defined elsewhere".
  const auto *method = llvm::dyn_cast<clang::CXXMethodDecl>(callee);
  if (!(method && method->isPureVirtual()) &&
      defined_elsewhere(callee, ctx_.ast.getSourceManager())) {
    diags_.report(call->getBeginLoc(), Diag::CalleeNotVisible) << callee_name;
    return;
  }
  if (const std::optional<OpaquePath> write = static_write_in(callee, ctx_)) {
    diags_.report(call->getBeginLoc(), Diag::CalleeWritesStatic) << callee_name << write->name;
    return;
  }
  // A const method of an object declared before the loop that writes through a reference or
  // pointer member, or a mutable member (`count_hit(v)` doing `++hits` with `long long &hits;`):
  // each rank counted its share (167 for 334 at 2 ranks).
  const clang::Expr *object = called_object_expr(call);
  if (object && method && outer_variable(object)) {
    // A virtual call may run any override: each is looked at (`++hits` in a const override).
    std::vector<const clang::CXXMethodDecl *> candidates{method};
    if (method->isVirtual())
      for (const clang::CXXMethodDecl *override : overriders(method, ctx_.ast))
        candidates.push_back(override);
    for (const clang::CXXMethodDecl *candidate : candidates)
      if (const std::optional<OpaquePath> write = member_write_in(candidate, ctx_, false)) {
        note_outer_write(object, AccessKind::ReadWrite);
        diags_.report(write->expr->getBeginLoc(), Diag::MemberWriteNote)
            << callee_name << write->how << write->name;
        return;
      }
  }
  // A method of the object the loop's own method runs on (`note()`, `this->note()`) that writes a
  // member: the same write in the body is an error; in the method it counted each rank's share.
  if (object && method && llvm::isa<clang::CXXThisExpr>(object->IgnoreParenImpCasts()))
    if (const std::optional<OpaquePath> write = member_write_in(method, ctx_, true)) {
      if (warned_.insert(root_decl(write->expr)).second)
        diags_.report(call->getBeginLoc(), Diag::WriteToOuterVariable) << write->name;
      diags_.report(write->expr->getBeginLoc(), Diag::MemberWriteNote)
          << callee_name << write->how << write->name;
      return;
    }
  if (const std::optional<OpaquePath> path = hidden_array_in(callee, ctx_)) {
    diags_.report(call->getBeginLoc(), Diag::OpaqueArrayInCall) << callee_name << path->how;
    diags_.report(path->expr->getBeginLoc(), Diag::OpaqueArrayHereNote) << ctx_.text(path->expr);
    return;
  }
  check_wrapper_in_callee(call, callee_name, callee);
}

void RefCollector::check_wrapper_in_callee(const clang::Expr *call, const std::string &callee_name,
                                           const clang::FunctionDecl *callee) {
  const std::optional<OpaquePath> wrapped = wrapper_call_in(callee, ctx_);
  if (!wrapped)
    return;
  // What the object was built with: `const ByFn f{[&](int64_t i) {...}}` hands the member a lambda
  // whose captures the call reaches unseen. One declared in the body holds lambdas the body
  // defines, which were read where they are.
  const clang::VarDecl *object = called_object(call);
  if (object && ctx_.declared_inside(object))
    return;
  const std::string target = ctx_.text(wrapped->expr);
  if (const std::string captures = by_reference_captures(held_values(object)); !captures.empty())
    diags_.report(call->getBeginLoc(), Diag::CalleeWrappedLambdaCaptures)
        << callee_name << target << wrapped->how << captures;
  else
    diags_.report(call->getBeginLoc(), Diag::CalleeWrappedUnknown)
        << callee_name << target << wrapped->how;
  diags_.report(wrapped->expr->getBeginLoc(), Diag::WrappedCallHereNote) << target;
}

bool RefCollector::check_wrapped_call(const clang::CXXOperatorCallExpr *op) {
  const auto *method = llvm::dyn_cast_or_null<clang::CXXMethodDecl>(op->getCalleeDecl());
  if (!method || op->getOperator() != clang::OO_Call || op->getNumArgs() == 0 ||
      !is_callable_wrapper(method->getParent()))
    return false;
  const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(op->getArg(0)->IgnoreParenImpCasts());
  const auto *var = ref ? llvm::dyn_cast<clang::VarDecl>(ref->getDecl()) : nullptr;
  // One declared in the body holds a lambda the body defines, which was read where it is.
  if (var && ctx_.declared_inside(var))
    return false;
  const std::string name = var ? var->getNameAsString() : ctx_.text(op->getArg(0));
  const std::string wrapper = method->getParent()->getQualifiedNameAsString();
  if (var && !callees_checked_.insert(var->getCanonicalDecl()).second)
    return true;
  // Every lambda it may hold (its initializer and later assignments) is checked; any other value
  // is a target orionc cannot see.
  const std::vector<const clang::Expr *> values = held_values(var);
  std::vector<const clang::LambdaExpr *> lambdas;
  for (const clang::Expr *value : values)
    if (const clang::LambdaExpr *lambda = lambda_in(value))
      lambdas.push_back(lambda);
  if (const std::string by_reference = by_reference_captures(values); !by_reference.empty()) {
    diags_.report(op->getBeginLoc(), Diag::WrappedLambdaCaptures)
        << name << wrapper << by_reference;
    return true;
  }
  if (values.empty() || lambdas.size() != values.size()) {
    diags_.report(op->getBeginLoc(), Diag::WrappedCalleeUnknown) << name << wrapper;
    return true;
  }
  for (const clang::LambdaExpr *lambda : lambdas)
    check_callee(op, lambda->getCallOperator(), name);
  return true;
}

namespace {

/// The prototype of a function called through `callee` (a function pointer or reference, a member
/// pointer applied with .* or ->*), or null.
const clang::FunctionProtoType *called_prototype(const clang::Expr *callee) {
  if (!callee)
    return nullptr;
  callee = callee->IgnoreParenImpCasts();
  clang::QualType type = callee->getType();
  if (const auto *bin = llvm::dyn_cast<clang::BinaryOperator>(callee); bin && bin->isPtrMemOp())
    type = bin->getRHS()->getType();
  if (type->isPointerType() || type->isReferenceType())
    type = type->getPointeeType();
  else if (const auto *member = type->getAs<clang::MemberPointerType>())
    type = member->getPointeeType();
  return type->getAs<clang::FunctionProtoType>();
}

} // namespace

void RefCollector::scan_call_args(const clang::FunctionDecl *callee,
                                  llvm::ArrayRef<const clang::Expr *> args,
                                  const clang::Expr *callee_expr) {
  const clang::FunctionProtoType *proto = callee ? nullptr : called_prototype(callee_expr);
  for (size_t i = 0; i < args.size(); ++i) {
    AccessKind access = AccessKind::Read;
    if (callee && i < callee->getNumParams() && writes_through(callee->getParamDecl(i)->getType()))
      access = AccessKind::ReadWrite;
    // A call through a function pointer or reference, or a member pointer: what it writes is
    // what its parameters allow. Such calls used to count every argument as read, so a loop
    // calling `step(w, idx(s), 1)` through a pointer under relax(w) lost updates.
    if (!callee && callee_expr &&
        (!proto || i >= proto->getNumParams() || writes_through(proto->getParamType(i))))
      access = AccessKind::ReadWrite;
    // An iterator or pointer into a variable declared before the loop, handed over by value
    // (`std::fill(sp.begin(), sp.end(), x)` on a std::span): the callee may write through it.
    const clang::Expr *handed = args[i]->IgnoreImplicit();
    if (const auto *copy = llvm::dyn_cast<clang::CXXConstructExpr>(handed);
        copy && copy->getNumArgs() == 1)
      handed = copy->getArg(0)->IgnoreImplicit();
    if (access == AccessKind::Read && outer_variable(handed) && writable_handle(handed->getType()))
      access = AccessKind::ReadWrite;
    // A whole array handed to a function may be touched anywhere.
    const clang::ValueDecl *decl = ctx_.object(args[i]);
    auto type = decl ? classify_orion_type(decl->getType()) : std::nullopt;
    if (type && type->kind != ir::ArrayKind::Accumulator && type->rank > 0) {
      Access a(ctx_.intern_array(decl), args[i]);
      if (access == AccessKind::ReadWrite && relaxed_dense(a.array) &&
          relax_warned_.insert(a.array).second) {
        const std::string called =
            callee ? "'" + callee->getNameAsString() + "'" : "a function called through a pointer";
        diags_.report(args[i]->getBeginLoc(), Diag::RelaxedPassedWhole)
            << decl->getName().str() << called;
        diags_.report(args[i]->getBeginLoc(), Diag::RelaxedBufferNote) << decl->getName().str();
      }
      for (int d = 0; d < type->rank; ++d) {
        ir::Subscript s;
        s.text = decl->getName().str();
        s.reason = fmt::format("'{}' is passed to '{}'", decl->getName().str(),
                               callee ? callee->getNameAsString() : std::string("a function"));
        a.subscripts.push_back(std::move(s));
      }
      record(a, access);
      continue;
    }
    scan(args[i], access);
  }
}

void RefCollector::report_deduced_array_parameter(const clang::FunctionDecl *def, size_t i,
                                                  const clang::Expr *arg) {
  // `template <class T> void f(orion::DenseArray<T, 1> &x)`: deduced from the argument's type,
  // which in the generated loop is a view. `template <class A> void f(A &x)` deduces anything.
  const clang::FunctionDecl *pattern = def->getTemplateInstantiationPattern();
  if (!pattern || i >= pattern->getNumParams())
    return;
  const clang::QualType written = pattern->getParamDecl(i)->getType().getNonReferenceType();
  if (!written->isDependentType() || written->getAs<clang::TemplateTypeParmType>())
    return;
  if (!warned_.insert(def->getParamDecl(i)).second)
    return;
  diags_.report(arg->getBeginLoc(), Diag::DeducedArrayParameter)
      << def->getNameAsString() << def->getParamDecl(i)->getName()
      << written.getAsString(ctx_.ast.getPrintingPolicy());
}

bool RefCollector::scan_inlined_call(const clang::FunctionDecl *callee,
                                     llvm::ArrayRef<const clang::Expr *> args) {
  const clang::FunctionDecl *def = inlinable_definition(callee, ctx_.ast.getSourceManager());
  if (!def || args.size() != def->getNumParams() ||
      llvm::is_contained(ctx_.inlined, def->getCanonicalDecl()))
    return false; // recursion, or a body we cannot see: the arrays passed count as unknown
  std::vector<const clang::ValueDecl *> arrays(args.size(), nullptr);
  for (size_t i = 0; i < args.size(); ++i) {
    // An array taken by value arrives as a copy construction of it.
    const clang::Expr *arg = args[i]->IgnoreImplicit();
    const auto *defaulted = llvm::dyn_cast<clang::CXXDefaultArgExpr>(arg);
    if (defaulted)
      arg = defaulted->getExpr()->IgnoreImplicit();
    if (const auto *construct = llvm::dyn_cast<clang::CXXConstructExpr>(arg);
        construct && construct->getNumArgs() == 1)
      arg = construct->getArg(0);
    const clang::ValueDecl *decl = ctx_.object(arg);
    auto type = decl ? classify_orion_type(decl->getType()) : std::nullopt;
    if (!type || (type->rank == 0 && type->kind != ir::ArrayKind::Accumulator))
      continue;
    if (!def->getParamDecl(i)->getType()->isReferenceType())
      return false; // a copy of the array: read whole where it is made (scan_array_copy)
    arrays[i] = decl;
    report_deduced_array_parameter(def, i, args[i]);
    if (defaulted && warned_.insert(def->getParamDecl(i)).second)
      diags_.report(defaulted->getUsedLocation(), Diag::DefaultArrayArgument)
          << def->getNameAsString() << def->getParamDecl(i)->getName() << decl->getName();
  }
  std::vector<const clang::ValueDecl *> bound;
  for (size_t i = 0; i < args.size(); ++i) {
    const clang::ParmVarDecl *param = def->getParamDecl(i);
    bound.push_back(param);
    if (arrays[i]) {
      ctx_.bound_arrays[param] = arrays[i];
      continue;
    }
    // The argument is evaluated at the call, in the caller's context.
    scan(args[i], writes_through(param->getType()) ? AccessKind::ReadWrite : AccessKind::Read);
    const clang::QualType type = param->getType();
    if (type.getNonReferenceType()->isIntegerType() &&
        (!type->isReferenceType() || type.getNonReferenceType().isConstQualified()))
      ctx_.bound_values[param] = args[i];
  }
  if (auto overload = view_overload(def, ctx_.ast);
      overload && llvm::none_of(ctx_.loop.view_overloads, [&](const ir::ViewOverload &o) {
        return o.definition.text.begin == overload->definition.text.begin;
      }))
    ctx_.loop.view_overloads.push_back(std::move(*overload));
  ctx_.inlined.push_back(def->getCanonicalDecl());
  returns_.push_back(def->getReturnType());
  collect_modified(def->getBody(), ctx_);
  scan(def->getBody());
  ctx_.inlined.pop_back();
  returns_.pop_back();
  for (const clang::ValueDecl *param : bound) {
    ctx_.bound_arrays.erase(param);
    ctx_.bound_values.erase(param);
  }
  return true;
}

bool RefCollector::scan_array_copy(const clang::CXXConstructExpr *construct) {
  const auto array = [](const std::optional<OrionType> &t) {
    return t && t->rank > 0 &&
           (t->kind == ir::ArrayKind::Dense || t->kind == ir::ArrayKind::Sparse);
  };
  if (!array(classify_orion_type(construct->getType())) || construct->getNumArgs() != 1)
    return false;
  const clang::ValueDecl *decl = ctx_.object(construct->getArg(0));
  const auto type = decl ? classify_orion_type(decl->getType()) : std::nullopt;
  if (!array(type))
    return false;
  Access a(ctx_.intern_array(decl), construct);
  for (int d = 0; d < type->rank; ++d) {
    ir::Subscript s;
    s.text = decl->getName().str();
    s.reason = fmt::format("'{}' is copied whole", decl->getName().str());
    a.subscripts.push_back(std::move(s));
  }
  record(a, AccessKind::Read); // the copy, not the array, is what may be written later
  return true;
}

bool RefCollector::scan_array_method(const clang::CXXMemberCallExpr *call, bool value_only) {
  const clang::Expr *object = call->getImplicitObjectArgument();
  const clang::ValueDecl *decl = object ? ctx_.object(object) : nullptr;
  auto type = decl ? classify_orion_type(decl->getType()) : std::nullopt;
  const auto *method = call->getMethodDecl();
  if (!type || type->rank == 0 || !method)
    return false;
  const std::string name = method->getNameAsString();
  if (type->kind == ir::ArrayKind::Sparse && name == "row" &&
      call->getNumArgs() + 1 == static_cast<unsigned>(type->rank)) {
    // `X.row(s)`: the stored elements of row s, whichever columns they have. Their row is known,
    // which lets a schedule that partitions s keep each row with its iterations.
    Access a(ctx_.intern_array(decl), call);
    for (const clang::Expr *arg : call->arguments())
      a.subscripts.push_back(affine_.subscript(arg));
    a.subscripts.push_back(range_subscript());
    record(a, AccessKind::Read);
  } else if (name != "extent" && name != "nnz" && name != "size") {
    // Any other method (fill, data, value, ...) may touch every element.
    Access a(ctx_.intern_array(decl), call);
    for (int d = 0; d < type->rank; ++d) {
      ir::Subscript s;
      s.text = fmt::format("{}.{}()", decl->getName().str(), name);
      s.reason = fmt::format("'{}.{}()' may touch any element", decl->getName().str(), name);
      a.subscripts.push_back(std::move(s));
    }
    // A non-const `value(i)` returns a reference the caller may write through; read as a value,
    // it only reads.
    record(a, method->isConst() || value_only ? AccessKind::Read : AccessKind::ReadWrite);
  }
  for (const clang::Expr *arg : call->arguments())
    scan(arg);
  return true;
}

} // namespace orion::frontend

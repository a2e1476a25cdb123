#include "affine_builder.hpp"

#include "modified_vars.hpp"
#include "orion_types.hpp"

#include <clang/AST/RecursiveASTVisitor.h>

#include <clang/AST/ExprCXX.h>
#include <fmt/format.h>

namespace orion::frontend {
namespace {

constexpr int kMaxChaseDepth = 16;
constexpr int64_t kMaxCoefficient = int64_t(1) << 40;

/// Whether `e * factor` keeps every coefficient and the constant within kMaxCoefficient.
bool fits(const ir::AffineExpr &e, int64_t factor) {
  auto ok = [factor](int64_t v) {
    int64_t product = 0;
    return !__builtin_mul_overflow(v, factor, &product) && product < kMaxCoefficient &&
           product > -kMaxCoefficient;
  };
  if (!ok(e.constant_term()))
    return false;
  for (const ir::AffineTerm &t : e.terms())
    if (!ok(t.coefficient))
      return false;
  return true;
}

/// The narrowest integer type narrower than 64 bits that `e` is computed in or converted to on
/// the way down through parentheses and casts (`static_cast<int32_t>(i * 4294967296 + 5)` is
/// int32_t), or a null type.
clang::QualType narrowest_integer_type(const clang::ASTContext &ast, const clang::Expr *e) {
  clang::QualType narrowest;
  auto consider = [&](clang::QualType type) {
    if (type->isIntegerType() && !type->isBooleanType() && ast.getIntWidth(type) < 64 &&
        (narrowest.isNull() || ast.getIntWidth(type) < ast.getIntWidth(narrowest)))
      narrowest = type;
  };
  while (true) {
    consider(e->getType());
    if (const auto *paren = llvm::dyn_cast<clang::ParenExpr>(e))
      e = paren->getSubExpr();
    else if (const auto *cast = llvm::dyn_cast<clang::CastExpr>(e))
      e = cast->getSubExpr();
    else
      return narrowest;
  }
}

/// Whether every value `e` can take with coefficients and constant of this size must wrap around
/// in `type`: a coefficient or constant at least 2^31 (2^32 unsigned) in a 32-bit type.
bool outgrows(const ir::AffineExpr &e, const clang::ASTContext &ast, clang::QualType type) {
  const unsigned width = ast.getIntWidth(type) - (type->isSignedIntegerType() ? 1 : 0);
  const int64_t limit = int64_t(1) << width;
  auto big = [limit](int64_t v) { return v >= limit || v <= -limit; };
  if (big(e.constant_term()))
    return true;
  for (const ir::AffineTerm &t : e.terms())
    if (big(t.coefficient))
      return true;
  return false;
}

const clang::Expr *strip(const clang::Expr *e) {
  while (true) {
    e = e->IgnoreParenImpCasts();
    if (const auto *cast = llvm::dyn_cast<clang::ExplicitCastExpr>(e)) {
      if (cast->getType()->isIntegerType()) {
        e = cast->getSubExpr();
        continue;
      }
    }
    if (const auto *cleanups = llvm::dyn_cast<clang::ExprWithCleanups>(e)) {
      e = cleanups->getSubExpr();
      continue;
    }
    // `const auto [u, i] = key;` copies the key first.
    if (const auto *ctor = llvm::dyn_cast<clang::CXXConstructExpr>(e);
        ctor && ctor->getNumArgs() == 1 && ctor->getConstructor()->isCopyOrMoveConstructor()) {
      e = ctor->getArg(0);
      continue;
    }
    return e;
  }
}

/// The first conversion on the way down from `e` (through parentheses and casts) that may change
/// an index's value: to bool, or to an integer type narrower than 32 bits (`uint8_t k = i + 255`
/// wraps to i - 1). Conversions to 32 bits and wider are taken to keep an index's value: an index
/// fits in an int, and `const int u = key[0];` is how programs name one.
const clang::CastExpr *value_changing_cast(const clang::ASTContext &ast, const clang::Expr *e) {
  while (true) {
    if (const auto *paren = llvm::dyn_cast<clang::ParenExpr>(e)) {
      e = paren->getSubExpr();
      continue;
    }
    const auto *cast = llvm::dyn_cast<clang::CastExpr>(e);
    if (cast == nullptr)
      return nullptr;
    const clang::QualType to = cast->getType(), from = cast->getSubExpr()->getType();
    if (to->isBooleanType() && !from->isBooleanType())
      return cast;
    if (to->isIntegerType() && from->isIntegerType() && ast.getIntWidth(to) < 32 &&
        ast.getIntWidth(to) < ast.getIntWidth(from))
      return cast;
    e = cast->getSubExpr();
  }
}

/// The variables `e` names, and whether it names only variables (no members, no `this`).
bool named_variables(const clang::Stmt *e, std::vector<const clang::VarDecl *> &out) {
  if (!e)
    return true;
  if (llvm::isa<clang::MemberExpr, clang::CXXThisExpr>(e))
    return false;
  if (const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(e)) {
    if (const auto *var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl())) {
      out.push_back(var);
      return true;
    }
    return llvm::isa<clang::EnumConstantDecl>(ref->getDecl());
  }
  for (const clang::Stmt *child : e->children())
    if (!named_variables(child, out))
      return false;
  return true;
}

/// How many variables of `function` (its parameters and locals) are named `name`.
class SameNameCounter : public clang::RecursiveASTVisitor<SameNameCounter> {
public:
  explicit SameNameCounter(llvm::StringRef name) : name_(name) {}
  bool VisitVarDecl(clang::VarDecl *var) {
    count += var->getName() == name_;
    return true;
  }
  int count = 0;

private:
  llvm::StringRef name_;
};

/// Whether a lambda in the visited code contains `at`: a loop there sees only what it captures.
class LambdaAround : public clang::RecursiveASTVisitor<LambdaAround> {
public:
  LambdaAround(const clang::SourceManager &sm, clang::SourceLocation at) : sm_(sm), at_(at) {}
  bool VisitLambdaExpr(clang::LambdaExpr *lambda) {
    const clang::SourceRange r = lambda->getSourceRange();
    found = found || (!sm_.isBeforeInTranslationUnit(at_, r.getBegin()) &&
                      !sm_.isBeforeInTranslationUnit(r.getEnd(), at_));
    return !found;
  }
  bool found = false;

private:
  const clang::SourceManager &sm_;
  clang::SourceLocation at_;
};

} // namespace

void AffineBuilder::define_parameters() {
  // Only in parameters the loop has anyway: a definition adds a constraint between them, never
  // a parameter of its own (which every report would list).
  for (const auto &[parameter, var] : ctx_.parameter_inits) {
    std::vector<const clang::VarDecl *> named;
    named_variables(var->getInit(), named);
    const bool known = std::all_of(named.begin(), named.end(), [&](const clang::VarDecl *v) {
      const std::string name = v->getNameAsString();
      return std::any_of(ctx_.loop.parameters.begin(), ctx_.loop.parameters.end(),
                         [&](const ir::Parameter &p) { return p.name == name; });
    });
    if (!known)
      continue;
    Result r = build(var->getInit(), 0);
    if (!r.expr || r.expr->uses(ir::SymbolKind::IterationIndex) ||
        r.expr->uses(ir::SymbolKind::InnerIndex) ||
        std::any_of(r.expr->terms().begin(), r.expr->terms().end(),
                    [&](const ir::AffineTerm &t) { return t.index == parameter; }))
      continue;
    ctx_.loop.parameters[static_cast<std::size_t>(parameter)].definition = *r.expr;
  }
}

bool AffineBuilder::stable_constant(const clang::VarDecl *var) {
  if (auto it = stable_.find(var); it != stable_.end())
    return it->second;
  bool &stable = stable_[var];
  stable = false;
  const clang::QualType type = var->getType();
  if (!var->isLocalVarDecl() || var->isStaticLocal() || !type.isConstQualified() ||
      type->isReferenceType() || !type->isIntegerType() || !var->getInit())
    return false;
  const auto *function =
      llvm::dyn_cast_or_null<clang::FunctionDecl>(var->getParentFunctionOrMethod());
  if (!function || !function->getBody())
    return false;
  std::vector<const clang::VarDecl *> named;
  if (!named_variables(var->getInit(), named))
    return false;
  // The loop's parameters are read where the loop is; inside a lambda, only what it captures.
  LambdaAround lambda(ctx_.ast.getSourceManager(), ctx_.loop_range.getBegin());
  lambda.TraverseStmt(function->getBody());
  if (lambda.found || ctx_.loop_range.isInvalid())
    return false;
  // Each variable the initializer names is a local or parameter of the same function that keeps
  // its value from there to the loop: nothing in the function writes it, takes its address or
  // binds a non-const reference to it, except a counted loop's own increment, and the
  // declaration of `var` in that loop's body sees the value the parallel loop sees. And no other
  // variable of the function has its name, since the loop's parameters are known by name.
  ScanContext scan(ctx_.ast, ctx_.loop, {});
  collect_modified(function->getBody(), scan);
  for (const clang::VarDecl *v : named) {
    if (!(v->isLocalVarDecl() || llvm::isa<clang::ParmVarDecl>(v)) || v->isStaticLocal() ||
        v->getParentFunctionOrMethod() != function || v->getType()->isReferenceType() ||
        scan.modified.contains(v))
      return false;
    SameNameCounter same(v->getName());
    same.TraverseDecl(const_cast<clang::FunctionDecl *>(function));
    if (same.count != 1)
      return false;
  }
  stable = true;
  return true;
}

AffineBuilder::Result AffineBuilder::build_binding(const clang::BindingDecl *binding, int depth) {
  // `const auto [u, i] = key;`: binding n of the key is key[n]; other decompositions are chased
  // through the binding's own expression.
  const auto *decomposition =
      llvm::dyn_cast_or_null<clang::DecompositionDecl>(binding->getDecomposedDecl());
  const std::string name = binding->getName().str();
  if (ctx_.modified.contains(binding))
    return unknown(fmt::format("'{}' is modified inside the loop", name));
  if (decomposition && decomposition->getInit() && ctx_.key) {
    const auto *init = llvm::dyn_cast<clang::DeclRefExpr>(strip(decomposition->getInit()));
    if (init && init->getDecl() == ctx_.key) {
      const auto bindings = decomposition->bindings();
      for (size_t n = 0; n < bindings.size(); ++n)
        if (bindings[n] == binding)
          return {ir::AffineExpr::symbol(ir::SymbolKind::IterationIndex, static_cast<int>(n)), {}};
    }
  }
  if (const clang::Expr *expr = binding->getBinding())
    return build(expr, depth + 1);
  return unknown(fmt::format("structured binding '{}' is not an affine value", name));
}

std::optional<int> AffineBuilder::key_dimension(const clang::Expr *expr) const {
  const auto *call = llvm::dyn_cast<clang::CXXOperatorCallExpr>(strip(expr));
  if (!call || call->getOperator() != clang::OO_Subscript || call->getNumArgs() != 2 || !ctx_.key)
    return std::nullopt;
  const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(strip(call->getArg(0)));
  if (!ref || ref->getDecl() != ctx_.key)
    return std::nullopt;
  clang::Expr::EvalResult index;
  if (!call->getArg(1)->EvaluateAsInt(index, ctx_.ast))
    return std::nullopt;
  return static_cast<int>(index.Val.getInt().getExtValue());
}

ir::Subscript AffineBuilder::subscript(const clang::Expr *expr) {
  ir::Subscript s;
  s.text = ctx_.text(expr);
  Result r = build(expr, 0);
  if (r.expr) {
    s.kind = ir::SubscriptKind::Affine;
    s.expr = *r.expr;
  } else {
    s.kind = ir::SubscriptKind::Unknown;
    s.reason = r.reason;
  }
  return s;
}

ir::Bound AffineBuilder::bound(const clang::Expr *expr, int64_t adjust) {
  ir::Bound b;
  b.text = ctx_.text(expr);
  Result r = build(expr, 0);
  if (r.expr)
    b.expr = *r.expr + ir::AffineExpr::constant(adjust);
  if (adjust != 0) // `i <= hi`: show the exclusive bound it means
    b.text = b.expr ? ctx_.loop.render(*b.expr) : fmt::format("({}) + {}", b.text, adjust);
  return b;
}

AffineBuilder::Result AffineBuilder::build(const clang::Expr *expr, int depth) {
  Result r = build_node(expr, depth);
  // `i * 65536u * 65536u` in unsigned int, or `int32_t j = i * 65536 * 65536 + 5` from an int64_t
  // i, is 5 at run time: read as 4294967296*i + 5, the dependence on A(5) was missed. Values that
  // fit are taken to keep theirs (an index fits in an int).
  if (const clang::QualType type = narrowest_integer_type(ctx_.ast, expr);
      r.expr && !type.isNull() && !expr->isValueDependent() && outgrows(*r.expr, ctx_.ast, type))
    return unknown(fmt::format("'{}' is computed in or converted to '{}', where it wraps around",
                               ctx_.text(expr), type.getUnqualifiedType().getAsString()));
  return r;
}

AffineBuilder::Result AffineBuilder::build_node(const clang::Expr *expr, int depth) {
  if (depth > kMaxChaseDepth)
    return unknown("definitions nest too deeply");
  if (const clang::CastExpr *cast = value_changing_cast(ctx_.ast, expr);
      cast && !expr->isValueDependent() && !expr->isIntegerConstantExpr(ctx_.ast))
    return unknown(fmt::format("'{}' converts to '{}', which may change its value", ctx_.text(expr),
                               cast->getType().getAsString()));
  const clang::Expr *e = strip(expr);
  if (e->getType()->isFloatingType())
    return unknown(fmt::format("'{}' is not an integer", ctx_.text(e)));

  // Integer constant expressions (literals, constexpr and const-initialized values).
  if (!e->isValueDependent()) {
    clang::Expr::EvalResult value;
    if (e->EvaluateAsInt(value, ctx_.ast)) {
      const llvm::APSInt &v = value.Val.getInt();
      if (v.getSignificantBits() > 41)
        return unknown(fmt::format("'{}' is too large to analyze", ctx_.text(e)));
      return {ir::AffineExpr::constant(v.getExtValue()), {}};
    }
  }

  // `i + 4294967295u` on an unsigned i is i - 1 in 32-bit arithmetic, which wraps around; read as
  // i + 4294967295 the dependence on A(i - 1) was missed (`i * 4294967295u` is -i). A constant
  // that large in a sum or product on an unsigned type narrower than 64 bits makes the subscript
  // unknown.
  if (const auto *bin = llvm::dyn_cast<clang::BinaryOperator>(e);
      bin && (bin->isAdditiveOp() || bin->getOpcode() == clang::BO_Mul) &&
      e->getType()->isUnsignedIntegerType() && ctx_.ast.getIntWidth(e->getType()) < 64 &&
      !e->isValueDependent())
    for (const clang::Expr *side : {bin->getLHS(), bin->getRHS()}) {
      clang::Expr::EvalResult value;
      if (side->EvaluateAsInt(value, ctx_.ast) &&
          value.Val.getInt().getActiveBits() >= ctx_.ast.getIntWidth(e->getType()))
        return unknown(fmt::format("'{}' is computed in '{}', where it wraps around", ctx_.text(e),
                                   e->getType().getAsString()));
    }

  if (auto d = key_dimension(e))
    return {ir::AffineExpr::symbol(ir::SymbolKind::IterationIndex, *d), {}};

  if (const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(e)) {
    const clang::ValueDecl *decl = ref->getDecl();
    if (ctx_.value && decl == ctx_.value)
      return unknown(fmt::format("depends on the value of '{}'", decl->getName().str()));
    if (const auto *binding = llvm::dyn_cast<clang::BindingDecl>(decl);
        binding && ctx_.declared_inside(binding))
      return build_binding(binding, depth);
    if (auto it = ctx_.iteration_vars.find(decl); it != ctx_.iteration_vars.end())
      return {ir::AffineExpr::symbol(ir::SymbolKind::IterationIndex, it->second), {}};
    const auto *var = llvm::dyn_cast<clang::VarDecl>(decl);
    if (var) {
      if (auto it = ctx_.inner_vars.find(var); it != ctx_.inner_vars.end())
        return {ir::AffineExpr::symbol(ir::SymbolKind::InnerIndex, it->second), {}};
    }
    const std::string name = decl->getNameAsString();
    if (ctx_.modified.contains(decl))
      return unknown(fmt::format("'{}' is modified inside the loop", name));
    // A parameter of a helper scanned as if inlined: the argument the caller passes.
    if (auto it = ctx_.bound_values.find(decl); it != ctx_.bound_values.end()) {
      Result r = build(it->second, depth + 1);
      if (!r.expr)
        r.reason = fmt::format("'{}' = {}: {}", name, ctx_.text(it->second), r.reason);
      return r;
    }
    if (!decl->getType().getNonReferenceType()->isIntegerType())
      return unknown(fmt::format("'{}' is not an integer", name));
    if (var && ctx_.declared_inside(var)) {
      if (llvm::isa<clang::ParmVarDecl>(var))
        return unknown(fmt::format("'{}' is a parameter of a function inside the loop", name));
      if (!var->getInit())
        return unknown(fmt::format("'{}' has no initializer", name));
      Result r = build(var->getInit(), depth + 1);
      if (!r.expr)
        r.reason = fmt::format("'{}' = {}: {}", name, ctx_.text(var->getInit()), r.reason);
      return r;
    }
    if (var || llvm::isa<clang::BindingDecl>(decl)) {
      const int parameter = ctx_.loop.intern_parameter(name);
      // `const int64_t lo = k + 1;` before the loop: `lo` is `k + 1` wherever the loop runs
      // (define_parameters), so that A(k) and A(i) for i >= lo are seen apart.
      if (var && stable_constant(var))
        ctx_.parameter_inits.try_emplace(parameter, var);
      return {ir::AffineExpr::symbol(ir::SymbolKind::Parameter, parameter), {}};
    }
    return unknown(fmt::format("'{}' is not a variable", name));
  }

  if (const auto *bin = llvm::dyn_cast<clang::BinaryOperator>(e)) {
    const auto op = bin->getOpcode();
    if (op == clang::BO_Add || op == clang::BO_Sub || op == clang::BO_Mul) {
      Result lhs = build(bin->getLHS(), depth);
      if (!lhs.expr)
        return lhs;
      Result rhs = build(bin->getRHS(), depth);
      if (!rhs.expr)
        return rhs;
      // Coefficients must stay far from int64 overflow (and from what isl is asked to hold).
      const int64_t factor = op != clang::BO_Mul       ? 1
                             : lhs.expr->is_constant() ? lhs.expr->constant_term()
                             : rhs.expr->is_constant() ? rhs.expr->constant_term()
                                                       : 1;
      const ir::AffineExpr &scaled = lhs.expr->is_constant() ? *rhs.expr : *lhs.expr;
      if (!fits(*lhs.expr, 1) || !fits(*rhs.expr, 1) || !fits(scaled, factor))
        return unknown(fmt::format("'{}' has coefficients too large to analyze", ctx_.text(bin)));
      if (op == clang::BO_Add)
        return {*lhs.expr + *rhs.expr, {}};
      if (op == clang::BO_Sub)
        return {*lhs.expr - *rhs.expr, {}};
      if (lhs.expr->is_constant())
        return {rhs.expr->scaled(lhs.expr->constant_term()), {}};
      if (rhs.expr->is_constant())
        return {lhs.expr->scaled(rhs.expr->constant_term()), {}};
      return unknown(fmt::format("'{}' multiplies two non-constant values", ctx_.text(bin)));
    }
    return unknown(fmt::format("'{}' is not affine (operator '{}')", ctx_.text(bin),
                               clang::BinaryOperator::getOpcodeStr(op).str()));
  }

  if (const auto *un = llvm::dyn_cast<clang::UnaryOperator>(e)) {
    if (un->getOpcode() == clang::UO_Minus || un->getOpcode() == clang::UO_Plus) {
      Result sub = build(un->getSubExpr(), depth);
      if (sub.expr && un->getOpcode() == clang::UO_Minus)
        sub.expr = sub.expr->scaled(-1);
      return sub;
    }
    return unknown(fmt::format("'{}' is not affine", ctx_.text(un)));
  }

  if (const auto *member = llvm::dyn_cast<clang::CXXMemberCallExpr>(e)) {
    // `A.extent(0)`, `v.size()`: a const method of an object the loop does not modify, with
    // constant arguments, is a loop-invariant value.
    const auto *method = member->getMethodDecl();
    const clang::ValueDecl *object = ctx_.object(member->getImplicitObjectArgument());
    bool constant_args = true;
    for (const clang::Expr *arg : member->arguments()) {
      clang::Expr::EvalResult ignored;
      constant_args = constant_args && arg->EvaluateAsInt(ignored, ctx_.ast);
    }
    if (method && method->isConst() && object && constant_args && !ctx_.modified.contains(object) &&
        !ctx_.declared_inside(object))
      return {ir::AffineExpr::symbol(ir::SymbolKind::Parameter,
                                     ctx_.loop.intern_parameter(ctx_.text(member))),
              {}};
    return unknown(fmt::format("call to '{}'", ctx_.text(member->getCallee())));
  }

  if (const auto *op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(e)) {
    if (op->getOperator() == clang::OO_Call && op->getNumArgs() > 0 &&
        classify_orion_type(op->getArg(0)->getType()))
      return unknown(fmt::format("depends on the value of '{}'", ctx_.text(op)));
    if (op->getOperator() == clang::OO_Subscript)
      return unknown(fmt::format("depends on the value of '{}'", ctx_.text(op)));
  }
  if (llvm::isa<clang::ArraySubscriptExpr>(e))
    return unknown(fmt::format("depends on the value of '{}'", ctx_.text(e)));
  if (const auto *call = llvm::dyn_cast<clang::CallExpr>(e))
    return unknown(fmt::format("call to '{}'", ctx_.text(call->getCallee())));
  // `n` in a method means `this->n`: a data member is read through memory the loop may write, so
  // it is not taken for a loop-invariant value; a local copy made before the loop is.
  if (const auto *member = llvm::dyn_cast<clang::MemberExpr>(e);
      member && member->getType()->isIntegerType())
    return unknown(fmt::format("'{}' is a data member; copy it into a local before the loop "
                               "('const auto {} = {};') and use the local",
                               ctx_.text(e), member->getMemberDecl()->getNameAsString() + "_",
                               ctx_.text(e)));
  return unknown(fmt::format("'{}' is not an affine expression", ctx_.text(e)));
}

} // namespace orion::frontend

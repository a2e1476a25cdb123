#include "body_outline.hpp"

#include "access_paths.hpp"
#include "loop_text.hpp"
#include "orion_types.hpp"

#include <clang/AST/DeclCXX.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/AST/StmtCXX.h>

#include <algorithm>
#include <set>

namespace orion::frontend {
namespace {

/// Free functions of the standard library that compute a value from their arguments and nothing
/// else: a subscript may go through them.
bool pure_std_function(const clang::FunctionDecl *fn) {
  static const std::set<std::string> names = {
      "min", "max",  "abs", "clamp", "floor", "ceil", "round",  "trunc",   "sqrt", "exp",
      "log", "log2", "pow", "fabs",  "fmin",  "fmax", "lround", "llround", "size", "get"};
  if (!fn || !fn->getIdentifier() || !in_std(fn))
    return false;
  return names.count(fn->getName().str()) > 0;
}

/// The variables the body writes through any lvalue rooted at them: assignments, increments,
/// `&x`, non-const references and pointers, non-const methods, arguments a callee writes through.
/// A canonical counted loop's own increment does not count (its index is stable in its body).
class Writes : public clang::RecursiveASTVisitor<Writes> {
public:
  std::set<const clang::ValueDecl *> vars;

  bool TraverseForStmt(clang::ForStmt *loop) {
    // The increment of `for (... ; ...; ++k)` writes only the loop's own index, which is what a
    // loop index is; every other write in it counts.
    if (const auto *inc = llvm::dyn_cast_or_null<clang::UnaryOperator>(loop->getInc());
        inc && inc->isIncrementDecrementOp())
      return TraverseStmt(loop->getInit()) && TraverseStmt(loop->getCond()) &&
             TraverseStmt(loop->getBody());
    return clang::RecursiveASTVisitor<Writes>::TraverseForStmt(loop);
  }
  bool VisitBinaryOperator(clang::BinaryOperator *op) {
    if (op->isAssignmentOp())
      mark(op->getLHS());
    return true;
  }
  bool VisitUnaryOperator(clang::UnaryOperator *op) {
    if (op->isIncrementDecrementOp() || op->getOpcode() == clang::UO_AddrOf)
      mark(op->getSubExpr());
    return true;
  }
  bool VisitVarDecl(clang::VarDecl *var) {
    const clang::QualType t = var->getType();
    if (var->getInit() && ((t->isReferenceType() && !t->getPointeeType().isConstQualified()) ||
                           (t->isPointerType() && !t->getPointeeType().isConstQualified())))
      mark(var->getInit());
    return true;
  }
  bool VisitCXXMemberCallExpr(clang::CXXMemberCallExpr *call) {
    if (const clang::CXXMethodDecl *m = call->getMethodDecl(); m && !m->isConst())
      mark(call->getImplicitObjectArgument());
    return true;
  }
  bool VisitCallExpr(clang::CallExpr *call) {
    const clang::FunctionDecl *callee = call->getDirectCallee();
    const bool member_operator = llvm::isa<clang::CXXOperatorCallExpr>(call) &&
                                 llvm::isa_and_nonnull<clang::CXXMethodDecl>(callee);
    if (member_operator) {
      const auto *m = llvm::cast<clang::CXXMethodDecl>(callee);
      if (!m->isConst())
        mark(call->getArg(0));
    }
    if (!callee) {
      for (const clang::Expr *arg : call->arguments())
        mark(arg);
      return true;
    }
    const unsigned offset = member_operator ? 1 : 0;
    for (unsigned i = offset; i < call->getNumArgs(); ++i) {
      const unsigned p = i - offset;
      if (p >= callee->getNumParams() || writes_through(callee->getParamDecl(p)->getType()))
        mark(call->getArg(i));
    }
    return true;
  }
  /// A lambda's body is traversed like the rest, so what it writes through its by-reference
  /// captures is marked where it writes. What it hands out is not: a lambda that returns a
  /// non-const reference or pointer (`[&]() -> int64_t & { return j; }`) may be written through at
  /// the call, so its by-reference captures count as written.
  bool VisitLambdaExpr(clang::LambdaExpr *lambda) {
    const clang::QualType r = lambda->getCallOperator()->getReturnType();
    if (!((r->isReferenceType() || r->isPointerType()) && !r->getPointeeType().isConstQualified()))
      return true;
    for (const clang::LambdaCapture &c : lambda->captures())
      if (c.capturesVariable() && c.getCaptureKind() == clang::LCK_ByRef)
        vars.insert(c.getCapturedVar());
    return true;
  }

private:
  void mark(const clang::Expr *e) {
    if (const clang::ValueDecl *d = root_decl(e))
      vars.insert(d);
  }
};

class OutlineBuilder {
public:
  OutlineBuilder(ScanContext &ctx, const std::set<const clang::ValueDecl *> &written)
      : ctx_(ctx), out_(ctx.loop.outline), written_(written) {}

  bool ok() const { return ok_; }

  int node(const clang::Stmt *s);

private:
  struct Facts {
    std::vector<int> vars, reads, touches;
    bool pure = true;
  };

  int add(ir::BodyNode n) {
    out_.nodes.push_back(std::move(n));
    return static_cast<int>(out_.nodes.size() - 1);
  }
  ir::ByteRange bytes(const clang::Stmt *s) {
    if (auto b = statement_bytes(ctx_.ast, s))
      return *b;
    ok_ = false;
    return {};
  }
  ir::ByteRange expr_bytes(const clang::Expr *e) {
    if (auto b = main_file_bytes(ctx_.ast, e->getSourceRange(), false))
      return *b;
    ok_ = false;
    return {};
  }
  int declare(const clang::ValueDecl *d) {
    if (auto it = vars_.find(d); it != vars_.end())
      return it->second;
    ir::BodyVar v;
    v.name = d->getNameAsString();
    v.stable = !written_.count(d);
    out_.vars.push_back(std::move(v));
    const int id = static_cast<int>(out_.vars.size() - 1);
    vars_[d] = id;
    return id;
  }
  void declare_var(const clang::VarDecl *var, ir::BodyNode &n) {
    if (const auto *dd = llvm::dyn_cast<clang::DecompositionDecl>(var)) {
      for (const clang::BindingDecl *b : dd->bindings())
        n.declared.push_back(declare(b));
      return;
    }
    n.declared.push_back(declare(var));
  }
  /// The loop's dense array (or Buffer) that `object` names, if any.
  std::optional<int> dense_array(const clang::Expr *object) const {
    const clang::ValueDecl *d = ctx_.object(object);
    if (!d)
      return std::nullopt;
    const auto type = classify_orion_type(d->getType());
    if (!type || (type->kind != ir::ArrayKind::Dense && type->kind != ir::ArrayKind::Buffer))
      return std::nullopt;
    const int id = ctx_.loop.find_array(d->getNameAsString());
    if (id < 0)
      return std::nullopt;
    return id;
  }
  static bool orion_object(const clang::Expr *e) {
    return e && classify_orion_type(e->getType()).has_value();
  }
  void touch(int array, const clang::Expr *call, llvm::ArrayRef<const clang::Expr *> subscripts,
             Facts &f);
  void facts(const clang::Stmt *s, Facts &f);
  void merge(ir::BodyNode &n, const Facts &f) {
    n.vars.insert(n.vars.end(), f.vars.begin(), f.vars.end());
    n.reads.insert(n.reads.end(), f.reads.begin(), f.reads.end());
    n.touches.insert(n.touches.end(), f.touches.begin(), f.touches.end());
    n.pure = n.pure && f.pure;
  }
  /// Whether a jump in `s` (break or continue not enclosed by a loop or switch inside it,
  /// return, goto, throw) leaves it.
  static bool escapes(const clang::Stmt *s, bool in_loop = false, bool in_switch = false);

  ScanContext &ctx_;
  ir::BodyOutline &out_;
  const std::set<const clang::ValueDecl *> &written_;
  int guarded_ = 0; ///< inside a conditionally evaluated operand (`?:`, `&&`, `||`)
  llvm::DenseMap<const clang::ValueDecl *, int> vars_;
  bool ok_ = true;
};

bool OutlineBuilder::escapes(const clang::Stmt *s, bool in_loop, bool in_switch) {
  if (!s || llvm::isa<clang::LambdaExpr>(s))
    return false;
  if (llvm::isa<clang::ReturnStmt, clang::GotoStmt, clang::IndirectGotoStmt, clang::CXXThrowExpr,
                clang::CoreturnStmt>(s))
    return true;
  if (llvm::isa<clang::ContinueStmt>(s))
    return !in_loop;
  if (llvm::isa<clang::BreakStmt>(s))
    return !in_loop && !in_switch;
  const bool loop =
      llvm::isa<clang::ForStmt, clang::CXXForRangeStmt, clang::WhileStmt, clang::DoStmt>(s);
  const bool sw = llvm::isa<clang::SwitchStmt>(s);
  for (const clang::Stmt *child : s->children())
    if (escapes(child, in_loop || loop, in_switch || sw))
      return true;
  return false;
}

void OutlineBuilder::touch(int array, const clang::Expr *call,
                           llvm::ArrayRef<const clang::Expr *> subscripts, Facts &f) {
  ir::Touch t;
  t.array = array;
  t.call = expr_bytes(call);
  t.location = ctx_.location(call->getBeginLoc());
  t.text = ctx_.text(call);
  Facts sub;
  for (const clang::Expr *e : subscripts)
    facts(e, sub);
  t.vars = sub.vars;
  t.reads = sub.reads;
  t.pure = sub.pure;
  t.guarded = guarded_ > 0;
  out_.touches.push_back(std::move(t));
  f.touches.push_back(static_cast<int>(out_.touches.size() - 1));
  f.vars.insert(f.vars.end(), sub.vars.begin(), sub.vars.end());
  f.reads.insert(f.reads.end(), sub.reads.begin(), sub.reads.end());
  f.reads.push_back(array);
  f.touches.insert(f.touches.end(), sub.touches.begin(), sub.touches.end());
  f.pure = f.pure && sub.pure;
}

void OutlineBuilder::facts(const clang::Stmt *s, Facts &f) {
  if (!s)
    return;
  if (const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(s)) {
    if (auto it = vars_.find(ref->getDecl()); it != vars_.end())
      f.vars.push_back(it->second);
    else if (const auto *var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
             var && ctx_.declared_inside(var) && !ctx_.iteration_vars.count(var) &&
             ref->getDecl() != ctx_.key && ref->getDecl() != ctx_.value)
      f.pure = false; // a local the outline never declared (in an unsupported statement)
    return;
  }
  // Operands evaluated only under a condition: accesses there are guarded.
  if (const auto *c = llvm::dyn_cast<clang::AbstractConditionalOperator>(s)) {
    facts(c->getCond(), f);
    ++guarded_;
    facts(c->getTrueExpr(), f);
    facts(c->getFalseExpr(), f);
    --guarded_;
    return;
  }
  if (const auto *b = llvm::dyn_cast<clang::BinaryOperator>(s); b && b->isLogicalOp()) {
    facts(b->getLHS(), f);
    ++guarded_;
    facts(b->getRHS(), f);
    --guarded_;
    return;
  }
  // `A(i, j)` and `A.row(i)` of a dense array: an access the slice can repeat.
  if (const auto *op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(s);
      op && op->getOperator() == clang::OO_Call && op->getNumArgs() >= 1) {
    if (auto array = dense_array(op->getArg(0))) {
      touch(*array, op, llvm::ArrayRef(op->getArgs() + 1, op->getNumArgs() - 1), f);
      return;
    }
  }
  if (const auto *call = llvm::dyn_cast<clang::CXXMemberCallExpr>(s)) {
    const clang::CXXMethodDecl *method = call->getMethodDecl();
    const clang::Expr *object = call->getImplicitObjectArgument();
    if (method && method->getIdentifier() && method->getName() == "row")
      if (auto array = dense_array(object)) {
        touch(*array, call, llvm::ArrayRef(call->getArgs(), call->getNumArgs()), f);
        return;
      }
    // Reading the shape or a row of another orion array (`X.row(s)`, `y.extent(0)`) is pure;
    // so are the const methods of the standard library's types. A user type's const method may
    // still change state it reaches (a global, a mutable member): not known.
    const bool known = method && ((method->isConst() && in_std(method)) || orion_object(object));
    const bool writes = method && !method->isConst() && orion_object(object) &&
                        method->getIdentifier() && method->getName() != "row" &&
                        method->getName() != "value";
    if (!known || writes)
      f.pure = false;
    for (const clang::Stmt *child : s->children())
      facts(child, f);
    return;
  }
  if (const auto *op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(s)) {
    // An overloaded operator: pure when it assigns nothing and is the standard library's
    // (`key[0]`) or an orion array's other than its call. A lambda's or a functor's call runs
    // user code: not known.
    const clang::OverloadedOperatorKind k = op->getOperator();
    const bool assigns =
        op->isAssignmentOp() || k == clang::OO_PlusPlus || k == clang::OO_MinusMinus;
    const auto *callee = op->getDirectCallee();
    const bool known =
        (callee && in_std(callee) && k != clang::OO_Call) ||
        (op->getNumArgs() >= 1 && orion_object(op->getArg(0)) && k != clang::OO_Call);
    if (assigns || !known)
      f.pure = false;
  } else if (const auto *call = llvm::dyn_cast<clang::CallExpr>(s)) {
    if (!pure_std_function(call->getDirectCallee()))
      f.pure = false;
  } else if (const auto *op = llvm::dyn_cast<clang::BinaryOperator>(s)) {
    if (op->isAssignmentOp())
      f.pure = false;
  } else if (const auto *op = llvm::dyn_cast<clang::UnaryOperator>(s)) {
    if (op->isIncrementDecrementOp())
      f.pure = false;
  } else if (const auto *construct = llvm::dyn_cast<clang::CXXConstructExpr>(s)) {
    if (!construct->getType().isTriviallyCopyableType(ctx_.ast))
      f.pure = false;
  } else if (llvm::isa<clang::LambdaExpr, clang::CXXNewExpr, clang::CXXDeleteExpr,
                       clang::CXXThrowExpr, clang::StmtExpr, clang::GNUNullExpr>(s) ||
             (!llvm::isa<clang::Expr>(s) && !llvm::isa<clang::DeclStmt, clang::NullStmt>(s))) {
    f.pure = false; // statements inside an expression statement's subtree: loops, ifs, ...
  } else if (const auto *decls = llvm::dyn_cast<clang::DeclStmt>(s)) {
    for (const clang::Decl *d : decls->decls())
      if (const auto *var = llvm::dyn_cast<clang::VarDecl>(d))
        facts(var->getInit(), f);
    return;
  }
  if (const auto *lambda = llvm::dyn_cast<clang::LambdaExpr>(s)) {
    (void)lambda;
    return; // not looked into: impure already
  }
  for (const clang::Stmt *child : s->children())
    facts(child, f);
}

int OutlineBuilder::node(const clang::Stmt *s) {
  ir::BodyNode n;
  n.range = bytes(s);
  n.escapes = escapes(s);
  if (const auto *compound = llvm::dyn_cast<clang::CompoundStmt>(s)) {
    n.kind = ir::BodyNode::Kind::Compound;
    const int id = add(std::move(n));
    std::vector<int> children;
    for (const clang::Stmt *child : compound->body())
      children.push_back(node(child));
    out_.nodes[static_cast<std::size_t>(id)].children = std::move(children);
    return id;
  }
  if (const auto *decls = llvm::dyn_cast<clang::DeclStmt>(s)) {
    n.kind = ir::BodyNode::Kind::Declaration;
    // A type (`using Row = int64_t;`, a local struct) stays: kept code may name it.
    const bool types =
        std::any_of(decls->decl_begin(), decls->decl_end(), [](const clang::Decl *d) {
          return llvm::isa<clang::TypeDecl, clang::StaticAssertDecl, clang::UsingDecl,
                           clang::UsingDirectiveDecl>(d);
        });
    if (types)
      n.kind = ir::BodyNode::Kind::Type;
    Facts f;
    for (const clang::Decl *d : decls->decls()) {
      const auto *var = llvm::dyn_cast<clang::VarDecl>(d);
      if (!var) {
        if (n.kind != ir::BodyNode::Kind::Type)
          f.pure = false;
        continue;
      }
      if (var->isStaticLocal() || var->getType()->isReferenceType()) {
        f.pure = false; // a reference may alias an array element; a static is shared state
        continue;
      }
      facts(var->getInit(), f);
      if (!var->getType().isTriviallyCopyableType(ctx_.ast))
        f.pure = false;
      declare_var(var, n);
    }
    merge(n, f);
    // A type declaration the slice must keep, with variables it cannot evaluate: no slice.
    if (n.kind == ir::BodyNode::Kind::Type && (!n.pure || !n.touches.empty()))
      ok_ = false;
    return add(std::move(n));
  }
  if (const auto *loop = llvm::dyn_cast<clang::ForStmt>(s)) {
    n.kind = ir::BodyNode::Kind::Loop;
    Facts f;
    if (const auto *init = llvm::dyn_cast_or_null<clang::DeclStmt>(loop->getInit())) {
      for (const clang::Decl *d : init->decls())
        if (const auto *var = llvm::dyn_cast<clang::VarDecl>(d)) {
          facts(var->getInit(), f);
          declare_var(var, n);
        }
    } else if (loop->getInit()) {
      f.pure = false;
    }
    facts(loop->getCond(), f);
    // Only `++k` / `--k` of its own index: what makes the header repeatable.
    const auto *inc = llvm::dyn_cast_or_null<clang::UnaryOperator>(loop->getInc());
    if (!inc || !inc->isIncrementDecrementOp() ||
        !llvm::isa<clang::DeclRefExpr>(inc->getSubExpr()->IgnoreParenImpCasts()))
      f.pure = false;
    merge(n, f);
    const auto body = bytes(loop->getBody());
    n.header = {n.range.begin, body.begin};
    const int id = add(std::move(n));
    const int child = node(loop->getBody());
    out_.nodes[static_cast<std::size_t>(id)].children = {child};
    return id;
  }
  if (const auto *loop = llvm::dyn_cast<clang::CXXForRangeStmt>(s)) {
    n.kind = ir::BodyNode::Kind::Loop;
    Facts f;
    if (loop->getInit())
      f.pure = false;
    facts(loop->getRangeInit(), f);
    if (const clang::VarDecl *var = loop->getLoopVariable())
      declare_var(var, n);
    merge(n, f);
    const auto body = bytes(loop->getBody());
    n.header = {n.range.begin, body.begin};
    const int id = add(std::move(n));
    const int child = node(loop->getBody());
    out_.nodes[static_cast<std::size_t>(id)].children = {child};
    return id;
  }
  if (const auto *branch = llvm::dyn_cast<clang::IfStmt>(s)) {
    n.kind = ir::BodyNode::Kind::If;
    Facts f;
    if (branch->getInit() || branch->getConditionVariable() || branch->isConsteval())
      f.pure = false;
    facts(branch->getCond(), f);
    merge(n, f);
    const auto then_bytes = bytes(branch->getThen());
    n.header = {n.range.begin, then_bytes.begin};
    if (branch->getElse()) {
      const auto else_bytes = bytes(branch->getElse());
      n.else_keyword = {then_bytes.end, else_bytes.begin};
    }
    const int id = add(std::move(n));
    std::vector<int> children{node(branch->getThen())};
    if (branch->getElse())
      children.push_back(node(branch->getElse()));
    out_.nodes[static_cast<std::size_t>(id)].children = std::move(children);
    return id;
  }
  if (llvm::isa<clang::BreakStmt, clang::ContinueStmt>(s)) {
    n.kind = ir::BodyNode::Kind::Jump;
    return add(std::move(n));
  }
  n.kind = ir::BodyNode::Kind::Simple;
  Facts f;
  // A while or do loop, a switch, a try: what runs inside depends on conditions, jumps and
  // throws the slice does not follow (`do { if (d == 0) break; w(50 / d); } while (false)`), so
  // their accesses are fetched on a miss.
  const bool structured =
      llvm::isa<clang::WhileStmt, clang::DoStmt, clang::SwitchStmt, clang::CXXTryStmt>(s);
  guarded_ += structured ? 1 : 0;
  facts(s, f);
  guarded_ -= structured ? 1 : 0;
  merge(n, f);
  return add(std::move(n));
}

} // namespace

void build_body_outline(const clang::Stmt *body, ScanContext &ctx) {
  Writes writes;
  writes.TraverseStmt(const_cast<clang::Stmt *>(body));
  ctx.loop.outline = {};
  OutlineBuilder builder(ctx, writes.vars);
  builder.node(body);
  if (!builder.ok())
    ctx.loop.outline = {};
}

} // namespace orion::frontend

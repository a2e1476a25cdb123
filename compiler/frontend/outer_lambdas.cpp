#include "outer_lambdas.hpp"

#include "diagnostics.hpp"
#include "loop_text.hpp"
#include "orion_types.hpp"
#include "scan_context.hpp"

#include <clang/AST/ExprCXX.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/AST/RecursiveASTVisitor.h>

#include <algorithm>
#include <string>
#include <vector>

namespace orion::frontend {
namespace {

/// The lambda expression a local variable is initialized with, or null.
const clang::LambdaExpr *lambda_of(const clang::VarDecl *var) {
  if (var == nullptr || !var->hasLocalStorage() || var->getInit() == nullptr)
    return nullptr;
  return llvm::dyn_cast<clang::LambdaExpr>(var->getInit()->IgnoreImplicitAsWritten());
}

/// The calls in a statement of lambdas whose class is declared outside the loop (the bodies of
/// lambdas defined in the statement are walked into).
class OuterCalls : public clang::RecursiveASTVisitor<OuterCalls> {
public:
  explicit OuterCalls(const ScanContext &ctx) : ctx_(ctx) {}

  bool VisitCXXOperatorCallExpr(clang::CXXOperatorCallExpr *op) {
    const auto *method = llvm::dyn_cast_or_null<clang::CXXMethodDecl>(op->getCalleeDecl());
    if (method != nullptr && op->getOperator() == clang::OO_Call &&
        method->getParent()->isLambda() && !ctx_.declared_inside(method->getParent()))
      calls.push_back(op);
    return true;
  }

  std::vector<const clang::CXXOperatorCallExpr *> calls;

private:
  const ScanContext &ctx_;
};

/// The first variable a lambda class captures that is an orion object, or null.
const clang::ValueDecl *orion_capture(const clang::CXXRecordDecl *closure) {
  for (const clang::LambdaCapture &c : closure->captures())
    if (c.capturesVariable() && classify_orion_type(c.getCapturedVar()->getType()))
      return c.getCapturedVar();
  return nullptr;
}

/// A lambda defined before the loop that the body reaches, and the first call that reaches it.
struct Reached {
  const clang::VarDecl *var;
  const clang::LambdaExpr *lambda;
  const clang::CXXOperatorCallExpr *call;
  const clang::ValueDecl *reaches = nullptr; ///< the orion object (or lambda) it captures
};

class Finder {
public:
  Finder(ScanContext &ctx, Diagnostics &diags) : ctx_(ctx), diags_(diags) {}

  void run(const clang::Stmt *body) {
    collect(body);
    mark();
    std::vector<ir::OuterLambda> &out = ctx_.loop.text.outer_lambdas;
    for (const Reached &r : reached_)
      if (r.reaches != nullptr)
        if (const std::optional<ir::ByteRange> text = redeclarable(r))
          out.push_back({*text, r.var->getNameAsString()});
    // In the order they are defined: one may capture another.
    std::sort(out.begin(), out.end(), [](const ir::OuterLambda &a, const ir::OuterLambda &b) {
      return a.text.begin < b.text.begin;
    });
  }

private:
  /// Every lambda defined before the loop that `body` calls, and those their bodies call.
  void collect(const clang::Stmt *body) {
    std::vector<const clang::Stmt *> work{body};
    while (!work.empty()) {
      const clang::Stmt *s = work.back();
      work.pop_back();
      OuterCalls calls(ctx_);
      calls.TraverseStmt(const_cast<clang::Stmt *>(s));
      for (const clang::CXXOperatorCallExpr *op : calls.calls) {
        const auto *method = llvm::cast<clang::CXXMethodDecl>(op->getCalleeDecl());
        const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(op->getArg(0)->IgnoreImplicit());
        const auto *var = ref != nullptr ? llvm::dyn_cast<clang::VarDecl>(ref->getDecl()) : nullptr;
        const clang::LambdaExpr *lambda = lambda_of(var);
        if (lambda == nullptr || lambda->getLambdaClass() != method->getParent()) {
          // Through a reference, a copy or a parameter: not a declaration orionc can repeat.
          if (const clang::ValueDecl *object = orion_capture(method->getParent()))
            refuse(op, ctx_.text(op->getArg(0)), object,
                   "it is called through another name than the variable its definition "
                   "initializes");
          continue;
        }
        if (std::any_of(reached_.begin(), reached_.end(),
                        [&](const Reached &r) { return r.var == var; }))
          continue;
        reached_.push_back({var, lambda, op});
        work.push_back(lambda->getBody());
      }
    }
  }

  /// Which lambdas reach an orion object: capture one, or capture a lambda that does.
  void mark() {
    for (bool changed = true; changed;) {
      changed = false;
      for (Reached &r : reached_) {
        if (r.reaches != nullptr)
          continue;
        for (const clang::LambdaCapture &c : r.lambda->captures()) {
          if (!c.capturesVariable())
            continue;
          const clang::ValueDecl *v = c.getCapturedVar();
          const auto other = std::find_if(reached_.begin(), reached_.end(), [&](auto &o) {
            return o.var == v && o.reaches != nullptr;
          });
          if (classify_orion_type(v->getType()) || other != reached_.end()) {
            r.reaches = other != reached_.end() ? other->reaches : v; // the object itself
            changed = true;
            break;
          }
        }
      }
    }
  }

  /// The declaration's text, or nullopt after an error saying why it cannot be repeated.
  std::optional<ir::ByteRange> redeclarable(const Reached &r) {
    if (r.lambda->isMutable())
      return refuse(r, "it is 'mutable' (declared again inside the loop, its state would start "
                       "afresh at every iteration)");
    for (const clang::LambdaCapture &c : r.lambda->captures()) {
      if (!c.capturesVariable())
        continue;
      const clang::ValueDecl *v = c.getCapturedVar();
      if (const auto *var = llvm::dyn_cast<clang::VarDecl>(v); var && var->isInitCapture())
        return refuse(r, "it has an init-capture ('" + v->getNameAsString() +
                             "'), which would be evaluated again at every iteration");
      if (c.getCaptureKind() == clang::LCK_ByCopy && classify_orion_type(v->getType()))
        return refuse(r, "it captures '" + v->getNameAsString() +
                             "' by copy (a snapshot, which the loop's partitions cannot be)");
      const std::string captured = v->getNameAsString();
      if (captured == ctx_.loop.space.key_name || captured == ctx_.loop.space.value_name)
        return refuse(r, "it captures '" + captured +
                             "', which the loop's own key or value hides inside the body");
    }
    const auto parents = ctx_.ast.getParents(*r.var);
    const auto *stmt = parents.empty() ? nullptr : parents[0].get<clang::DeclStmt>();
    if (stmt == nullptr || !stmt->isSingleDecl())
      return refuse(r, "its declaration declares other variables too");
    std::optional<ir::ByteRange> text = main_file_bytes(ctx_.ast, r.var->getSourceRange(), true);
    if (!text)
      return refuse(r, "a macro wrote its definition, or it is in another file");
    return text;
  }

  std::nullopt_t refuse(const Reached &r, const std::string &why) {
    refuse(r.call, r.var->getNameAsString(), r.reaches, why);
    diags_.report(r.var->getLocation(), Diag::OuterLambdaHereNote) << r.var->getNameAsString();
    return std::nullopt;
  }
  void refuse(const clang::CXXOperatorCallExpr *call, const std::string &name,
              const clang::ValueDecl *object, const std::string &why) {
    diags_.report(call->getBeginLoc(), Diag::OuterLambdaNotRedeclarable)
        << name << object->getNameAsString() << why;
  }

  ScanContext &ctx_;
  Diagnostics &diags_;
  std::vector<Reached> reached_;
};

} // namespace

void find_outer_lambdas(const clang::Stmt *body, ScanContext &ctx, Diagnostics &diags) {
  Finder(ctx, diags).run(body);
}

} // namespace orion::frontend

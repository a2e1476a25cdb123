#include "loop_text.hpp"

#include <clang/AST/ExprCXX.h>
#include <clang/AST/StmtCXX.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>

#include <cctype>
#include <optional>

namespace orion::frontend {
namespace {

constexpr const char *kFromMacro = "cannot transform a parallel loop produced by a macro "
                                   "expansion; write the loop outside the macro";

/// Whether every preprocessor conditional that opens between `begin` and `end` of `file` closes
/// there too, with no #else, #elif or #endif of an enclosing one: orionc replaces those bytes
/// as a whole, and must not cut a conditional in two (an unbraced body between `#ifdef` and
/// `#else` ends at its active branch, before the rest of the conditional).
bool conditionals_balanced(llvm::StringRef file, unsigned begin, unsigned end) {
  int depth = 0;
  for (std::size_t at = begin; at < end && at < file.size();) {
    std::size_t eol = file.find('\n', at);
    if (eol == llvm::StringRef::npos)
      eol = file.size();
    llvm::StringRef line = file.slice(at, eol).ltrim();
    at = eol + 1;
    if (!line.consume_front("#"))
      continue;
    const llvm::StringRef word = line.ltrim().take_while([](char c) { return std::isalpha(c); });
    if (word.starts_with("if"))
      ++depth;
    else if (word == "endif" && depth-- == 0)
      return false;
    else if ((word == "else" || word.starts_with("elif")) && depth == 0)
      return false;
  }
  return depth == 0;
}

} // namespace

bool has_trailing_semicolon(const clang::Stmt *s) {
  while (s) {
    if (const auto *f = llvm::dyn_cast<clang::ForStmt>(s))
      s = f->getBody();
    else if (const auto *r = llvm::dyn_cast<clang::CXXForRangeStmt>(s))
      s = r->getBody();
    else if (const auto *w = llvm::dyn_cast<clang::WhileStmt>(s))
      s = w->getBody();
    else if (const auto *i = llvm::dyn_cast<clang::IfStmt>(s))
      s = i->getElse() ? i->getElse() : i->getThen();
    else if (const auto *sw = llvm::dyn_cast<clang::SwitchStmt>(s))
      s = sw->getBody();
    else if (const auto *l = llvm::dyn_cast<clang::LabelStmt>(s))
      s = l->getSubStmt();
    else if (const auto *c = llvm::dyn_cast<clang::SwitchCase>(s))
      s = c->getSubStmt();
    else if (const auto *a = llvm::dyn_cast<clang::AttributedStmt>(s))
      s = a->getSubStmt();
    else
      break;
  }
  // A DeclStmt's and a NullStmt's ranges already end at their `;`.
  return s &&
         !llvm::isa<clang::CompoundStmt, clang::DeclStmt, clang::NullStmt, clang::CXXTryStmt>(s);
}

namespace {

/// The `continue` statements in `s` that continue the loop whose body `s` is.
void collect_continues(const clang::Stmt *s, std::vector<const clang::ContinueStmt *> &out) {
  if (!s || llvm::isa<clang::ForStmt, clang::CXXForRangeStmt, clang::WhileStmt, clang::DoStmt,
                      clang::LambdaExpr, clang::BlockExpr>(s))
    return;
  if (const auto *c = llvm::dyn_cast<clang::ContinueStmt>(s)) {
    out.push_back(c);
    return;
  }
  for (const clang::Stmt *child : s->children())
    collect_continues(child, out);
}

class Locator {
public:
  explicit Locator(clang::ASTContext &ast)
      : sm_(ast.getSourceManager()), lo_(ast.getLangOpts()), main_(sm_.getMainFileID()) {}

  /// The bytes of `range` (a token range) in the main file; nullopt when a macro expansion
  /// produced only part of it, or it is in another file.
  std::optional<ir::ByteRange> bytes(clang::SourceRange range, bool semicolon) const {
    auto chars =
        clang::Lexer::makeFileCharRange(clang::CharSourceRange::getTokenRange(range), sm_, lo_);
    if (chars.isInvalid() || !in_main(chars.getBegin()) || !in_main(chars.getEnd()))
      return std::nullopt;
    ir::ByteRange out{sm_.getFileOffset(chars.getBegin()), sm_.getFileOffset(chars.getEnd())};
    if (semicolon) {
      auto next =
          clang::Lexer::findNextToken(sm_.getExpansionRange(range.getEnd()).getEnd(), sm_, lo_);
      if (!next || !next->is(clang::tok::semi) || !in_main(next->getLocation()))
        return std::nullopt;
      out.end = sm_.getFileOffset(next->getLocation()) + 1;
    }
    return out;
  }

  /// The pragma's bytes, or why they cannot be replaced.
  std::optional<ir::ByteRange> pragma(const PragmaRecord &p, ir::LoopText &text) const {
    const clang::SourceLocation at = p.location;
    if (p.directive) {
      if (!in_main(at) || !in_main(p.directive_end))
        return std::nullopt;
      text.pragma_is_directive = true;
      return ir::ByteRange{sm_.getFileOffset(at), sm_.getFileOffset(p.directive_end)};
    }
    if (at.isFileID()) {
      // `_Pragma ( "..." )` written in the file.
      clang::SourceLocation last = at;
      for (clang::tok::TokenKind kind :
           {clang::tok::l_paren, clang::tok::string_literal, clang::tok::r_paren}) {
        auto next = clang::Lexer::findNextToken(last, sm_, lo_);
        if (!next || !next->is(kind) || !in_main(next->getLocation()))
          return std::nullopt;
        last = next->getLocation();
      }
      return bytes({at, last}, false);
    }
    // A macro use that expands to the pragma: replaceable as a whole when the pragma is the
    // first thing it expands to. (Anything else it expanded to before the loop would be a
    // statement of its own, which the binder rejects; a loop header would make the loop itself
    // a macro expansion.)
    if (!clang::Lexer::isAtStartOfMacroExpansion(at, sm_, lo_))
      return std::nullopt;
    return bytes(sm_.getExpansionRange(at).getAsRange(), false);
  }

private:
  bool in_main(clang::SourceLocation loc) const {
    return loc.isValid() && loc.isFileID() && sm_.getFileID(loc) == main_;
  }
  const clang::SourceManager &sm_;
  const clang::LangOptions &lo_;
  clang::FileID main_;
};

} // namespace

std::optional<ir::ByteRange> main_file_bytes(clang::ASTContext &ast, clang::SourceRange range,
                                             bool semicolon) {
  return Locator(ast).bytes(range, semicolon);
}

std::optional<ir::ByteRange> statement_bytes(clang::ASTContext &ast, const clang::Stmt *s) {
  return main_file_bytes(ast, s->getSourceRange(), has_trailing_semicolon(s));
}

ir::LoopText locate_loop_text(clang::ASTContext &ast, const PragmaRecord &pragma,
                              const clang::Stmt *loop, const clang::Stmt *body,
                              const clang::Expr *range) {
  ir::LoopText text;
  Locator locate(ast);
  auto statement = locate.bytes(loop->getSourceRange(), has_trailing_semicolon(loop));
  auto inner = locate.bytes(body->getSourceRange(), has_trailing_semicolon(body));
  std::optional<ir::ByteRange> iterated;
  std::vector<const clang::ContinueStmt *> continues;
  if (range) {
    iterated = locate.bytes(range->getSourceRange(), false);
    collect_continues(body, continues);
  }
  for (const clang::ContinueStmt *c : continues) {
    if (auto at = locate.bytes(c->getSourceRange(), false)) {
      text.continues.push_back(at->begin);
    } else {
      text.why = kFromMacro;
      return text;
    }
  }
  auto directive = locate.pragma(pragma, text);
  const clang::SourceManager &sm = ast.getSourceManager();
  if (!sm.isWrittenInMainFile(sm.getExpansionLoc(loop->getBeginLoc()))) {
    text.why = "cannot transform a parallel loop that is not written in the main file";
    return text;
  }
  if (!statement || !inner || (range && !iterated) || !directive ||
      directive->end > statement->begin) {
    text.why = kFromMacro;
    return text;
  }
  if (!conditionals_balanced(sm.getBufferData(sm.getMainFileID()), directive->begin,
                             statement->end)) {
    text.why = "a preprocessor conditional (#if, #ifdef, #else, #endif) starts or ends inside "
               "this parallel loop, which orionc rewrites as a whole: put the loop's body in "
               "braces with the conditional inside them, or the whole loop inside the conditional";
    return text;
  }
  text.rewritable = true;
  text.pragma = *directive;
  text.statement = *statement;
  text.body = *inner;
  text.range = iterated.value_or(ir::ByteRange{});
  return text;
}

} // namespace orion::frontend

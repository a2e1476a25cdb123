#include "pragma_handler.hpp"

#include "clause_parser.hpp"
#include "diagnostics.hpp"

#include <clang/Lex/Preprocessor.h>

namespace orion::frontend {

void OrionPragmaHandler::HandlePragma(clang::Preprocessor &pp, clang::PragmaIntroducer introducer,
                                      clang::Token &) {
  Diagnostics diags(pp.getDiagnostics());
  clang::Token tok;
  pp.Lex(tok);
  if (tok.is(clang::tok::eod)) {
    diags.report(introducer.Loc, Diag::MissingDirective);
    ++errors_;
    return;
  }
  const std::string directive = pp.getSpelling(tok);
  if (directive != "parallel_for") {
    diags.report(tok.getLocation(), Diag::UnknownDirective) << directive;
    ++errors_;
    pp.DiscardUntilEndOfDirective();
    return;
  }

  std::vector<ClauseToken> tokens;
  std::vector<clang::SourceLocation> locations;
  for (pp.Lex(tok); tok.isNot(clang::tok::eod); pp.Lex(tok)) {
    ClauseToken::Kind kind = ClauseToken::Kind::Other;
    if (tok.is(clang::tok::identifier) || tok.getIdentifierInfo())
      kind = ClauseToken::Kind::Identifier;
    else if (tok.is(clang::tok::numeric_constant))
      kind = ClauseToken::Kind::Number;
    else if (tok.isOneOf(clang::tok::l_paren, clang::tok::r_paren, clang::tok::comma))
      kind = ClauseToken::Kind::Punctuation;
    tokens.push_back({kind, pp.getSpelling(tok)});
    locations.push_back(tok.getLocation());
  }
  const clang::SourceLocation end_of_line = tok.getLocation();

  auto parsed = parse_clauses(tokens);
  if (auto *error = std::get_if<ClauseError>(&parsed)) {
    clang::SourceLocation at =
        error->token < locations.size() ? locations[error->token] : end_of_line;
    diags.report(at, Diag::BadClause) << error->message;
    if (!error->lists_valid_clauses)
      diags.report(at, Diag::ValidClausesNote) << valid_clauses_list();
    ++errors_;
    out_.push_back(PragmaRecord{
        introducer.Loc, {}, {}, {}, introducer.Kind == clang::PIK_HashPragma, end_of_line, true});
    return;
  }
  PragmaRecord record{introducer.Loc,
                      std::get<ir::Clauses>(std::move(parsed)),
                      {},
                      {},
                      introducer.Kind == clang::PIK_HashPragma,
                      end_of_line,
                      false};
  for (size_t i = 0; i < tokens.size(); ++i)
    if (tokens[i].text == "partition")
      record.partition_location = locations[i];
  for (const std::string &name : record.clauses.relax) {
    for (size_t i = 0; i < tokens.size(); ++i)
      if (tokens[i].text == name && i > 0 && tokens[i - 1].kind == ClauseToken::Kind::Punctuation) {
        record.relax_locations.push_back(locations[i]);
        break;
      }
  }
  out_.push_back(std::move(record));
}

} // namespace orion::frontend

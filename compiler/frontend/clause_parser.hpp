// Parses the clause list of `#pragma orion parallel_for`. Independent of Clang: the pragma
// handler hands over the tokens, so the grammar is unit-testable on its own.
#pragma once

#include "orion/passes/loop_ir.hpp"

#include <string>
#include <variant>
#include <vector>

namespace orion::frontend {

/// One preprocessing token of a pragma line.
struct ClauseToken {
  enum class Kind { Identifier, Number, Punctuation, Other };
  Kind kind;
  std::string text;
};

/// A malformed clause list: which token is wrong and why.
struct ClauseError {
  size_t token; ///< index into the token list; == size() for "at end of line"
  std::string message;
  /// The message lists the valid clauses itself (a word that is not a clause), so no note
  /// listing them follows.
  bool lists_valid_clauses = false;
};

/// The clauses every `parallel_for` accepts, as shown in diagnostics.
std::string valid_clauses_list();

/// Parses `tokens` (everything after `parallel_for`) into clauses.
std::variant<ir::Clauses, ClauseError> parse_clauses(const std::vector<ClauseToken> &tokens);

} // namespace orion::frontend

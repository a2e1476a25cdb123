#include "clause_parser.hpp"

#include <charconv>
#include <fmt/format.h>

namespace orion::frontend {
namespace {

/// Recursive-descent parser over the token list; the first error wins.
class Parser {
public:
  explicit Parser(const std::vector<ClauseToken> &tokens) : tokens_(tokens) {}

  std::variant<ir::Clauses, ClauseError> run() {
    ir::Clauses clauses;
    bool saw_unordered = false;
    while (pos_ < tokens_.size()) {
      if (is_punct(",")) {
        // Commas between clauses are allowed, like OpenMP; not before the first or after the last.
        if (pos_ == 0)
          return fail_at(pos_, "expected a clause before ','");
        if (++pos_ >= tokens_.size())
          return fail_at(pos_ - 1, "expected a clause after ','");
      }
      const size_t start = pos_;
      const ClauseToken &tok = tokens_[pos_];
      if (tok.kind != ClauseToken::Kind::Identifier)
        return not_a_clause(pos_, fmt::format("expected a clause, got '{}'; valid clauses are: {}",
                                              tok.text, valid_clauses_list()));
      ++pos_;
      if (!seen_.insert(tok.text))
        return fail_at(start, fmt::format("duplicate clause '{}'", tok.text));
      const bool flag = tok.text == "ordered" || tok.text == "unordered" ||
                        tok.text == "histogram" || tok.text == "repeated";
      if (flag && is_punct("("))
        return fail(fmt::format("'{}' takes no arguments", tok.text));
      if (tok.text == "ordered") {
        if (saw_unordered)
          return fail_at(start, "'ordered' conflicts with 'unordered'");
        clauses.ordered = true;
      } else if (tok.text == "unordered") {
        if (clauses.ordered)
          return fail_at(start, "'unordered' conflicts with 'ordered'");
        saw_unordered = true;
      } else if (tok.text == "histogram") {
        clauses.histogram = true;
      } else if (tok.text == "repeated") {
        clauses.repeated = true;
      } else if (tok.text == "partition") {
        auto dims =
            parse_list(ClauseToken::Kind::Number, "partition", "a dimension number (0, 1, ...)");
        if (!dims)
          return *error_;
        if (dims->size() > 2)
          return fail_at(start, "'partition' takes one or two dimensions: partition(d0[, d1])");
        std::vector<int> numbers;
        for (const std::string &d : *dims) {
          int value = 0;
          auto [end, ec] = std::from_chars(d.data(), d.data() + d.size(), value);
          if (ec != std::errc() || end != d.data() + d.size())
            return fail_at(start, fmt::format("'{}' is not a dimension number", d));
          numbers.push_back(value);
        }
        if (numbers.size() == 2 && numbers[0] == numbers[1])
          return fail_at(start, "'partition' needs two different dimensions");
        clauses.partition = numbers;
      } else if (tok.text == "relax") {
        auto arrays = parse_list(ClauseToken::Kind::Identifier, "relax", "an array name");
        if (!arrays)
          return *error_;
        clauses.relax = *arrays;
      } else {
        return not_a_clause(start,
                            fmt::format("unknown clause '{}' in '#pragma orion parallel_for'; "
                                        "valid clauses are: {}",
                                        tok.text, valid_clauses_list()));
      }
      clauses.spelled.push_back(spell(start, pos_));
    }
    return clauses;
  }

private:
  bool is_punct(std::string_view p) const {
    return pos_ < tokens_.size() && tokens_[pos_].kind == ClauseToken::Kind::Punctuation &&
           tokens_[pos_].text == p;
  }

  ClauseError fail(std::string message) { return fail_at(pos_, std::move(message)); }
  ClauseError fail_at(size_t token, std::string message) {
    error_ = ClauseError{token, std::move(message), /*lists_valid_clauses=*/false};
    return *error_;
  }
  ClauseError not_a_clause(size_t token, std::string message) {
    error_ = ClauseError{token, std::move(message), /*lists_valid_clauses=*/true};
    return *error_;
  }

  std::string got() const {
    return pos_ < tokens_.size() ? fmt::format("'{}'", tokens_[pos_].text) : "end of line";
  }

  /// `( item {, item} )` where every item has kind `kind`.
  std::optional<std::vector<std::string>>
  parse_list(ClauseToken::Kind kind, std::string_view clause, std::string_view item) {
    if (!is_punct("(")) {
      fail(fmt::format("expected '(' after '{}', got {}", clause, got()));
      return std::nullopt;
    }
    ++pos_;
    std::vector<std::string> items;
    while (true) {
      if (pos_ >= tokens_.size() || tokens_[pos_].kind != kind) {
        fail(fmt::format("expected {} in '{}(...)', got {}", item, clause, got()));
        return std::nullopt;
      }
      items.push_back(tokens_[pos_++].text);
      if (is_punct(",")) {
        ++pos_;
        continue;
      }
      if (is_punct(")")) {
        ++pos_;
        return items;
      }
      fail(fmt::format("expected ',' or ')' in '{}(...)', got {}", clause, got()));
      return std::nullopt;
    }
  }

  /// The clause as written, normalized to `name(a, b)` spacing.
  std::string spell(size_t from, size_t to) const {
    std::string s;
    for (size_t i = from; i < to; ++i) {
      const std::string &t = tokens_[i].text;
      const bool after_open = i > from && tokens_[i - 1].text == "(";
      if (i > from && t != "(" && t != ")" && t != "," && !after_open)
        s += ' ';
      s += t;
    }
    return s;
  }

  /// Tiny set of seen clause names (there are only a handful).
  struct Seen {
    std::vector<std::string> names;
    bool insert(const std::string &n) {
      for (const std::string &s : names)
        if (s == n)
          return false;
      names.push_back(n);
      return true;
    }
  };

  const std::vector<ClauseToken> &tokens_;
  size_t pos_ = 0;
  Seen seen_;
  std::optional<ClauseError> error_;
};

} // namespace

std::string valid_clauses_list() {
  return "ordered, unordered, partition(d0[, d1]), histogram, repeated, relax(A, ...)";
}

std::variant<ir::Clauses, ClauseError> parse_clauses(const std::vector<ClauseToken> &tokens) {
  return Parser(tokens).run();
}

} // namespace orion::frontend

#include "frontend/clause_parser.hpp"

#include <catch2/catch.hpp>

using namespace orion::frontend;
using Kind = ClauseToken::Kind;

namespace {

/// Splits a clause string into tokens the way the preprocessor would.
std::vector<ClauseToken> lex(const std::string &text) {
  std::vector<ClauseToken> tokens;
  for (size_t i = 0; i < text.size();) {
    char c = text[i];
    if (c == ' ') {
      ++i;
    } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      size_t j = i;
      while (j < text.size() &&
             (std::isalnum(static_cast<unsigned char>(text[j])) || text[j] == '_'))
        ++j;
      tokens.push_back({Kind::Identifier, text.substr(i, j - i)});
      i = j;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      size_t j = i;
      while (j < text.size() && std::isalnum(static_cast<unsigned char>(text[j])))
        ++j;
      tokens.push_back({Kind::Number, text.substr(i, j - i)});
      i = j;
    } else if (c == '(' || c == ')' || c == ',') {
      tokens.push_back({Kind::Punctuation, std::string(1, c)});
      ++i;
    } else {
      tokens.push_back({Kind::Other, std::string(1, c)});
      ++i;
    }
  }
  return tokens;
}

orion::ir::Clauses ok(const std::string &text) {
  auto r = parse_clauses(lex(text));
  INFO(text);
  REQUIRE(std::holds_alternative<orion::ir::Clauses>(r));
  return std::get<orion::ir::Clauses>(r);
}

ClauseError bad(const std::string &text) {
  auto r = parse_clauses(lex(text));
  INFO(text);
  REQUIRE(std::holds_alternative<ClauseError>(r));
  return std::get<ClauseError>(r);
}

} // namespace

TEST_CASE("no clauses means unordered") {
  auto c = ok("");
  CHECK_FALSE(c.ordered);
  CHECK_FALSE(c.partition);
  CHECK(c.spelled.empty());
}

TEST_CASE("every clause parses") {
  auto c = ok("ordered partition(1, 0) histogram repeated relax(summary, topics)");
  CHECK(c.ordered);
  REQUIRE(c.partition);
  CHECK(*c.partition == std::vector<int>{1, 0});
  CHECK(c.histogram);
  CHECK(c.repeated);
  CHECK(c.relax == std::vector<std::string>{"summary", "topics"});
  CHECK(c.spelled == std::vector<std::string>{"ordered", "partition(1, 0)", "histogram", "repeated",
                                              "relax(summary, topics)"});
  CHECK(ok("unordered, partition(0)").partition == std::vector<int>{0});
}

TEST_CASE("malformed clauses name the offending token") {
  auto e = bad("ordered bogus");
  CHECK(e.token == 1);
  CHECK(e.message.find("unknown clause 'bogus'") != std::string::npos);
  CHECK(e.message.find("relax(A, ...)") != std::string::npos);

  CHECK(bad("partition").message.find("expected '(' after 'partition'") != std::string::npos);
  CHECK(bad("partition(x)").message.find("dimension number") != std::string::npos);
  CHECK(bad("partition(0, 1, 2)").message.find("one or two") != std::string::npos);
  CHECK(bad("partition(1, 1)").message.find("two different") != std::string::npos);
  CHECK(bad("partition(0x)").message.find("not a dimension number") != std::string::npos);
  CHECK(bad("relax()").message.find("an array name") != std::string::npos);
  CHECK(bad("relax(A").token == 3); // at end of line: one past the last token
  CHECK(bad("relax(A").message.find("end of line") != std::string::npos);
  CHECK(bad("ordered ordered").message.find("duplicate clause 'ordered'") != std::string::npos);
  CHECK(bad("ordered unordered").message.find("conflicts") != std::string::npos);
  CHECK(bad("= 3").message.find("expected a clause") != std::string::npos);
  // Regression tests: a trailing comma was accepted, and `histogram(4)` said "expected a clause,
  // got '('".
  CHECK(bad("ordered,").message == "expected a clause after ','");
  CHECK(bad("ordered,").token == 1);
  CHECK(bad(", ordered").message == "expected a clause before ','");
  CHECK(bad("histogram(4)").message == "'histogram' takes no arguments");
  CHECK(bad("histogram(4)").token == 1);
  CHECK(bad("ordered()").message == "'ordered' takes no arguments");
}

TEST_CASE("only a word that is not a clause lists the valid clauses itself") {
  // The pragma handler adds a note listing them to every other error.
  CHECK(bad("ordered bogus").lists_valid_clauses);
  CHECK(bad("= 3").lists_valid_clauses);
  CHECK_FALSE(bad("partition(x)").lists_valid_clauses);
  CHECK_FALSE(bad("ordered ordered").lists_valid_clauses);
  CHECK_FALSE(bad("relax(A").lists_valid_clauses);
}

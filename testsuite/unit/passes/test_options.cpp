#include "driver/options.hpp"

#include <catch2/catch.hpp>

using namespace orion::driver;

namespace {

Options parse_ok(std::vector<std::string> args) {
  auto r = parse_options(args);
  REQUIRE(std::holds_alternative<Options>(r));
  return std::get<Options>(r);
}

std::string parse_error(std::vector<std::string> args) {
  auto r = parse_options(args);
  REQUIRE(std::holds_alternative<UsageError>(r));
  return std::get<UsageError>(r).message;
}

} // namespace

TEST_CASE("a compiler-style command line") {
  Options o = parse_ok({"-O3", "-g", "in.cpp", "-o", "out", "-I", "inc", "-DX=1", "-march=native",
                        "-std=c++23", "-Ufoo", "--keep", "-v"});
  CHECK(o.input == "in.cpp");
  CHECK(o.output == "out");
  CHECK(o.emit == Emit::Binary);
  CHECK(o.std_flag == "-std=c++23");
  CHECK(o.keep);
  CHECK(o.verbose);
  CHECK(o.preprocessor_args == std::vector<std::string>{"-Iinc", "-DX=1", "-Ufoo"});
  CHECK(o.codegen_args == std::vector<std::string>{"-O3", "-g", "-march=native"});
  CHECK_FALSE(o.verify);
  CHECK(parse_ok({"--verify", "a.cpp"}).verify);
}

TEST_CASE("dumps and emits") {
  Options o = parse_ok({"--dump=loops", "--format=json", "a.cpp"});
  CHECK(o.dump == Dump::Loops);
  CHECK(o.format == DumpFormat::Json);
  CHECK(parse_ok({"--emit=cpp", "a.cpp"}).emit == Emit::Cpp);
}

TEST_CASE("help and version short-circuit") {
  CHECK(std::get<Action>(parse_options({"--help"})) == Action::Help);
  CHECK(std::get<Action>(parse_options({"a.cpp", "--version"})) == Action::Version);
  CHECK(help_text().find("--dump=loops") != std::string::npos);
}

TEST_CASE("bad command lines are errors that say what is wrong") {
  CHECK(parse_error({"--frobnicate", "a.cpp"}).find("unknown option '--frobnicate'") !=
        std::string::npos);
  CHECK(parse_error({}).find("no input file") != std::string::npos);
  CHECK(parse_error({"a.cpp", "b.cpp"}).find("one input file") != std::string::npos);
  CHECK(parse_error({"a.cpp", "-o"}).find("'-o' needs") != std::string::npos);
  CHECK(parse_error({"a.cpp", "-I"}).find("'-I' needs") != std::string::npos);
  CHECK(parse_error({"a.cpp", "-std=c++17"}).find("C++20 or later") != std::string::npos);
  CHECK(parse_error({"a.cpp", "--dump=all"}).find("--dump=deps") != std::string::npos);
  CHECK(parse_error({"a.cpp", "--format=xml"}).find("--format=text") != std::string::npos);
  CHECK(parse_error({"a.cpp", "--emit=asm"}).find("--emit=binary") != std::string::npos);
  CHECK(parse_error({"a.cpp", "-O9"}).find("unknown option '-O9'") != std::string::npos);
}

// Catch2's implementation, compiled once for every unit-test binary: it is the slowest file of
// the test build (tens of seconds), and each binary used to compile its own copy.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include "catch_run.hpp"

int orion::test::run_catch(int argc, char **argv, const char *reporter) {
  Catch::Session tests;
  if (const int rc = tests.applyCommandLine(argc, argv); rc != 0)
    return rc;
  if (reporter)
    tests.configData().reporterName = reporter;
  return tests.run();
}

// Distributed unit tests: every rank runs every test case in declaration order, so the collectives
// inside them line up. Rank 0 reports in full; other ranks only report failures.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <orion/session.hpp>

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  Catch::Session tests;
  if (const int rc = tests.applyCommandLine(argc, argv); rc != 0)
    return rc;
  if (!orion::is_root())
    tests.configData().reporterName = "compact";
  return tests.run();
}

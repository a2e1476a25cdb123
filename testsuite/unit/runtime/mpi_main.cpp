// Distributed unit tests: every rank runs every test case in declaration order, so the collectives
// inside them line up. Rank 0 reports in full; other ranks only report failures.
#include "catch_run.hpp"

#include <orion/session.hpp>

int main(int argc, char **argv) {
  orion::Session session(argc, argv);
  return orion::test::run_catch(argc, argv, orion::is_root() ? nullptr : "compact");
}

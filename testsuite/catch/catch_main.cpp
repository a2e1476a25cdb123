// The default main of the unit-test binaries.
#include "catch_run.hpp"

int main(int argc, char **argv) { return orion::test::run_catch(argc, argv); }

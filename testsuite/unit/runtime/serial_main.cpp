// Serial unit tests of the header-only backend: built without ORION_DISTRIBUTED.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

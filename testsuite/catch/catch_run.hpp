// Runs the Catch2 tests linked into a binary. Catch2 v2 declares its Session only where its
// implementation is compiled (catch_impl.cpp), so a main of our own calls this instead.
#pragma once

namespace orion::test {

/// Runs the registered tests with the command line; `reporter`, when given, replaces the
/// reporter the command line chose. Returns the process exit code.
int run_catch(int argc, char **argv, const char *reporter = nullptr);

} // namespace orion::test

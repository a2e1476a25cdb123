// The element types of the arrays a loop writes. The ranks exchange elements as bytes, so an
// element that holds a pointer (`std::string_view`, `const char *`, a struct with a pointer
// member) arrives on another rank pointing into the sender's memory: rank 0 crashed printing the
// labels other ranks computed (found by a helper writing programs as a new user).
#pragma once

namespace clang {
class Stmt;
} // namespace clang

namespace orion::frontend {

class Diagnostics;
struct ScanContext;

/// Reports, as errors, the arrays the loop writes whose element type holds a pointer, a
/// reference or a view (after the references were collected). False if any.
bool check_array_elements(const clang::Stmt *loop, const ScanContext &ctx, Diagnostics &diags);

} // namespace orion::frontend

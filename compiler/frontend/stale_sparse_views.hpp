// Driver code that keeps a view into a SparseArray (`auto r3 = R.row(3);`, an iterator) across a
// parallel loop over that array and uses it afterwards. The loop lays the array's elements out
// again, in place (blocks of the partition), and on several ranks moves them between ranks: the
// view then names other elements, or memory the array no longer has (found by a helper writing
// programs as a new user: a crash at one worker, another sum on two ranks). The serial build
// keeps the storage as it was, so nothing but orionc can see it.
#pragma once

#include <vector>

namespace clang {
class ASTContext;
class Stmt;
} // namespace clang

namespace orion::frontend {

class Diagnostics;

/// Reports, as errors, uses after a parallel loop over a SparseArray of views of it taken before.
void report_stale_sparse_views(clang::ASTContext &ast,
                               const std::vector<const clang::Stmt *> &parallel_loops,
                               Diagnostics &diags);

} // namespace orion::frontend

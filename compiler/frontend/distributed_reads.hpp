// Driver code that reads the elements of a distributed SparseArray. On several ranks
// orion::load_triplets, load_text and load_bag_of_words leave each rank only its share of the
// elements (docs/runtime.md, "Distributed sparse data"). Driver code that then iterates over such
// an array, asks for its keys, values or rows, or copies it, gathers the whole array on every rank,
// where it stays: the results are right, but every rank holds what distribution was meant to
// spread. This check points at each such read and at the load, so that the read can move into a
// parallel loop.
#pragma once

#include "diagnostics.hpp"

#include <vector>

namespace clang {
class ASTContext;
class Stmt;
} // namespace clang

namespace orion::frontend {

/// Warns at each read of the elements of a SparseArray variable that driver code in the main file
/// assigns from orion::load_triplets, load_text or load_bag_of_words: a range-for over it, a call
/// of any member but nnz(), empty(), extent(), extents(), distributed() and whole() (which gathers
/// on purpose), and a copy. `parallel_loops` are the loops bound to a pragma, whose bodies are not
/// driver code. Arrays reached through references, parameters or members are not followed.
void warn_distributed_reads(clang::ASTContext &ast,
                            const std::vector<const clang::Stmt *> &parallel_loops,
                            Diagnostics &diags);

} // namespace orion::frontend

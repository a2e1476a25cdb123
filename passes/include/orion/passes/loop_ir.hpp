// LoopIR: what the front end knows about one `#pragma orion parallel_for` loop.
//
// Pure C++ (no Clang types) so that every analysis on it can be unit-tested on hand-built
// loops. The front end fills it; dependence analysis, schedule selection and the report read it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace orion::ir {

/// A position in the user's source file (1-based line and column).
struct SourceLocation {
  unsigned line = 0;
  unsigned column = 0;
  friend bool operator==(const SourceLocation &, const SourceLocation &) = default;
};

/// What a symbol of an affine expression stands for.
enum class SymbolKind {
  IterationIndex, ///< a dimension of the loop's iteration space (`key[0]`, `i`)
  InnerIndex,     ///< the index of a `for` loop inside the body (`k`)
  Parameter,      ///< a value that does not change during the loop (`K`, `A.extent(0)`)
};

/// One `coefficient * symbol` term.
struct AffineTerm {
  SymbolKind kind;
  int index; ///< iteration dimension, inner-loop id or parameter id, by `kind`
  int64_t coefficient;
  friend bool operator==(const AffineTerm &, const AffineTerm &) = default;
};

/// `sum(terms) + constant`, kept normalized: terms sorted by (kind, index), merged, no zeros.
class AffineExpr {
public:
  AffineExpr() = default;
  static AffineExpr constant(int64_t value);
  static AffineExpr symbol(SymbolKind kind, int index, int64_t coefficient = 1);

  const std::vector<AffineTerm> &terms() const { return terms_; }
  int64_t constant_term() const { return constant_; }
  bool is_constant() const { return terms_.empty(); }
  /// Coefficient of a symbol (0 when absent).
  int64_t coefficient(SymbolKind kind, int index) const;
  bool uses(SymbolKind kind) const;

  AffineExpr operator+(const AffineExpr &other) const;
  AffineExpr operator-(const AffineExpr &other) const;
  AffineExpr scaled(int64_t factor) const;
  friend bool operator==(const AffineExpr &, const AffineExpr &) = default;

private:
  void add_term(AffineTerm term);
  std::vector<AffineTerm> terms_;
  int64_t constant_ = 0;
};

/// A loop bound: affine, or unknown (then the source text says what it was).
struct Bound {
  std::optional<AffineExpr> expr; ///< empty when not affine
  std::string text;               ///< the source spelling
};

/// How a subscript was classified.
enum class SubscriptKind {
  Affine,  ///< affine in iteration indices, inner-loop indices and parameters
  Range,   ///< the whole extent of the dimension (`A.row(i)` covers the last dimension)
  Unknown, ///< anything else: may be any element of the dimension
};

/// One subscript of an array reference.
struct Subscript {
  SubscriptKind kind = SubscriptKind::Unknown;
  AffineExpr expr;    ///< valid when kind == Affine
  std::string text;   ///< the source spelling, as written (before alias chasing)
  std::string reason; ///< why it is Unknown
};

/// How a reference touches its element.
enum class AccessKind {
  Read,
  Write,
  ReadWrite,
  Reduce, ///< `acc += x` on an Accumulator: a reduction, not a dependence
};

/// The runtime type of an array-like object used in the loop.
enum class ArrayKind { Dense, Sparse, Accumulator, Buffer };

/// A DistArray, Accumulator or Buffer referenced by the loop.
struct ArrayDecl {
  std::string name;
  ArrayKind kind = ArrayKind::Dense;
  std::string element_type;
  int rank = 0; ///< number of dimensions (0 for accumulators)
  SourceLocation declared_at;
  /// An accumulator the body only names as `name += x`: the runtime hands the body a per-block
  /// partial in its place (codegen), folded into the accumulator after each block.
  bool block_reduction = false;
  /// A dense array or Buffer the body names only to reach elements or rows (`A(i)`, `A.row(i)`,
  /// `A.extent(d)`), never as a whole: the runtime may shard it across ranks.
  bool element_access_only = false;
};

/// One syntactic access to an array element (after following local aliases).
/// A condition that must hold for a reference to run: an affine guard of the body. `if (j < i)`
/// gives `i - j - 1 >= 0` for the references in its then-branch and `j - i >= 0` in its
/// else-branch.
struct Guard {
  AffineExpr expr; ///< `expr >= 0`, or `expr == 0` when `equality`
  bool equality = false;
  std::string text; ///< the condition as written (negated ones are shown with `!(...)`)
  friend bool operator==(const Guard &, const Guard &) = default;
};

struct ArrayRef {
  int id = 0;
  int array = 0; ///< index into Loop::arrays
  AccessKind access = AccessKind::Read;
  std::vector<Subscript> subscripts;
  std::vector<int> inner_loops; ///< enclosing inner loops, outermost first
  std::vector<Guard> guards;    ///< enclosing affine conditions (any others are not recorded)
  SourceLocation location;
  std::string text; ///< the source spelling of the access expression
  std::string via;  ///< the local alias it was accessed through, if any
  /// A `+=`, `-=`, `++` or `--` on the element itself, in the body: an update relax(...) can
  /// merge as a delta.
  bool commutative = false;
  /// A write to part of the element (a member, an entry of an element that is an array).
  bool partial = false;
  /// Inside a loop of the body that is not a counted inner loop (`while`, a range-for, a `for`
  /// orionc cannot count): the reference may run several times per iteration.
  bool repeated = false;
};

/// A `for` loop nested in the body; its index is an existentially bounded symbol.
struct InnerLoop {
  std::string var;
  Bound lower; ///< inclusive
  Bound upper; ///< exclusive
  int parent = -1;
  SourceLocation location;
};

/// A value that is invariant during the loop, usable as an isl parameter.
struct Parameter {
  std::string name; ///< the source spelling (`K`, `ratings.extent(0)`)
  /// Its value in the other parameters, when it is a const local computed before the loop
  /// (`const int64_t lo = k + 1;`): a constraint of the polyhedral model.
  std::optional<AffineExpr> definition;
};

/// One dimension of the iteration space.
struct IterationDim {
  std::string name; ///< `key[0]` for array iteration, the index variable for counted nests
  Bound lower;      ///< inclusive
  Bound upper;      ///< exclusive
  // Counted nests only, for code generation, which re-emits the loop header. (Default member
  // initializers keep hand-built `{name, lower, upper}` dims warning-free.)
  std::string type = {};          ///< the index's declared type as written (`int64_t`)
  std::string upper_written = {}; ///< the upper bound as written (`hi` of `i <= hi`)
  bool inclusive = false;         ///< `i <= hi`: upper.expr is hi + 1
  /// The index is a 64-bit unsigned type (`size_t`): a block's bounds are signed, and an empty
  /// block's upper bound may be negative, which compared as unsigned would run past the array.
  bool wide_unsigned = false;
};

/// The set of iterations the parallel loop runs.
struct IterationSpace {
  enum class Kind {
    Array,  ///< `for (auto&& [key, value] : A)`: A's index space (stored elements if sparse)
    Counted ///< a perfect nest of `for (int64_t i = lo; i < hi; ++i)`
  };
  Kind kind = Kind::Counted;
  int array = -1;       ///< the iterated array (Array kind), index into Loop::arrays
  std::string key_name; ///< the structured binding names (Array kind)
  std::string value_name;
  std::vector<IterationDim> dims;
  /// A for loop nested directly in the counted nest that does not extend it (its form, an index
  /// the body modifies, bounds that are not affine): it runs inside each iteration, and its index
  /// is a variable the body writes. Reported with a loop that has no schedule.
  struct NestEnd {
    SourceLocation at;
    std::string index; ///< its index variable, when it has one
    std::string why;
  };
  std::optional<NestEnd> nest_end;
};

/// The clauses of the pragma.
struct Clauses {
  bool ordered = false;
  std::optional<std::vector<int>> partition; ///< `partition(d0[, d1])`
  bool histogram = false;
  bool repeated = false;
  std::vector<std::string> relax; ///< `relax(A, ...)`
  /// The clauses as the user wrote them, in order (for reports).
  std::vector<std::string> spelled;
};

/// A range of bytes of the main file, [begin, end).
struct ByteRange {
  unsigned begin = 0;
  unsigned end = 0;
};

/// The body names an array of the loop under another name: a reference declared outside the loop
/// (`auto &H2 = H;` ... `H2(i) += 1`) or `this->w`. In the lambda the body becomes, only the
/// array's own name reaches the runtime's view of it (the other would reach the array itself,
/// bypassing merges and shards): code generation writes `name` over `range`.
struct ArrayRename {
  ByteRange range;
  std::string name;
};

/// Where a loop is written in the main file, for code generation, which splices the file's text.
/// Plain byte offsets: LoopIR stays free of Clang types.
/// A lambda defined before a loop that code generation declares again inside its body.
struct OuterLambda {
  ByteRange text; ///< its declaration, through the `;`
  std::string name;
};

struct LoopText {
  /// False when the loop cannot be spliced (produced by a macro expansion, not in the main
  /// file); `why` says what it is. The dumps work either way; code generation refuses it.
  bool rewritable = false;
  std::string why;
  /// The `#pragma` directive (without the line break; continuation lines included), or the
  /// `_Pragma(...)` operator, or the use of a macro that expands to nothing but the pragma.
  ByteRange pragma;
  bool pragma_is_directive = false; ///< `#pragma`: a line of its own
  ByteRange statement; ///< the loop, from `for` through its last token (a trailing `;` too)
  ByteRange body;      ///< the loop's body; for counted nests, the innermost nest loop's body
  ByteRange range;     ///< array iteration: the iterated expression (`ratings`)
  /// Array iteration: the `continue` statements that continue this loop. Its body becomes a
  /// lambda, where they must be `return`.
  std::vector<unsigned> continues;
  std::vector<ArrayRename> renames; ///< in text order, disjoint
  /// Lambdas defined before the loop that capture orion objects and that the body calls
  /// (directly or through one another): their declarations through the `;`, in text order. Code
  /// generation declares them again at the top of the body's lambda, where the objects' names are
  /// the runtime's views (a lambda declared outside reaches the rank's own copy of an array).
  std::vector<OuterLambda> outer_lambdas;
};

/// A parameter of a helper function declared as a reference to an orion::DenseArray.
struct ViewParam {
  ByteRange type; ///< from the start of the declaration through the `&`, up to the name
  std::string element_type;
  int rank = 0;
};

/// One declaration of a helper function, as written in the main file.
struct HelperText {
  ByteRange text; ///< the whole declaration (a definition: through its closing brace)
  std::vector<ViewParam> params;
};

/// A function with a visible body that a loop body calls with dense arrays. Code generation adds
/// an overload of it whose array parameters are the runtime's recording views, so that the body
/// compiles, and its accesses are recorded element by element, when the runtime records them.
struct ViewOverload {
  std::string function;
  std::optional<HelperText> forward; ///< the first declaration, when it is not the definition
  HelperText definition;
};

/// A variable of the body, as the prefetch slice sees it: a local, a structured binding, or the
/// index of a loop inside the body.
struct BodyVar {
  std::string name;
  /// Never written after its declaration (a loop index: only by its own loop's header), so the
  /// slice computes the same value as the body.
  bool stable = true;
};

/// An element or row access of a dense array (or Buffer) in the body: what the prefetch slice
/// repeats, as written, to record the row it names.
struct Touch {
  int array = -1; ///< Loop::arrays
  ByteRange call; ///< the access as written: `w(f)`, `W.row(u)`
  SourceLocation location;
  std::string text;       ///< the same, for reports
  std::vector<int> vars;  ///< body variables its subscripts read (BodyOutline::vars)
  std::vector<int> reads; ///< arrays whose values its subscripts read
  bool pure = true;       ///< its subscripts have no side effects and call nothing unknown
  /// Evaluated only under a condition inside its statement (a branch of `?:`, the right operand
  /// of `&&` or `||`): its subscripts may be meaningless when the condition is false.
  bool guarded = false;
};

/// One statement of the body for the prefetch slice. The facts are about the statement's own
/// evaluation: all of it for a simple statement or a declaration, the header (init, condition,
/// increment, range) for a loop or an if.
struct BodyNode {
  enum class Kind {
    Simple,      ///< an expression statement or any statement the slice does not look into
    Declaration, ///< local variables
    Compound,    ///< `{ ... }`: children are its statements
    Loop,        ///< `for` or range-`for`: children = {body}
    If,          ///< children = {then} or {then, else}
    Jump,        ///< `break` or `continue`
    Type,        ///< declares a type (`using`, `struct`, ...) the kept code may need: always kept
  };
  Kind kind = Kind::Simple;
  ByteRange range;        ///< the whole statement, with its `;`
  ByteRange header;       ///< Loop, If: from the statement's start to its first child
  ByteRange else_keyword; ///< If with an else: between the then-branch and the else-branch
  std::vector<int> children;
  std::vector<int> declared; ///< body variables it declares (a loop's: its indices)
  std::vector<int> vars;     ///< body variables it reads
  std::vector<int> reads;    ///< dense arrays whose values it reads (through its touches)
  bool pure = true; ///< no side effect besides initializing what it declares (a loop: its indices)
  bool escapes = false;     ///< a jump inside leaves the statement (break, continue, return, throw)
  std::vector<int> touches; ///< its own accesses, in order (BodyOutline::touches)
};

/// The body's statements, for the prefetch slice (passes/prefetch_slice). Empty when orionc
/// could not outline the body (part of it comes from a macro): every served row is then fetched
/// on a miss.
struct BodyOutline {
  std::vector<BodyNode> nodes; ///< nodes[0] is the body
  std::vector<BodyVar> vars;
  std::vector<Touch> touches;
};

/// One annotated loop.
struct Loop {
  SourceLocation pragma_location;
  SourceLocation location; ///< the `for` keyword
  SourceLocation end;      ///< the last token of the loop statement
  std::string function;    ///< the enclosing function
  Clauses clauses;
  IterationSpace space;
  std::vector<InnerLoop> inner_loops;
  std::vector<Parameter> parameters;
  std::vector<ArrayDecl> arrays;
  std::vector<ArrayRef> refs;
  LoopText text;
  std::vector<ViewOverload> view_overloads; ///< helpers the body calls (directly or not)
  /// Arithmetic locals of the enclosing function that the body reads (never writes): codegen
  /// copies them into the body's lambda, where they stay in registers.
  std::vector<std::string> copied_scalars;
  BodyOutline outline;

  /// The name of a symbol in `expr`-rendering terms.
  std::string symbol_name(SymbolKind kind, int index) const;
  /// Renders `expr` with this loop's symbol names, e.g. `key[0] + 1`, `2*i - j`.
  std::string render(const AffineExpr &expr) const;
  /// The id of the parameter named `name`, added if new.
  int intern_parameter(const std::string &name);
  int find_array(const std::string &name) const;
};

/// A statement of driver code that only some ranks run (an `if` on the rank, or what follows
/// `if (!orion::is_root()) return;`) and that names dense arrays: code generation gathers them on
/// every rank before it (they may be sharded).
struct DriverGather {
  /// Around: the statement is wrapped, `{ gather; statement }` (it may be a loop's body or an
  /// else). Before: the gather goes in front of it, a statement of a block (`statement` is empty).
  enum class Place { Around, Before };
  ByteRange statement;
  std::vector<std::string> arrays; ///< the code that names each (`w`, `model.w`)
  Place place = Place::Around;
};

/// Driver code keeps a pointer, reference, span or iterator into dense arrays from the statement
/// at byte `at` on: code generation pins them there (they stay whole, never sharded again).
struct DriverPin {
  unsigned at = 0;
  std::vector<std::string> arrays; ///< the code that names each (`w`, `model.w`)
};

/// Every annotated loop of one source file.
struct Program {
  std::string source; ///< the path as given on the command line
  std::vector<Loop> loops;
  std::vector<DriverGather> driver_gathers;
  std::vector<DriverPin> driver_pins;
  /// The files the source read while it was parsed, itself first, system headers left out: what
  /// the analysis depends on (orionc --depfile).
  std::vector<std::string> inputs;
};

/// The inner-loop indices a reference depends on: its enclosing inner loops, then any other that a
/// subscript or a guard mentions, in order of appearance.
std::vector<int> inner_indices_of(const ArrayRef &ref);

std::string_view to_string(SymbolKind kind);
std::string_view to_string(SubscriptKind kind);
std::string_view to_string(AccessKind kind);
std::string_view to_string(ArrayKind kind);
std::string_view to_string(IterationSpace::Kind kind);

} // namespace orion::ir

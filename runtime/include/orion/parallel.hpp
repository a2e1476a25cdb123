// Parallel loops: what orionc-generated code calls in place of an annotated loop (docs/runtime.md).
//
//   for_each(plan, A, arrays(W, H), [&](auto &W, auto &H, const auto &key, auto &value) {...})
//   for_each(plan, A, arrays(W, H), reductions(loss),
//            [&](auto &W, auto &H, auto &loss, const auto &key, auto &value) {...})
//   for_nest<N>(plan, bounds, arrays(A), [&](auto &A, const Block<N> &block) {...})
//
// The body is the user's loop body; its parameters shadow the arrays, so the same text compiles
// against the arrays themselves (the fast path: every access is base + offset) or against
// RecordingViews when the executor records what a partition touches (--orion-check, and writes
// that must be shipped between ranks). Accumulators the body only adds to (`loss += x`) come in
// as BlockReductions: a plain local per block, which the compiler keeps in a register, folded
// into the accumulator once the block is done. The schedules themselves are in src/executor.cpp.
#pragma once

#ifndef ORION_DISTRIBUTED
#error "orion/parallel.hpp is the target of orionc-generated code; build it with orionc"
#endif

#include <orion/accumulator.hpp>
#include <orion/buffer.hpp>
#include <orion/dense_array.hpp>
#include <orion/detail/element_streams.hpp>
#include <orion/detail/executor.hpp>
#include <orion/detail/relaxed.hpp>
#include <orion/error.hpp>
#include <orion/plan.hpp>
#include <orion/session.hpp>
#include <orion/sparse_array.hpp>

#include <algorithm>
#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <tuple>
#include <utility>

namespace orion::parallel {

/// The dense arrays a loop body references, in the order of the body's parameters: DenseArrays,
/// `relaxed(A)` for a relaxed array the body updates, and Buffers.
template <class... A> std::tuple<A...> arrays(A &&...a) { return {std::forward<A>(a)...}; }

/// What orionc passes for a SparseArray the body reads only row by row, at rows of the
/// iteration it runs (`X.row(s)`): `sparse_rows(X)`. The body gets the array itself; on several
/// ranks the runtime fetches the rows each rank runs instead of gathering a distributed array.
template <class S> struct SparseRows { S &array; };
template <class T, std::size_t N>
SparseRows<const SparseArray<T, N>> sparse_rows(const SparseArray<T, N> &a) {
  return {a};
}
/// A non-const array stays non-const in the body (a helper may take `SparseArray &`).
template <class T, std::size_t N> SparseRows<SparseArray<T, N>> sparse_rows(SparseArray<T, N> &a) {
  return {a};
}

/// Before a loop whose body reads a SparseArray orionc does not hand to the runtime (any other
/// way than rows at the loop's own index): it is gathered whole first if it is distributed
/// (collective, as the loop), since a worker cannot gather it.
template <class T, std::size_t N> void whole(const SparseArray<T, N> &a) { a.whole(); }

/// The accumulators a loop body only adds to, in the order of the body's parameters (after the
/// arrays).
template <class... A> std::tuple<A &...> reductions(A &...a) { return {a...}; }

/// One block's partial of an Accumulator: what the body sees in its place. It combines like the
/// accumulator's worker slot (the first contribution taken as is), so a single block per worker
/// gives the slot's value bit for bit.
template <class T, class Op> class BlockReduction {
public:
  /// `sole`: one worker in total, and `acc` reached under no other name in the loop. Then the
  /// block continues the accumulator's running value, in order, as the serial program's `acc += x`
  /// does: folding per-block partials into it instead would round a floating-point sum
  /// differently (a loop run twice adds p1 + p2, not the 2n terms in turn).
  BlockReduction(Accumulator<T, Op> &acc, bool sole) : sole_(sole), op_(acc.combiner()) {
    if (sole_) {
      value_ = acc.sole_worker_value();
      used_ = true;
    }
  }

  BlockReduction &operator+=(const T &x) {
    value_ = used_ ? static_cast<T>(op_(value_, x)) : x;
    used_ = true;
    return *this;
  }
  /// Adds the partial to the calling worker's slot of `acc` (one worker: stores the running
  /// value back).
  void fold_into(Accumulator<T, Op> &acc) const {
    if (sole_)
      acc.sole_worker_value() = value_;
    else if (used_)
      acc += value_;
  }

private:
  T value_{};
  bool used_ = false;
  bool sole_ = false;
  [[no_unique_address]] Op op_;
};

/// An affine loop bound: constant + sum over outer indices m < d of coeffs[m] * x_m.
template <std::size_t N> struct NestBound {
  std::int64_t constant = 0;
  std::array<std::int64_t, N> coeffs{};
};

/// The bounds of a perfect counted nest, [lower, upper) per dimension.
template <std::size_t N> struct NestBounds { std::array<NestBound<N>, N> lower, upper; };

/// One partition of a counted nest. Its box is in the schedule's (possibly skewed) coordinates
/// c = T x with T lower unit-triangular, so for fixed outer indices the range of x_k is the box's
/// range of c_k shifted by the outer terms: the generated loops clamp the user's bounds with it.
template <std::size_t N> class Block {
public:
  explicit Block(const detail::BlockTask &task) : task_(task) {}

  template <class... X> std::int64_t lower(int k, std::int64_t user, X... outer) const {
    return std::max(user, task_.lo[static_cast<std::size_t>(k)] - shift(k, outer...));
  }
  template <class... X> std::int64_t upper(int k, std::int64_t user, X... outer) const {
    return std::min(user, task_.hi[static_cast<std::size_t>(k)] - shift(k, outer...));
  }

private:
  template <class... X> std::int64_t shift(int k, X... outer) const {
    if (task_.transform == nullptr || task_.transform->empty())
      return 0;
    const std::array<std::int64_t, sizeof...(X)> x{static_cast<std::int64_t>(outer)...};
    const auto &row = (*task_.transform)[static_cast<std::size_t>(k)];
    std::int64_t s = 0;
    for (std::size_t m = 0; m < x.size(); ++m)
      s += row[m] * x[m];
    return s;
  }

  const detail::BlockTask &task_;
};

/// A DenseArray as a block's body sees it on the fast path: the array's storage and extents,
/// element access with the array's bounds checks but without the test every access from driver
/// code makes (whether the array is sharded across ranks and must be gathered first), which in a
/// loop keeps the compiler from vectorizing it (SGD MF at one worker took twice as long). Inside a
/// loop an array that is not served is always whole, and its storage does not move, so the view
/// keeps its own copy of the data pointer and extents. The view is a local of the block, whose
/// fields the compiler may read ahead of a bounds check and keep in registers for the whole block;
/// read through the array they were reloaded for every element whenever a bounds check came first
/// (a build without -DNDEBUG: SGD MF at one worker 1.5x its serial build). Copies are views of the
/// same array, as a RecordingView's are.
template <class T, std::size_t N> class DenseView {
public:
  using value_type = T;
  using key_type = std::array<std::int64_t, N>;
  static constexpr std::size_t dims = N;

  explicit DenseView(const DenseArray<T, N> &array)
      : array_(&const_cast<DenseArray<T, N> &>(array)),
        data_(orion::detail::DenseAccess::data(array)), extents_(array.extents()) {}

  template <std::integral... I> T &operator()(I... index) const {
    static_assert(sizeof...(I) == N, "DenseArray<T, N>(...) takes exactly N indices");
    return orion::detail::RowMajor<N>::element(data_, extents_, index...);
  }
  template <std::integral... I> std::span<T> row(I... index) const {
    static_assert(sizeof...(I) == N - 1, "DenseArray<T, N>::row takes exactly N - 1 indices");
    return orion::detail::RowMajor<N>::row(data_, extents_, index...);
  }
  std::int64_t extent(std::size_t d) const { return extents_[d]; }
  const key_type &extents() const noexcept { return extents_; }
  std::int64_t size() const noexcept { return array_->size(); }
  T *data() const { return data_; }
  auto begin() const { return array_->begin(); }
  auto end() const { return array_->end(); }
  void fill(const T &value) const { array_->fill(value); }

  /// A helper declared to take `DenseArray&` that orionc gave no view overload (declared in
  /// another file) gets the array itself.
  operator DenseArray<T, N> &() const { return *array_; }

private:
  DenseArray<T, N> *array_;
  T *data_;
  key_type extents_;
};

/// A DenseArray as seen by a body whose accesses are recorded: same interface, every element
/// handed out is logged (with its value before the access) first.
template <class T, std::size_t N> class RecordingView {
public:
  using value_type = T;
  using key_type = std::array<std::int64_t, N>;
  static constexpr std::size_t dims = N;

  RecordingView(DenseArray<T, N> &array, detail::AccessLog &log, int arg)
      : array_(&array), log_(&log), arg_(arg) {}

  template <std::integral... I> T &operator()(I... index) const {
    T &element = (*array_)(index...);
    log_->record(arg_, &element - array_->data(), &element, sizeof(T));
    return element;
  }
  template <std::integral... I> std::span<T> row(I... index) const {
    std::span<T> r = array_->row(index...);
    log_->record_range(arg_, r.data() - array_->data(), static_cast<std::int64_t>(r.size()),
                       r.data(), sizeof(T));
    return r;
  }
  std::int64_t extent(std::size_t d) const { return array_->extent(d); }
  const key_type &extents() const noexcept { return array_->extents(); }
  std::int64_t size() const noexcept { return array_->size(); }
  /// Escapes element-wise recording: the whole array counts as accessed.
  T *data() const {
    everything();
    return array_->data();
  }
  auto begin() const {
    everything();
    return array_->begin();
  }
  auto end() const { return array_->end(); }

  /// A helper function declared to take `DenseArray&` (whose body orionc cannot give a view
  /// overload) gets the array itself: what it touches is not seen element by element, so the
  /// whole array counts as accessed.
  operator DenseArray<T, N> &() const {
    everything();
    return *array_;
  }

private:
  void everything() const {
    log_->record_range(arg_, 0, array_->size(), array_->data(), sizeof(T));
  }

  DenseArray<T, N> *array_;
  detail::AccessLog *log_;
  int arg_;
};

namespace detail_ {

template <class S> inline constexpr bool is_sparse_array_v = false;
template <class T, std::size_t N> inline constexpr bool is_sparse_array_v<SparseArray<T, N>> = true;
template <class S> inline constexpr bool is_dense_array_v = false;
template <class T, std::size_t N> inline constexpr bool is_dense_array_v<DenseArray<T, N>> = true;

/// The array as the executor sees it: its storage (not gathered: the executor decides whether a
/// sharded array stays so), its shape and its shard slot.
template <class T, std::size_t N> orion::detail::DenseHandle handle(const DenseArray<T, N> &a) {
  orion::detail::DenseHandle h{
      reinterpret_cast<unsigned char *>(orion::detail::DenseAccess::storage(a)), sizeof(T),
      std::vector<std::int64_t>(a.extents().begin(), a.extents().end())};
  h.shard = &orion::detail::DenseAccess::shard(a);
  h.pinned = &orion::detail::DenseAccess::pinned(a);
  h.pending = &orion::detail::DenseAccess::pending(a);
  return h;
}

/// What the runtime holds for one argument of arrays(...) during a loop execution: the array
/// itself, the deltas of a relaxed array, or the Buffer.
template <class A> struct bound_arg { using type = A; };
template <class T, std::size_t N> struct bound_arg<Relaxed<T, N>> {
  using type = RelaxedDeltas<T, N>;
};
template <class A> using bound_t = typename bound_arg<A>::type;

template <class T, std::size_t N>
void add_handle(orion::detail::LoopRun &run, DenseArray<T, N> &a) {
  run.arrays.push_back(handle(a));
}
/// A const array (`const DenseArray<T, N> A`, a `const DenseArray &` parameter) is only read: the
/// body cannot write it, and the runtime moves only what a loop writes.
template <class T, std::size_t N>
void add_handle(orion::detail::LoopRun &run, const DenseArray<T, N> &a) {
  run.arrays.push_back(handle(a));
}
template <class A> void add_handle(orion::detail::LoopRun &run, Served<A> &s) {
  run.arrays.push_back(handle(s.array));
  run.arrays.back().served = true;
}
template <class T, std::size_t N>
void add_handle(orion::detail::LoopRun &run, RelaxedDeltas<T, N> &d) {
  run.arrays.push_back(handle(d.array()));
  run.arrays.back().merged = true;
  run.shared.push_back(&d);
}
template <class S> void add_handle(orion::detail::LoopRun &run, SparseRows<S> &r) {
  orion::detail::DenseHandle h;
  h.sparse_rows = true;
  h.sparse = r.array.executor_shard();
  run.arrays.push_back(std::move(h));
}
template <class T, std::size_t N> void add_handle(orion::detail::LoopRun &run, Buffer<T, N> &b) {
  run.arrays.push_back(handle(b.target()));
  run.arrays.back().merged = true;
  run.shared.push_back(&b);
}

template <class... A> std::tuple<bound_t<A>...> bind(std::tuple<A...> &arrays) {
  return std::apply([](auto &...a) { return std::tuple<bound_t<A>...>(a...); }, arrays);
}

template <class Tuple, std::size_t... I>
void add_handles(orion::detail::LoopRun &run, Tuple &bound, std::index_sequence<I...>) {
  (add_handle(run, std::get<I>(bound)), ...);
}

/// The argument as a block run by global worker `worker` sees it, without recording...
template <class T, std::size_t N> DenseView<T, N> plain(const DenseArray<T, N> &a, std::int64_t) {
  return DenseView<T, N>(a);
}
template <class T, std::size_t N>
RelaxedView<T, N> plain(RelaxedDeltas<T, N> &d, std::int64_t worker) {
  return {d, worker};
}
template <class T, std::size_t N> Buffer<T, N> &plain(Buffer<T, N> &b, std::int64_t) { return b; }
template <class A> ServedView<A> plain(Served<A> &s, std::int64_t) {
  return ServedView<A>(s.array);
}
template <class S> S &plain(SparseRows<S> &r, std::int64_t) { return r.array; }
/// As plain(), with relaxed arrays seen through views that never test for a shard: for a run in
/// which no relaxed argument is sharded.
template <class A> decltype(auto) plain_whole(A &a, std::int64_t worker) {
  return plain(a, worker);
}
template <class T, std::size_t N>
RelaxedView<T, N, false> plain_whole(RelaxedDeltas<T, N> &d, std::int64_t worker) {
  return {d, worker};
}
template <class A> bool sharded_relaxed(const A &) { return false; }
template <class T, std::size_t N> bool sharded_relaxed(RelaxedDeltas<T, N> &d) {
  return orion::detail::DenseAccess::shard(d.array()) != nullptr;
}
template <class A> inline constexpr bool is_relaxed_v = false;
template <class T, std::size_t N> inline constexpr bool is_relaxed_v<RelaxedDeltas<T, N>> = true;

/// ... and recording what it touches (relaxed updates and buffered writes commute: not logged).
template <class T, std::size_t N>
RecordingView<T, N> recorded(DenseArray<T, N> &a, detail::AccessLog &log, int arg, std::int64_t) {
  return {a, log, arg};
}
/// Reads of a const array are recorded too (--orion-check compares them with other blocks'
/// writes); the view is over the same elements, and the body, written against a const array,
/// cannot write through it.
template <class T, std::size_t N>
RecordingView<T, N> recorded(const DenseArray<T, N> &a, detail::AccessLog &log, int arg,
                             std::int64_t) {
  return {const_cast<DenseArray<T, N> &>(a), log, arg};
}
template <class T, std::size_t N>
RelaxedView<T, N> recorded(RelaxedDeltas<T, N> &d, detail::AccessLog &, int, std::int64_t worker) {
  return {d, worker};
}
template <class T, std::size_t N>
Buffer<T, N> &recorded(Buffer<T, N> &b, detail::AccessLog &, int, std::int64_t) {
  return b;
}
/// A sparse array is only read (never written: orionc passes it only then), so not recorded.
template <class S> S &recorded(SparseRows<S> &r, detail::AccessLog &, int, std::int64_t) {
  return r.array;
}
/// Recording runs (--orion-check) never shard: a served array is whole, recorded like any other.
template <class A>
RecordingView<std::remove_const_t<typename A::value_type>, A::dims>
recorded(Served<A> &s, detail::AccessLog &log, int arg, std::int64_t) {
  return {const_cast<std::remove_const_t<A> &>(s.array), log, arg};
}

/// ... and as the prefetch slice sees it: the arrays the slice may read (to compute subscripts)
/// as themselves, read-only; served and relaxed arrays as recorders of the rows it names.
template <class T, std::size_t N>
const DenseArray<T, N> &prefetched(const DenseArray<T, N> &a, std::vector<std::int64_t> *) {
  return a;
}
template <class A> PrefetchView<A> prefetched(Served<A> &s, std::vector<std::int64_t> *rows) {
  return {s.array, rows};
}
template <class S> S &prefetched(SparseRows<S> &r, std::vector<std::int64_t> *) { return r.array; }
template <class T, std::size_t N>
PrefetchView<DenseArray<T, N>> prefetched(RelaxedDeltas<T, N> &d, std::vector<std::int64_t> *rows) {
  return {d.array(), rows};
}
template <class T, std::size_t N>
Buffer<T, N> &prefetched(Buffer<T, N> &b, std::vector<std::int64_t> *) {
  return b;
}

/// Calls slice(views...) with the arguments as the prefetch of a block sees them.
template <class Tuple, class F, std::size_t... I>
void with_prefetch_views(Tuple &bound, orion::detail::PrefetchRows &rows, F &&f,
                         std::index_sequence<I...>) {
  auto rows_of = [&](std::size_t arg) { return rows.sharded[arg] ? &rows.rows[arg] : nullptr; };
  [[maybe_unused]] std::tuple<decltype(prefetched(std::get<I>(bound), nullptr))...> views(
      prefetched(std::get<I>(bound), rows_of(I + 1))...);
  f(std::get<I>(views)...);
}

/// Calls f(views...) with the arguments (args 1, 2, ...) as block `task` sees them.
template <class Tuple, class F, std::size_t... I>
void with_views(Tuple &bound, const detail::BlockTask &task, orion::detail::AccessLog *log, F &&f,
                std::index_sequence<I...>) {
  // A loop with relaxed arrays gets its body twice: with views that test for a shard, and (the
  // common case: none is sharded in this run) with views that do not.
  constexpr bool relaxed =
      (is_relaxed_v<std::remove_cvref_t<std::tuple_element_t<I, Tuple>>> || ...);
  if (log == nullptr && relaxed && !(sharded_relaxed(std::get<I>(bound)) || ...)) {
    [[maybe_unused]] std::tuple<decltype(plain_whole(std::get<I>(bound), task.worker))...> views(
        plain_whole(std::get<I>(bound), task.worker)...);
    f(std::get<I>(views)...);
  } else if (log == nullptr) {
    [[maybe_unused]] std::tuple<decltype(plain(std::get<I>(bound), task.worker))...> views(
        plain(std::get<I>(bound), task.worker)...);
    f(std::get<I>(views)...);
  } else {
    [[maybe_unused]] std::tuple<decltype(recorded(std::get<I>(bound), *log, 0, task.worker))...>
    views(recorded(std::get<I>(bound), *log, static_cast<int>(I) + 1, task.worker)...);
    f(std::get<I>(views)...);
  }
}

/// Runs f(partials...) with a fresh BlockReduction per accumulator and folds in what it returns.
/// f takes the partials by value and returns them (std::tuple): they are locals of the function
/// that runs the loop, which is what lets the compiler keep them in registers (a partial behind a
/// reference into another frame stays in memory, one load and store per iteration).
/// One accumulator under two names (a helper's `loss` and `reg` parameters both bound to `total`)
/// gets two partials that are both folded in: with one worker, each storing back the running
/// value lost the other's updates (`count 0` for 11000).
template <class... T, class... Op, class F>
void with_partials(std::tuple<Accumulator<T, Op> &...> &accumulators, F &&f) {
  std::apply(
      [&](auto &...acc) {
        [[maybe_unused]] const std::array<const void *, sizeof...(T)> objects{
            static_cast<const void *>(&acc)...};
        const bool one_worker = orion::detail::state().one_worker();
        [[maybe_unused]] auto sole = [&](const void *object) {
          return one_worker && std::count(objects.begin(), objects.end(), object) == 1;
        };
        const auto done = f(BlockReduction<T, Op>(acc, sole(&acc))...);
        std::apply([&](const auto &...p) { (p.fold_into(acc), ...); }, done);
      },
      accumulators);
}

/// Folds a block's partials into their accumulators when the block's body throws: the iterations
/// before the throw contributed, as in the serial program, where a program that catches the
/// exception goes on with them (one worker: the running value). For a block that ends normally
/// with_partials folds what f returns.
template <class... T, class... Op, class... P>
void fold_unwound(std::tuple<Accumulator<T, Op> &...> &accumulators, const P &...partials) {
  std::apply([&](auto &...acc) { (partials.fold_into(acc), ...); }, accumulators);
}

/// Visits the points of a box block of an N-d space in lexicographic order of the original
/// coordinates (respecting the skew of the block's coordinates).
template <std::size_t N, std::size_t D = 0, class F>
void for_points(const Block<N> &block, const std::array<std::int64_t, N> &lo,
                const std::array<std::int64_t, N> &hi, std::array<std::int64_t, N> &x, F &f) {
  if constexpr (D == N) {
    f(x);
  } else {
    auto bound = [&](bool upper) {
      return [&]<std::size_t... M>(std::index_sequence<M...>) {
        return upper ? block.upper(static_cast<int>(D), hi[D], x[M]...)
                     : block.lower(static_cast<int>(D), lo[D], x[M]...);
      }
      (std::make_index_sequence<D>{});
    };
    const std::int64_t first = bound(false), last = bound(true);
    for (x[D] = first; x[D] < last; ++x[D])
      for_points<N, D + 1>(block, lo, hi, x, f);
  }
}

} // namespace detail_

/// Array iteration over the stored elements of a SparseArray, const or not (a const array's
/// values reach the body as const; see SparseArray::executor_storage for the reordering).
template <class Space, class... A, class... R, class Body, class P = NoPrefetch>
requires detail_::is_sparse_array_v<std::remove_const_t<Space>>
void for_each(const plan::LoopPlan &plan, Space &space, std::tuple<A...> arrays,
              std::tuple<R &...> reduced, Body &&body, P prefetch = {}) {
  using T = typename std::remove_const_t<Space>::value_type;
  constexpr std::size_t N = std::tuple_size_v<typename std::remove_const_t<Space>::key_type>;
  using Value = std::conditional_t<std::is_const_v<Space>, const T, T>;
  std::tuple<detail_::bound_t<A>...> bound = detail_::bind(arrays);
  auto storage = space.executor_storage();
  orion::detail::LoopRun run;
  run.plan = &plan;
  run.dims = static_cast<int>(N);
  run.arrays.emplace_back();
  detail_::add_handles(run, bound, std::index_sequence_for<A...>{});
  run.sparse = true;
  run.keys = reinterpret_cast<std::int64_t *>(storage.keys);
  run.values = reinterpret_cast<unsigned char *>(storage.values);
  run.value_size = sizeof(T);
  run.nnz = storage.count;
  run.global_nnz = space.nnz();
  run.layout = storage.layout;
  run.shard = storage.shard;
  run.box_lo.assign(N, 0);
  run.box_hi.assign(space.extents().begin(), space.extents().end());
  // The storage as the executor leaves it: it may move a distributed array's elements.
  using Key = typename std::remove_const_t<Space>::key_type;
  const auto keys = [&run] { return reinterpret_cast<const Key *>(run.keys); };
  const auto values = [&run] { return reinterpret_cast<T *>(run.values); };
  run.run_block = [&](const orion::detail::BlockTask &task, orion::detail::AccessLog *log) {
    detail_::with_views(
        bound, task, log,
        [&](auto &...views) {
          detail_::with_partials(reduced, [&](auto... partials) {
            const Key *const k = keys();
            T *const v = values();
            try {
              orion::detail::for_element_streams(
                  task.begin, task.end, task.streams,
                  [&](std::int64_t j) {
                    body(views..., partials..., k[j], static_cast<Value &>(v[j]));
                  },
                  [&](std::int64_t j) {
                    __builtin_prefetch(k + j);
                    __builtin_prefetch(v + j);
                  });
            } catch (...) {
              detail_::fold_unwound(reduced, partials...);
              throw;
            }
            return std::tuple(partials...);
          });
        },
        std::index_sequence_for<A...>{});
  };
  if constexpr (!std::is_same_v<P, NoPrefetch>)
    run.prefetch_block = [&](const orion::detail::BlockTask &task,
                             orion::detail::PrefetchRows &rows) {
      detail_::with_prefetch_views(
          bound, rows,
          [&](auto &...views) {
            const Key *const k = keys();
            const T *const v = values();
            for (std::int64_t j = task.begin; j < task.end; ++j)
              prefetch.slice(views..., k[j], v[j]);
          },
          std::index_sequence_for<A...>{});
    };
  orion::detail::execute(run);
}

/// Array iteration over every element of a DenseArray, const or not (a const array's elements
/// reach the body as const, and the loop never writes them).
template <class Space, class... A, class... R, class Body, class P = NoPrefetch>
requires detail_::is_dense_array_v<std::remove_const_t<Space>>
void for_each(const plan::LoopPlan &plan, Space &space, std::tuple<A...> arrays,
              std::tuple<R &...> reduced, Body &&body, P prefetch = {}) {
  constexpr std::size_t N = std::tuple_size_v<typename std::remove_const_t<Space>::key_type>;
  std::tuple<detail_::bound_t<A>...> bound = detail_::bind(arrays);
  orion::detail::LoopRun run;
  run.plan = &plan;
  run.dims = static_cast<int>(N);
  run.arrays.push_back(detail_::handle(const_cast<std::remove_const_t<Space> &>(space)));
  detail_::add_handles(run, bound, std::index_sequence_for<A...>{});
  run.box_lo.assign(N, 0);
  run.box_hi.assign(space.extents().begin(), space.extents().end());
  run.run_block = [&](const orion::detail::BlockTask &task, orion::detail::AccessLog *log) {
    const Block<N> block(task);
    std::array<std::int64_t, N> lo{}, hi = space.extents(), x{};
    detail_::with_views(
        bound, task, log,
        [&](auto &...views) {
          detail_::with_partials(reduced, [&](auto... partials) {
            auto *values = orion::detail::DenseAccess::data(space);
            auto visit = [&](const std::array<std::int64_t, N> &key) {
              std::int64_t off = key[0];
              for (std::size_t d = 1; d < N; ++d)
                off = off * space.extent(d) + key[d];
              body(views..., partials..., key, values[off]);
            };
            try {
              detail_::for_points<N>(block, lo, hi, x, visit);
            } catch (...) {
              detail_::fold_unwound(reduced, partials...);
              throw;
            }
            return std::tuple(partials...);
          });
        },
        std::index_sequence_for<A...>{});
  };
  if constexpr (!std::is_same_v<P, NoPrefetch>)
    run.prefetch_block = [&](const orion::detail::BlockTask &task,
                             orion::detail::PrefetchRows &rows) {
      const Block<N> block(task);
      std::array<std::int64_t, N> lo{}, hi = space.extents(), x{};
      detail_::with_prefetch_views(
          bound, rows,
          [&](auto &...views) {
            const auto *values = orion::detail::DenseAccess::data(space);
            auto visit = [&](const std::array<std::int64_t, N> &key) {
              std::int64_t off = key[0];
              for (std::size_t d = 1; d < N; ++d)
                off = off * space.extent(d) + key[d];
              prefetch.slice(views..., key, values[off]);
            };
            detail_::for_points<N>(block, lo, hi, x, visit);
          },
          std::index_sequence_for<A...>{});
    };
  orion::detail::execute(run);
}

/// A perfect counted nest; the body runs the user's loops clamped to a Block.
template <std::size_t N, class... A, class... R, class Body, class P = NoPrefetch>
void for_nest(const plan::LoopPlan &plan, const NestBounds<N> &bounds, std::tuple<A...> arrays,
              std::tuple<R &...> reduced, Body &&body, P prefetch = {}) {
  std::tuple<detail_::bound_t<A>...> bound = detail_::bind(arrays);
  orion::detail::LoopRun run;
  run.plan = &plan;
  run.dims = static_cast<int>(N);
  run.arrays.emplace_back();
  detail_::add_handles(run, bound, std::index_sequence_for<A...>{});
  // Bounding box by interval arithmetic over the outer dimensions' ranges.
  run.box_lo.resize(N);
  run.box_hi.resize(N);
  for (std::size_t d = 0; d < N; ++d) {
    std::int64_t lo = bounds.lower[d].constant, hi = bounds.upper[d].constant - 1;
    for (std::size_t m = 0; m < d; ++m) {
      const std::int64_t a = run.box_lo[m], b = std::max(run.box_lo[m], run.box_hi[m] - 1);
      const std::int64_t cl = bounds.lower[d].coeffs[m], cu = bounds.upper[d].coeffs[m];
      lo += std::min(cl * a, cl * b);
      hi += std::max(cu * a, cu * b);
    }
    run.box_lo[d] = lo;
    run.box_hi[d] = std::max(lo, hi + 1);
  }
  run.run_block = [&](const orion::detail::BlockTask &task, orion::detail::AccessLog *log) {
    const Block<N> block(task);
    detail_::with_views(
        bound, task, log,
        [&](auto &...views) {
          detail_::with_partials(reduced, [&](auto... partials) {
            try {
              body(views..., partials..., block);
            } catch (...) {
              detail_::fold_unwound(reduced, partials...);
              throw;
            }
            return std::tuple(partials...);
          });
        },
        std::index_sequence_for<A...>{});
  };
  if constexpr (!std::is_same_v<P, NoPrefetch>)
    run.prefetch_block = [&](const orion::detail::BlockTask &task,
                             orion::detail::PrefetchRows &rows) {
      const Block<N> block(task);
      detail_::with_prefetch_views(
          bound, rows, [&](auto &...views) { prefetch.slice(views..., block); },
          std::index_sequence_for<A...>{});
    };
  orion::detail::execute(run);
}

namespace detail_ {
template <class P> inline constexpr bool is_prefetch_v = false;
template <> inline constexpr bool is_prefetch_v<NoPrefetch> = true;
template <class F> inline constexpr bool is_prefetch_v<Prefetch<F>> = true;
} // namespace detail_

/// The same loops without block reductions (every accumulator stays captured).
template <class Space, class... A, class Body, class P = NoPrefetch>
requires detail_::is_prefetch_v<P>
void for_each(const plan::LoopPlan &plan, Space &space, std::tuple<A...> arrays, Body &&body,
              P prefetch = {}) {
  for_each(plan, space, arrays, std::tuple<>{}, std::forward<Body>(body), std::move(prefetch));
}
template <std::size_t N, class... A, class Body, class P = NoPrefetch>
requires detail_::is_prefetch_v<P>
void for_nest(const plan::LoopPlan &plan, const NestBounds<N> &bounds, std::tuple<A...> arrays,
              Body &&body, P prefetch = {}) {
  for_nest<N>(plan, bounds, arrays, std::tuple<>{}, std::forward<Body>(body), std::move(prefetch));
}

} // namespace orion::parallel

// Starting the worker threads of a parallel loop. Creating a thread can fail (the kernel's limits
// on threads and memory maps, RLIMIT_NPROC); that failure is an orion::Error naming how many
// threads were asked for, and the threads already started are told to stop and joined, so a
// failed start never leaves a worker waiting for a predecessor that does not exist.
#pragma once

#include <orion/error.hpp>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

namespace orion::detail {

/// Starts `count` threads running f(i), i = 0..count-1, appended to `threads` (std::jthread: they
/// are joined when the vector goes). When a thread cannot be started, throws an orion::Error that
/// names the count; the caller must make the threads already started finish (its failure flag)
/// before `threads` is destroyed.
template <class F> void start_threads(std::vector<std::jthread> &threads, int count, F f) {
  threads.reserve(threads.size() + static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) {
    try {
      threads.emplace_back(f, i);
    } catch (const std::system_error &e) {
      throw Error("cannot start worker thread " + std::to_string(i + 1) + " of " +
                  std::to_string(count) + ": " + e.what() +
                  " (the system's thread limits; use fewer --orion-threads)");
    }
  }
}

/// A fixed set of threads that run rounds: run(n, f) calls f(i) for i < n, each on a thread of its
/// own (job 0 on the caller), and returns when all n are done. A normal loop is one round (its
/// workers, and the thread that talks to MPI as job 0); a lockstep loop is a round per step of
/// its schedule (about 2P with P workers). The threads persist from round to round and from loop
/// to loop (rank_crew).
///
/// Between rounds, and while the caller waits for a round to end, a thread first polls for up to
/// kSpin, yielding the core on every poll, and only then sleeps on a condition variable. Programs
/// that merge shared parameters run thousands of short rounds (SLR: one loop of 64 samples, about
/// 15 us of work per worker); a sleep and a wake-up through the kernel cost several times that on
/// both sides of every round. Yielding keeps oversubscribed runs (more threads than cores) fair,
/// and the bound keeps a crew between distant loops asleep.
class Crew {
public:
  /// How long a thread polls before it sleeps.
  static constexpr std::chrono::microseconds kSpin{200};

  /// The calling thread runs block 0 of every round itself: size - 1 threads are started.
  explicit Crew(int size) : size_(static_cast<std::size_t>(size)) {
    try {
      start_threads(threads_, size - 1, [this](int i) { serve(static_cast<std::size_t>(i) + 1); });
    } catch (...) {
      stop();
      throw;
    }
  }
  ~Crew() { stop(); }
  Crew(const Crew &) = delete;
  Crew &operator=(const Crew &) = delete;

  std::size_t size() const noexcept { return size_; }

  /// Runs f(0) .. f(n - 1) concurrently, n <= the crew's size, and waits for them. Rethrows the
  /// exception of the lowest i that threw, once all are done.
  void run(std::size_t n, const std::function<void(std::size_t)> &f) {
    if (n == 0)
      return;
    if (n > size_)
      throw Error("internal: a round of " + std::to_string(n) + " blocks for a crew of " +
                  std::to_string(size_) + " threads");
    errors_.assign(n, nullptr);
    if (n > 1) {
      {
        std::lock_guard lock(mutex_);
        job_ = &f;
        jobs_ = n;
        pending_.store(n - 1, std::memory_order_relaxed);
        round_.fetch_add(1, std::memory_order_release); // publishes job_, jobs_, errors_
      }
      start_.notify_all();
    }
    try {
      f(0); // a round of one block (one thread per rank) needs no hand-off at all
    } catch (...) {
      errors_[0] = std::current_exception();
    }
    if (n > 1) {
      if (!poll([&] { return pending_.load(std::memory_order_acquire) == 0; })) {
        std::unique_lock lock(mutex_);
        done_.wait(lock, [&] { return pending_.load(std::memory_order_acquire) == 0; });
      }
    }
    for (const std::exception_ptr &e : errors_)
      if (e)
        std::rethrow_exception(e);
  }

private:
  /// Polls `ready` for up to kSpin; true once it holds.
  template <class Ready> static bool poll(Ready ready) {
    // The clock on every poll: with many more threads than cores, a thread's next turn may come
    // long after its last one.
    const auto until = std::chrono::steady_clock::now() + kSpin;
    for (;;) {
      if (ready())
        return true;
      if (std::chrono::steady_clock::now() > until)
        return false;
      std::this_thread::yield();
    }
  }

  void serve(std::size_t i) {
    std::uint64_t seen = 0;
    for (;;) {
      auto next = [&] {
        return stopping_.load(std::memory_order_acquire) ||
               round_.load(std::memory_order_acquire) != seen;
      };
      if (!poll(next)) {
        std::unique_lock lock(mutex_);
        start_.wait(lock, next);
      }
      const std::function<void(std::size_t)> *job = nullptr;
      {
        // The round and its job together: a thread not needed in one round may look only once
        // the caller has moved on to the next.
        std::lock_guard lock(mutex_);
        if (stopping_.load(std::memory_order_relaxed))
          return;
        seen = round_.load(std::memory_order_relaxed);
        if (i >= jobs_)
          continue; // not needed this round
        job = job_;
      }
      try {
        (*job)(i);
      } catch (...) {
        errors_[i] = std::current_exception();
      }
      // The last one out wakes the caller if it sleeps; under the mutex, so that a caller between
      // its check and its sleep does not miss it.
      if (pending_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
        std::lock_guard lock(mutex_);
        done_.notify_one();
      }
    }
  }

  void stop() noexcept {
    {
      std::lock_guard lock(mutex_);
      stopping_.store(true, std::memory_order_release);
    }
    start_.notify_all();
    threads_.clear(); // joins
  }

  std::mutex mutex_;
  std::condition_variable start_, done_;
  const std::function<void(std::size_t)> *job_ = nullptr;
  std::size_t jobs_ = 0;
  std::atomic<std::size_t> pending_{0};
  std::atomic<std::uint64_t> round_{0};
  std::atomic<bool> stopping_{false};
  std::size_t size_;
  std::vector<std::exception_ptr> errors_;
  std::vector<std::jthread> threads_; // last: joined before the members they use go
};

/// This rank's crew, kept in the runtime state from loop to loop (starting a loop's threads cost
/// about 30 us per loop on 2 cores, 30 times the work of a 4096-element loop), and made anew only
/// when a loop needs more threads than it has. Only the thread that runs loops uses it.
Crew &rank_crew(int at_least);

} // namespace orion::detail

// Starting the worker threads of a parallel loop. Creating a thread can fail (the kernel's limits
// on threads and memory maps, RLIMIT_NPROC); that failure is an orion::Error naming how many
// threads were asked for, and the threads already started are told to stop and joined, so a
// failed start never leaves a worker waiting for a predecessor that does not exist.
#pragma once

#include <orion/error.hpp>

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

/// A fixed set of threads that run rounds in lockstep: run(n, f) calls f(i) for i < n, each on a
/// thread of its own (block 0 on the caller), and returns when all n are done. The threads persist
/// from round to round (a loop with P workers has about 2P rounds; starting P threads per round
/// would cost 2P^2 thread starts) and sleep between rounds.
class Crew {
public:
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
        pending_ = n - 1;
        ++round_;
      }
      start_.notify_all();
    }
    try {
      f(0); // a round of one block (one thread per rank) needs no hand-off at all
    } catch (...) {
      errors_[0] = std::current_exception();
    }
    if (n > 1) {
      std::unique_lock lock(mutex_);
      done_.wait(lock, [&] { return pending_ == 0; });
      job_ = nullptr;
    }
    for (const std::exception_ptr &e : errors_)
      if (e)
        std::rethrow_exception(e);
  }

private:
  void serve(std::size_t i) {
    std::uint64_t seen = 0;
    for (;;) {
      const std::function<void(std::size_t)> *job = nullptr;
      {
        std::unique_lock lock(mutex_);
        start_.wait(lock, [&] { return stopping_ || round_ != seen; });
        if (stopping_)
          return;
        seen = round_;
        if (i >= jobs_)
          continue; // not needed this round
        job = job_;
      }
      try {
        (*job)(i);
      } catch (...) {
        errors_[i] = std::current_exception();
      }
      std::lock_guard lock(mutex_);
      if (--pending_ == 0)
        done_.notify_one();
    }
  }

  void stop() noexcept {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    start_.notify_all();
    threads_.clear(); // joins
  }

  std::mutex mutex_;
  std::condition_variable start_, done_;
  const std::function<void(std::size_t)> *job_ = nullptr;
  std::size_t jobs_ = 0, pending_ = 0;
  std::uint64_t round_ = 0;
  bool stopping_ = false;
  std::size_t size_;
  std::vector<std::exception_ptr> errors_;
  std::vector<std::jthread> threads_; // last: joined before the members they use go
};

} // namespace orion::detail

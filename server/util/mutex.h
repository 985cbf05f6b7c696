// A std::mutex the thread-safety analysis knows (libstdc++'s is not annotated), and its two
// locks: mutex_lock for a scope, unique_mutex_lock to unlock early or wait on a condition
// variable. Annotate what a mutex guards with server/util/thread_annotations.h.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>

#include "server/util/thread_annotations.h"

namespace tabuleiro::server {

// A non-recursive mutex (std::mutex), as a capability of the analysis.
// Thread-safety: lock and unlock may be called from any thread; unlock only by the holder.
class CAPABILITY("mutex") mutex {
 public:
  mutex() = default;
  mutex(const mutex&) = delete;
  mutex& operator=(const mutex&) = delete;

  // Blocks until this thread holds the mutex.
  void lock() ACQUIRE() { mu_.lock(); }
  // Gives the mutex back; the calling thread holds it.
  void unlock() RELEASE() { mu_.unlock(); }

 private:
  friend class unique_mutex_lock;
  std::mutex mu_;
};

// Holds mu from construction to the end of the scope (std::lock_guard).
// Thread-safety: a local of one thread.
class SCOPED_CAPABILITY mutex_lock {
 public:
  // Locks mu.
  explicit mutex_lock(mutex& mu) ACQUIRE(mu) : mu_(mu) { mu.lock(); }
  // Unlocks it.
  ~mutex_lock() RELEASE() { mu_.unlock(); }
  mutex_lock(const mutex_lock&) = delete;
  mutex_lock& operator=(const mutex_lock&) = delete;

 private:
  mutex& mu_;
};

// Holds mu from construction; may unlock() and lock() it again in between, and wait on a
// condition variable with it (std::unique_lock). The destructor unlocks it if held.
// Thread-safety: a local of one thread.
class SCOPED_CAPABILITY unique_mutex_lock {
 public:
  // Locks mu.
  explicit unique_mutex_lock(mutex& mu) ACQUIRE(mu) : lock_(mu.mu_) {}
  // Unlocks it, if held.
  ~unique_mutex_lock() RELEASE() = default;
  unique_mutex_lock(const unique_mutex_lock&) = delete;
  unique_mutex_lock& operator=(const unique_mutex_lock&) = delete;

  // Locks the mutex again after unlock().
  void lock() ACQUIRE() { lock_.lock(); }
  // Unlocks the mutex before the end of the scope; it is held.
  void unlock() RELEASE() { lock_.unlock(); }
  // Unlocks the mutex while blocking on cv (spurious wake-ups included: loop on the
  // condition) and returns holding it again; it is held.
  void wait(std::condition_variable& cv) { cv.wait(lock_); }
  // As wait(cv), returning after at most ms milliseconds; it is held.
  void wait_for(std::condition_variable& cv, std::int64_t ms) { cv.wait_for(lock_, std::chrono::milliseconds(ms)); }

 private:
  std::unique_lock<std::mutex> lock_;
};

}  // namespace tabuleiro::server

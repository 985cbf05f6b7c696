// Clang's thread-safety annotations (LevelDB's port/thread_annotations.h is the model): which
// mutex guards a member, which lock a function needs, takes or gives back. Under clang with
// -Wthread-safety (scripts/thread-safety.sh) the compiler checks every access against them;
// under any other compiler they are empty, so the GCC build is unchanged.
// Reference: https://clang.llvm.org/docs/ThreadSafetyAnalysis.html
#pragma once

#if defined(__clang__)
#define TABULEIRO_THREAD_ANNOTATION(x) __attribute__((x))
#else
#define TABULEIRO_THREAD_ANNOTATION(x)
#endif

// On a class: its objects are locks (the argument names the kind, e.g. "mutex").
#define CAPABILITY(kind) TABULEIRO_THREAD_ANNOTATION(capability(kind))
// On a class: an RAII object that holds a lock from construction until destruction.
#define SCOPED_CAPABILITY TABULEIRO_THREAD_ANNOTATION(scoped_lockable)
// On a member: read or written only with the mutex held.
#define GUARDED_BY(mu) TABULEIRO_THREAD_ANNOTATION(guarded_by(mu))
// On a pointer member: what it points to is read or written only with the mutex held.
#define PT_GUARDED_BY(mu) TABULEIRO_THREAD_ANNOTATION(pt_guarded_by(mu))
// On a function: the caller holds the mutexes.
#define REQUIRES(...) TABULEIRO_THREAD_ANNOTATION(requires_capability(__VA_ARGS__))
// On a function: the caller does not hold the mutexes (the function takes them).
#define EXCLUDES(...) TABULEIRO_THREAD_ANNOTATION(locks_excluded(__VA_ARGS__))
// On a function: it takes the mutexes (none named: the object itself) and returns holding them.
#define ACQUIRE(...) TABULEIRO_THREAD_ANNOTATION(acquire_capability(__VA_ARGS__))
// On a function: it gives back the mutexes (none named: the object itself) the caller held.
#define RELEASE(...) TABULEIRO_THREAD_ANNOTATION(release_capability(__VA_ARGS__))
// On a function: it returns (a reference to) the mutex.
#define RETURN_CAPABILITY(mu) TABULEIRO_THREAD_ANNOTATION(lock_returned(mu))
// On a function: not checked. Only where the analysis cannot express a correct rule; say why.
#define NO_THREAD_SAFETY_ANALYSIS TABULEIRO_THREAD_ANNOTATION(no_thread_safety_analysis)

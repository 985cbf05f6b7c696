// Where the tests find the executables they start and the source tree's files, resolved at run
// time from the running test executable (CMake puts every executable in the build directory).
// The compile definitions hold only names and a path relative to the build directory
// (TABULEIRO_BIN_NAME, TABULEIRO_TOY_BIN_NAME, TABULEIRO_SOURCE_REL), so a compile does not
// depend on where the checkout lives and ccache serves any clone of the same sources.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <map>
#include <mutex>
#include <string>

namespace tabuleiro::test {

// The build directory: the directory of the running executable.
inline const std::filesystem::path& build_dir() {
  static const std::filesystem::path dir = std::filesystem::canonical("/proc/self/exe").parent_path();
  return dir;
}

// Where the executables under test are: TABULEIRO_TEST_EXECUTABLES when set (a sanitizer build's
// directory, whose server a plain build's test program drives: tests/CMakeLists.txt,
// tabuleiro_driver_tests), else the build directory.
inline const std::filesystem::path& executables_dir() {
  static const std::filesystem::path dir = [] {
    const char* other = std::getenv("TABULEIRO_TEST_EXECUTABLES");
    return other && *other ? std::filesystem::path(other) : build_dir();
  }();
  return dir;
}

// The path of the executable called name among the executables under test (valid for the whole
// run). Thread-safety: may be called from any thread.
inline const char* built_path(const char* name) {
  static std::mutex mu;
  static std::map<std::string, std::string> paths;  // nodes never move: c_str() stays valid
  std::lock_guard lock(mu);
  auto [it, fresh] = paths.try_emplace(name);
  if (fresh) it->second = (executables_dir() / name).string();
  return it->second.c_str();
}

// Whether the executables under test are a sanitizer build's: this program's own build
// (TABULEIRO_SANITIZED), or TABULEIRO_TEST_SANITIZED in the environment (set with
// TABULEIRO_TEST_EXECUTABLES). Such a server is slower and its memory use says nothing.
inline bool server_sanitized() {
#ifdef TABULEIRO_SANITIZED
  return true;
#else
  static const bool sanitized = std::getenv("TABULEIRO_TEST_SANITIZED") != nullptr;
  return sanitized;
#endif
}

#ifdef TABULEIRO_SOURCE_REL
// The source tree's root: TABULEIRO_SOURCE_REL from the build directory (valid for the whole run).
inline const char* source_dir() {
  static const std::string dir = (build_dir() / TABULEIRO_SOURCE_REL).lexically_normal().string();
  return dir.c_str();
}
#endif

}  // namespace tabuleiro::test

#ifdef TABULEIRO_BIN_NAME
#define TABULEIRO_BIN (::tabuleiro::test::built_path(TABULEIRO_BIN_NAME))
#endif
#ifdef TABULEIRO_TOY_BIN_NAME
#define TABULEIRO_TOY_BIN (::tabuleiro::test::built_path(TABULEIRO_TOY_BIN_NAME))
#endif
#ifdef TABULEIRO_SOURCE_REL
#define TABULEIRO_SOURCE_DIR (::tabuleiro::test::source_dir())
#endif

// Where the tests find the executables they start and the source tree's files, resolved at run
// time from the running test executable (CMake puts every executable in the build directory).
// The compile definitions hold only names and a path relative to the build directory
// (TABULEIRO_BIN_NAME, TABULEIRO_TOY_BIN_NAME, TABULEIRO_SOURCE_REL), so a compile does not
// depend on where the checkout lives and ccache serves any clone of the same sources.
#pragma once

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

// The path of the executable called name in the build directory (valid for the whole run).
// Thread-safety: may be called from any thread.
inline const char* built_path(const char* name) {
  static std::mutex mu;
  static std::map<std::string, std::string> paths;  // nodes never move: c_str() stays valid
  std::lock_guard lock(mu);
  auto [it, fresh] = paths.try_emplace(name);
  if (fresh) it->second = (build_dir() / name).string();
  return it->second.c_str();
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

# Writes web/precache.js, the list the service worker (web/sw.js) keeps for offline use: every
# file of the web client with its SHA-256, and a version made from them all and from sw.js.
# The engine module's files are the pair web/engine/engine.json names (older builds' files
# stay out); sw.js and precache.js themselves are not listed. The file is rewritten only when
# its content changes, so an unchanged client keeps its version.
# Run by every build (CMakeLists.txt, target web_precache), or by hand after changing web/:
#   cmake -P scripts/precache.cmake            (-DWEB=DIR: another copy of the client)
cmake_minimum_required(VERSION 3.19)
if(DEFINED WEB)
  set(web "${WEB}")
else()
  get_filename_component(web "${CMAKE_CURRENT_LIST_DIR}/../web" ABSOLUTE)
endif()
set(out "${web}/precache.js")

set(engine_files "")
if(EXISTS "${web}/engine/engine.json")
  file(READ "${web}/engine/engine.json" engine_json)
  string(JSON engine_js GET "${engine_json}" js)
  string(JSON engine_wasm GET "${engine_json}" wasm)
  set(engine_files "engine/engine.json;engine/${engine_js};engine/${engine_wasm}")
endif()

file(GLOB_RECURSE names RELATIVE "${web}" "${web}/*")
list(SORT names)
set(entries "")
file(SHA256 "${web}/sw.js" sw_hash)
set(digest "sw.js ${sw_hash}\n")
foreach(name IN LISTS names)
  if(name STREQUAL "sw.js" OR name STREQUAL "precache.js" OR name MATCHES "(^|/)\\.")
    continue()
  endif()
  if(name MATCHES "^engine/" AND NOT name IN_LIST engine_files)
    continue()
  endif()
  file(SHA256 "${web}/${name}" hash)
  string(APPEND entries "    \"/${name}\": \"${hash}\",\n")
  string(APPEND digest "${name} ${hash}\n")
endforeach()
string(SHA256 version "${digest}")
string(SUBSTRING "${version}" 0 16 version)

set(text "// Written by scripts/precache.cmake at build time: do not edit. The web client's files with
// their SHA-256, and the version they make together (web/sw.js keeps them).
self.PRECACHE = {
  version: '${version}',
  files: {
${entries}  },
};
")
set(old "")
if(EXISTS "${out}")
  file(READ "${out}" old)
endif()
if(NOT old STREQUAL text)
  file(WRITE "${out}" "${text}")
  message(STATUS "web/precache.js: version ${version}")
endif()

# Generates a C++ source holding every migration as bytes, so the executable needs no source
# tree at run time: schema/*.sql as the SQLite dialect (embedded_migrations), and the same
# numbered list for PostgreSQL (embedded_pg_migrations), where schema/postgres/<name> replaces
# schema/<name> when it exists. Invoked at build time:
#   cmake -DSCHEMA_DIR=<dir> -DOUTPUT=<file.cpp> -P embed.cmake
file(GLOB sql_files "${SCHEMA_DIR}/*.sql")
list(SORT sql_files)
file(GLOB pg_variants "${SCHEMA_DIR}/postgres/*.sql")
foreach(path IN LISTS pg_variants)
  get_filename_component(name "${path}" NAME)
  if(NOT EXISTS "${SCHEMA_DIR}/${name}")
    message(FATAL_ERROR "schema/postgres/${name} has no schema/${name}: every migration is numbered in schema/")
  endif()
endforeach()
set(arrays "")
set(index 0)

# Appends the array of path's bytes to `arrays` and its table entry to the variable `out`.
function(embed path name out)
  file(READ "${path}" hex HEX)
  string(LENGTH "${hex}" hex_length)
  math(EXPR size "${hex_length} / 2")
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
  string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n  " bytes "${bytes}")
  string(APPEND arrays "const unsigned char sql_${index}[] = {\n  ${bytes}0x00};\n")
  set(entry "      {\"${name}\", std::string_view(reinterpret_cast<const char*>(sql_${index}), ${size})},\n")
  math(EXPR next "${index} + 1")
  set(index ${next} PARENT_SCOPE)
  set(arrays "${arrays}" PARENT_SCOPE)
  set(${out} "${${out}}${entry}" PARENT_SCOPE)
endfunction()

set(sqlite_entries "")
set(pg_entries "")
foreach(path IN LISTS sql_files)
  get_filename_component(name "${path}" NAME)
  embed("${path}" "${name}" sqlite_entries)
  if(EXISTS "${SCHEMA_DIR}/postgres/${name}")
    embed("${SCHEMA_DIR}/postgres/${name}" "${name}" pg_entries)
  else()
    embed("${path}" "${name}" pg_entries)
  endif()
endforeach()
set(content "// Generated from schema/*.sql and schema/postgres/*.sql by schema/embed.cmake; do not edit.
#include \"server/store/schema.h\"

namespace tabuleiro::server {
namespace {
${arrays}}  // namespace

std::span<const embedded_sql> embedded_migrations() {
  static const embedded_sql files[] = {
${sqlite_entries}  };
  return files;
}

std::span<const embedded_sql> embedded_pg_migrations() {
  static const embedded_sql files[] = {
${pg_entries}  };
  return files;
}

}  // namespace tabuleiro::server
")
file(WRITE "${OUTPUT}" "${content}")

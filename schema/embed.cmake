# Generates a C++ source holding every schema/*.sql migration as bytes, so the executable
# needs no source tree at run time. Invoked at build time:
#   cmake -DSCHEMA_DIR=<dir> -DOUTPUT=<file.cpp> -P embed.cmake
file(GLOB sql_files "${SCHEMA_DIR}/*.sql")
list(SORT sql_files)
set(arrays "")
set(entries "")
set(index 0)
foreach(path IN LISTS sql_files)
  get_filename_component(name "${path}" NAME)
  file(READ "${path}" hex HEX)
  string(LENGTH "${hex}" hex_length)
  math(EXPR size "${hex_length} / 2")
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
  string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n  " bytes "${bytes}")
  string(APPEND arrays "const unsigned char sql_${index}[] = {\n  ${bytes}0x00};\n")
  string(APPEND entries "      {\"${name}\", std::string_view(reinterpret_cast<const char*>(sql_${index}), ${size})},\n")
  math(EXPR index "${index} + 1")
endforeach()
set(content "// Generated from schema/*.sql by schema/embed.cmake; do not edit.
#include \"server/store_schema.h\"

namespace tabuleiro::server {
namespace {
${arrays}}  // namespace

std::span<const embedded_sql> embedded_migrations() {
  static const embedded_sql files[] = {
${entries}  };
  return files;
}

}  // namespace tabuleiro::server
")
file(WRITE "${OUTPUT}" "${content}")

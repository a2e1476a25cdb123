# orion_add_executable(<target> <source>...)
#
# Adds an executable like add_executable, except that each C++ source first goes through
# `orionc --emit=cpp`: its `#pragma orion` loops become parallel code, and the result is compiled
# by CMake's C++ compiler and linked with Orion::runtime (and MPI). Other sources (headers, C
# files) are used as they are. The target's include directories, compile definitions and C++
# standard, including those set after this call, are what orionc parses with. orionc reruns when
# the source or a header it includes changes (its --depfile; CMake 3.20 or later, with the Ninja
# and Makefile generators).
function(orion_add_executable target)
  if(NOT ARGN)
    message(FATAL_ERROR "orion_add_executable(${target}): no sources given")
  endif()
  set(includes "$<TARGET_PROPERTY:${target},INCLUDE_DIRECTORIES>")
  set(definitions "$<TARGET_PROPERTY:${target},COMPILE_DEFINITIONS>")
  set(standard "$<TARGET_PROPERTY:${target},CXX_STANDARD>")
  set(sources)
  foreach(source IN LISTS ARGN)
    get_filename_component(path "${source}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    if(NOT path MATCHES "\\.(cpp|cc|cxx|C|c\\+\\+)$")
      list(APPEND sources "${path}")
      continue()
    endif()
    file(RELATIVE_PATH name "${CMAKE_CURRENT_SOURCE_DIR}" "${path}")
    string(REPLACE "../" "__/" name "${name}")
    set(generated "${CMAKE_CURRENT_BINARY_DIR}/${target}.orion/${name}")
    get_filename_component(source_dir "${path}" DIRECTORY)
    add_custom_command(
      OUTPUT "${generated}"
      COMMAND Orion::orionc --emit=cpp
              "$<$<BOOL:${standard}>:-std=c++${standard}>"
              "$<$<BOOL:${includes}>:-I$<JOIN:${includes},;-I>>"
              "$<$<BOOL:${definitions}>:-D$<JOIN:${definitions},;-D>>"
              "--depfile=${generated}.d" "${path}" -o "${generated}"
      DEPENDS "${path}" "$<TARGET_FILE:Orion::orionc>"
      DEPFILE "${generated}.d"
      COMMENT "orionc ${name}"
      COMMAND_EXPAND_LISTS VERBATIM)
    # The transformed source lives in the build tree: keep the user's quoted includes working.
    set_source_files_properties("${generated}" PROPERTIES COMPILE_OPTIONS "-iquote;${source_dir}")
    list(APPEND sources "${generated}")
  endforeach()
  add_executable(${target} ${sources})
  target_link_libraries(${target} PRIVATE Orion::runtime)
endfunction()

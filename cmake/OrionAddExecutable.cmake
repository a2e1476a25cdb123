# orion_add_executable(<target> <source>...)
#
# Adds an executable like add_executable, except that each C++ source first goes through
# `orionc --emit=cpp`: its `#pragma orion` loops become parallel code, and the result is compiled
# by CMake's C++ compiler and linked with Orion::runtime (and MPI). Other sources (headers, C
# files) are used as they are. orionc parses each source with the macros and include directories
# the compiler builds it with, since a macro can change what a loop's dependences are: the
# target's include directories, compile definitions and C++ standard, and the -D, -U and -I flags
# among its compile options (all of these also when set after this call), the -D and -U flags of
# CMAKE_CXX_FLAGS and of CMAKE_CXX_FLAGS_<CMAKE_BUILD_TYPE> (-DNDEBUG in Release), and the
# source's own COMPILE_DEFINITIONS and COMPILE_OPTIONS properties as set before this call (the
# transformed source gets them too). orionc reruns when the source or a header it includes
# changes (its --depfile; CMake 3.20 or later, with the Ninja and Makefile generators).
function(orion_add_executable target)
  if(NOT ARGN)
    message(FATAL_ERROR "orion_add_executable(${target}): no sources given")
  endif()
  set(includes "$<TARGET_PROPERTY:${target},INCLUDE_DIRECTORIES>")
  set(definitions "$<TARGET_PROPERTY:${target},COMPILE_DEFINITIONS>")
  set(standard "$<TARGET_PROPERTY:${target},CXX_STANDARD>")
  set(options "$<FILTER:$<TARGET_PROPERTY:${target},COMPILE_OPTIONS>,INCLUDE,^-[DUI].>")
  string(TOUPPER "${CMAKE_BUILD_TYPE}" config)
  separate_arguments(flags UNIX_COMMAND "${CMAKE_CXX_FLAGS} ${CMAKE_CXX_FLAGS_${config}}")
  list(FILTER flags INCLUDE REGEX "^-[DU].")
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
    get_filename_component(generated_dir "${generated}" DIRECTORY)
    get_source_file_property(source_definitions "${path}" COMPILE_DEFINITIONS)
    get_source_file_property(source_options "${path}" COMPILE_OPTIONS)
    if(NOT source_definitions)
      set(source_definitions)
    endif()
    if(NOT source_options)
      set(source_options)
    endif()
    set(source_flags "${source_options}")
    list(FILTER source_flags INCLUDE REGEX "^-[DUI].")
    list(TRANSFORM source_definitions PREPEND "-D" OUTPUT_VARIABLE source_defines)
    add_custom_command(
      OUTPUT "${generated}"
      # Makefile generators do not create a custom command's output directory.
      COMMAND "${CMAKE_COMMAND}" -E make_directory "${generated_dir}"
      COMMAND Orion::orionc --emit=cpp
              "$<$<BOOL:${standard}>:-std=c++${standard}>"
              "$<$<BOOL:${includes}>:-I$<JOIN:${includes},;-I>>"
              "$<$<BOOL:${definitions}>:-D$<JOIN:${definitions},;-D>>"
              ${flags} ${source_defines} ${source_flags} "${options}"
              "--depfile=${generated}.d" "${path}" -o "${generated}"
      DEPENDS "${path}" "$<TARGET_FILE:Orion::orionc>"
      DEPFILE "${generated}.d"
      COMMENT "orionc ${name}"
      COMMAND_EXPAND_LISTS VERBATIM)
    # The transformed source lives in the build tree: keep the user's quoted includes working,
    # and compile it as the source would have been.
    set_source_files_properties("${generated}" PROPERTIES
      COMPILE_OPTIONS "-iquote;${source_dir};${source_options}"
      COMPILE_DEFINITIONS "${source_definitions}")
    list(APPEND sources "${generated}")
  endforeach()
  add_executable(${target} ${sources})
  target_link_libraries(${target} PRIVATE Orion::runtime)
endfunction()

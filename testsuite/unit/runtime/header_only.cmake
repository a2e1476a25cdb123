# Compiles header_only_sanity.cpp with nothing but the compiler and the include directory (no MPI,
# no library), in a debug and a release flavour, and runs both. -Wno-unknown-pragmas: compilers
# warn about `#pragma orion` under -Wall, and ignoring it is exactly the serial semantics.
file(MAKE_DIRECTORY "${WORK_DIR}")
foreach(flavour debug release)
  if(flavour STREQUAL "debug")
    set(flags -O0 -g)
  else()
    set(flags -O2 -DNDEBUG)
  endif()
  set(exe "${WORK_DIR}/sanity_${flavour}")
  execute_process(
    COMMAND "${CXX}" -std=c++20 -Wall -Wextra -Wpedantic -Werror -Wno-unknown-pragmas ${flags} -I "${INCLUDE_DIR}"
            "${SOURCE}" -o "${exe}"
    RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${CXX} failed to compile the header-only program (${flavour})")
  endif()
  execute_process(COMMAND "${exe}" "${WORK_DIR}/ratings_${flavour}.txt" --orion-seed=3
                  RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "the header-only program failed (${flavour}, ${CXX})")
  endif()
endforeach()

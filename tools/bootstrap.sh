#!/usr/bin/env bash
# One-command set-up for orionc on Debian bookworm.
#
#   tools/bootstrap.sh demo   install what is missing, build, generate ratings, compile
#                             examples/sgd_mf.cpp with orionc and run it
#   tools/bootstrap.sh test   install what is missing, build, run the whole test suite (ctest);
#                             with ORION_BUILD_DIR=build-asan and
#                             ORION_CMAKE_ARGS=-DORION_SANITIZE=address,undefined, the suite
#                             under ASan and UBSan (Open MPI's leaks suppressed)
#   tools/bootstrap.sh fuzz [seconds [seed dirs...]]
#                             build the libFuzzer target over the front end with clang++-19,
#                             AddressSanitizer and UBSan (build-fuzz/), replay the regression
#                             inputs, then fuzz for the given time (default 120 s) from the lit
#                             sources (the given directories of testsuite/lit, default loops,
#                             deps and diagnostics)
#   tools/bootstrap.sh sanitize
#                             in the same sanitized build (orionc, the runtime and every program
#                             orionc builds under ASan and UBSan): every runtime.* and unit.*
#                             test, the lit tests that run programs on several ranks, and the
#                             e2e runs of sgd_mf at 2 ranks and across a restart
#
# Idempotent: packages already installed are not touched, the build directory (build/) is kept
# and rebuilt incrementally, generated data is reused.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${ORION_BUILD_DIR:-$here/build}"
mode="${1:-}"

packages=(build-essential cmake ninja-build pkg-config python3 python3-yaml python3-pygments
          clang-19 libclang-19-dev llvm-19-dev llvm-19-tools libisl-dev libgmp-dev
          libopenmpi-dev openmpi-bin libfmt-dev catch2)

install_missing() {
  local missing=()
  for p in "${packages[@]}" "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "bootstrap: installing ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
}

# ASan and UBSan reports fail the test that triggers them. Leak checking stays on; only Open MPI's
# own allocations are suppressed (tools/sanitizers/lsan.supp). verify_asan_link_order=0: the
# benchmark harness runs programs under stdbuf, which preloads its own library ahead of ASan's.
sanitizer_env() {
  export ASAN_OPTIONS="detect_leaks=1:fast_unwind_on_malloc=0:verify_asan_link_order=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
  export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
  export LSAN_OPTIONS="suppressions=$here/tools/sanitizers/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
}

# The sanitized clang++-19 build of the fuzzer and of the runtime's sanitized tests.
fuzz_build="${ORION_FUZZ_BUILD_DIR:-$here/build-fuzz}"
configure_fuzz_build() {
  install_missing libclang-rt-19-dev
  if [ ! -f "$fuzz_build/build.ninja" ]; then
    cmake -S "$here" -B "$fuzz_build" -G Ninja -DCMAKE_C_COMPILER=clang-19 \
      -DCMAKE_CXX_COMPILER=clang++-19 -DORION_FUZZ=ON -DORION_SANITIZE=address,undefined
  fi
}

configure_and_build() {
  if [ ! -f "$build/build.ninja" ]; then
    cmake -S "$here" -B "$build" -G Ninja ${ORION_CMAKE_ARGS:-}
  fi
  cmake --build "$build"
}

# mpirun as root needs explicit consent; oversubscription lets tests use more ranks than cores.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_rmaps_base_oversubscribe=1

case "$mode" in
  demo)
    install_missing
    configure_and_build
    data="$here/data"
    mkdir -p "$data"
    if [ ! -f "$data/ratings.train" ]; then
      "$build/tools/gen_ratings" --rows 20000 --cols 5000 --nnz 1000000 --rank 8 \
        --train "$data/ratings.train" --test "$data/ratings.test" --seed 1
    fi
    # Release build: -DNDEBUG drops the arrays' per-element bounds checks.
    "$build/compiler/orionc" "$here/examples/sgd_mf.cpp" -O3 -DNDEBUG -o "$build/sgd_mf"
    # One process, one worker per core; --orion-verbose shows the schedule each loop runs.
    "$build/sgd_mf" "$data/ratings.train" "$data/ratings.test" --orion-verbose
    ;;
  test)
    install_missing
    configure_and_build
    cd "$build"
    if grep -q '^ORION_SANITIZE:STRING=.' CMakeCache.txt; then
      sanitizer_env
    fi
    ctest --output-on-failure --timeout 600 -j 2
    ;;
  fuzz)
    install_missing
    configure_fuzz_build
    cmake --build "$fuzz_build" --target deps_fuzzer
    "$here/tools/fuzz/run_fuzzer.sh" "$fuzz_build" "${2:-120}" "${@:3}"
    ;;
  sanitize)
    install_missing
    configure_fuzz_build
    # orionc's host compiler (mpicxx) must be the sanitizers' own compiler: GCC's UBSan runtime
    # lacks handlers that clang's instrumentation of the runtime calls.
    export OMPI_CXX=clang++-19
    # Only what the tests below need (the target orion_sanitized_suite, testsuite/CMakeLists.txt).
    cmake --build "$fuzz_build" --target orion_sanitized_suite
    cd "$fuzz_build"
    if ctest -N | grep -q '_NOT_BUILT'; then
      echo "bootstrap: a unit-test binary the sanitized step runs is missing from" \
           "orion_sanitized_suite (testsuite/CMakeLists.txt):" >&2
      ctest -N | grep '_NOT_BUILT' >&2
      exit 1
    fi
    sanitizer_env
    # What runs the runtime and the code orionc generates: every runtime.* and unit.* test, the
    # lit tests that run programs on several ranks (found by their %mpiexec) and the ones that
    # check how orionc writes its output, and the e2e runs of sgd_mf at 2 ranks and across a
    # restart (2D rotation over distributed ratings, checkpoints). Left out to fit CI's time
    # (docs/architecture.md): the lit tests and oracle runs that only run orionc's front end and
    # analysis on a source, which the fuzzer covers under the same sanitizers (seeded with those
    # sources; in CI, with the diagnostics tests' only), the benchmark smoke tests, the install
    # test, the other programs' e2e runs (Buffers, relaxed arrays and the LIBSVM and bag-of-words
    # loaders run sanitized on several ranks in the lit tests and the runtime's MPI tests), the e2e
    # runs at 2 ranks x 2 threads and the one-rank, one-thread and singleton runs of the runtime's
    # MPI tests (the same test cases run at np 2 and 4 with two threads per rank here, the serial
    # backend's tests run here too, and every configuration runs unsanitized).
    lit_runs=$(cd "$here/testsuite/lit" && grep -l '%mpiexec' codegen/*.cpp driver/*.cpp driver/*.test |
               sed 's/\.[a-z]*$//' | paste -sd'|')
    export LIT_FILTER="^orionc :: (${lit_runs}|driver/write_errors|driver/output_is_input)\."
    ctest --output-on-failure --timeout 600 -j 2 \
      -R '^(runtime|unit)\.|^lit\.[0-9]+$|^e2e\.sgd_mf\.(np2|restart\.np2)$' \
      -E '^runtime\.mpi\.(np1|np1\.t1|singleton)$'
    ;;
  *)
    echo "usage: tools/bootstrap.sh demo|test|fuzz [seconds [seed dirs...]]|sanitize" >&2
    exit 2
    ;;
esac

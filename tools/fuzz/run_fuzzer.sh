#!/usr/bin/env bash
# Runs the front-end fuzzer of a build directory configured with -DORION_FUZZ=ON
# (tools/bootstrap.sh fuzz configures, builds and calls this).
#
#   tools/fuzz/run_fuzzer.sh BUILD_DIR SECONDS [SEED_DIR...]
#
# First every input in testsuite/fuzz/regressions/ runs once; then the fuzzer runs for SECONDS in
# one process per core, seeded with the sources of the lit tests (the SEED_DIRs under
# testsuite/lit, by default loops, deps and diagnostics, dealt out among the processes; libFuzzer
# first runs every seed, at 1-4 s each, whatever SECONDS says: SECONDS shorter than that runs the
# seeds and stops). New inputs are kept in BUILD_DIR/fuzz-corpus/ (so a
# later run goes on from there); an input that crashes, leaks, hits undefined behaviour or takes
# longer than the per-input limit is written to BUILD_DIR/fuzz-artifacts/ and fails the run.
# Reproduce one with `BUILD_DIR/testsuite/fuzz/deps_fuzzer FILE`, then add FILE to
# testsuite/fuzz/regressions/ with the fix.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
build="${1:?usage: run_fuzzer.sh BUILD_DIR SECONDS}"
seconds="${2:?usage: run_fuzzer.sh BUILD_DIR SECONDS [SEED_DIR...]}"
shift 2
seed_names=("$@")
[ ${#seed_names[@]} -gt 0 ] || seed_names=(loops deps diagnostics)
seeds=()
for name in "${seed_names[@]}"; do
  if [ ! -d "$here/testsuite/lit/$name" ]; then
    echo "run_fuzzer.sh: no seed directory testsuite/lit/$name" >&2
    exit 2
  fi
  seeds+=("$here/testsuite/lit/$name")
done
fuzzer="$build/testsuite/fuzz/deps_fuzzer"

# Undefined behaviour stops the run like a crash does; leaks are reported per input.
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0"

# -close_fd_mask=2: the pipeline's diagnostics for bad input are expected and would flood the log
# (libFuzzer keeps its own output).
common=(-close_fd_mask=2 -rss_limit_mb=6144 -timeout=60)

shopt -s nullglob
regressions=("$here"/testsuite/fuzz/regressions/*)
if [ ${#regressions[@]} -gt 0 ]; then
  echo "fuzz: replaying ${#regressions[@]} regression input(s)"
  "$fuzzer" "${common[@]}" "${regressions[@]}"
fi

mkdir -p "$build/fuzz-corpus" "$build/fuzz-artifacts"
# One fuzzer per core, each seeded with every n-th seed file (a directory of links apiece): the
# seeds alone took 85 s of one core in CI (48 inputs at 1.7 s each in the sanitized -O0 front
# end) while the other core idled. They share the corpus directory, where each writes the new
# inputs it finds under their hashes.
workers=$(nproc 2>/dev/null || echo 1)
seed_files=()
for dir in "${seeds[@]}"; do
  while IFS= read -r -d '' f; do seed_files+=("$f"); done \
    < <(find "$dir" -type f -print0 | sort -z)
done
[ "$workers" -le "${#seed_files[@]}" ] || workers=${#seed_files[@]}
[ "$workers" -ge 1 ] || workers=1
rm -rf "$build/fuzz-seeds"
pids=()
for ((w = 0; w < workers; ++w)); do
  mkdir -p "$build/fuzz-seeds/$w"
  for ((i = w; i < ${#seed_files[@]}; i += workers)); do
    ln -s "${seed_files[$i]}" "$build/fuzz-seeds/$w/$i-$(basename "${seed_files[$i]}")"
  done
done
echo "fuzz: running for ${seconds} s in $workers process(es); seeds:" \
  "testsuite/lit/{$(IFS=,; echo "${seed_names[*]}")}"
for ((w = 0; w < workers; ++w)); do
  "$fuzzer" "${common[@]}" -max_total_time="$seconds" -max_len=16384 -print_final_stats=1 \
    -artifact_prefix="$build/fuzz-artifacts/" "$build/fuzz-corpus" "$build/fuzz-seeds/$w" \
    > "$build/fuzz-seeds/$w.log" 2>&1 &
  pids+=($!)
done
status=0
for ((w = 0; w < workers; ++w)); do
  wait "${pids[$w]}" || status=1
  echo "fuzz: process $((w + 1)) of $workers:"
  cat "$build/fuzz-seeds/$w.log"
done
exit $status

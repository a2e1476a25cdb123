#!/usr/bin/env bash
# The flow docs/examples.md shows, on tiny data: gen_ratings -> orionc -> run directly -> run
# under mpiexec. Checks that each step works and that the output has the documented shape.
#
#   readme_flow.sh GEN_RATINGS ORIONC SGD_MF_SOURCE WORKDIR MPIEXEC
set -euo pipefail
if [ $# -ne 5 ]; then
  echo "usage: readme_flow.sh GEN_RATINGS ORIONC SGD_MF_SOURCE WORKDIR MPIEXEC" >&2
  exit 2
fi
gen_ratings=$1 orionc=$2 source=$3 work=$4 mpiexec=$5
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_rmaps_base_oversubscribe=1

rm -rf "$work"
mkdir -p "$work"
cd "$work"

step() {
  echo "+ $*" >&2
  timeout 300 "$@"
}

step "$gen_ratings" --rows 300 --cols 120 --nnz 4000 --rank 4 --seed 5 \
  --train train.txt --test test.txt
step "$orionc" "$source" -O2 -o sgd_mf
step ./sgd_mf train.txt test.txt --epochs 4 >direct.out
cat direct.out
step "$mpiexec" -np 2 ./sgd_mf train.txt test.txt --epochs 4 >np2.out

# Both runs: four lines "epoch E train_rmse X test_rmse Y", training error going down. (The
# runs are not compared with each other: the e2e.sgd_mf.* tests do that.)
python3 - direct.out np2.out <<'PY'
import re, sys
pat = re.compile(r"^epoch (\d+) train_rmse (\d+\.\d{6}) test_rmse (\d+\.\d{6})$")
for path in sys.argv[1:]:
    lines = open(path).read().splitlines()
    m = [pat.match(l) for l in lines]
    if len(lines) != 4 or not all(m) or [int(x.group(1)) for x in m] != [0, 1, 2, 3]:
        sys.exit(f"readme_flow: unexpected output in {path}:\n" + "\n".join(lines))
    train = [float(x.group(2)) for x in m]
    if not train[-1] < train[0]:
        sys.exit(f"readme_flow: training RMSE did not decrease in {path}: {train}")
print("readme_flow: OK")
PY

#!/usr/bin/env python3
"""ctest bench.convergence_smoke: runs convergence.py end to end on a tiny input and checks that
its report is complete: a finite test RMSE for every epoch of every curve, one worker equal to
the serial build, and 2 ranks equal to 2 threads. Never a timing or accuracy assertion: on a tiny
input the RMSE differences between orders mean nothing.

    convergence_smoke_check.py --out DIR -- [convergence.py options, e.g. --orionc PATH]

Everything (data, binaries, report) goes under DIR, never into docs/.
"""

import argparse
import json
import math
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
TINY = ["--rows", "400", "--cols", "200", "--nnz", "20000", "--rank", "4", "--epochs", "3",
        "--workers", "1,2,4", "--depths", "1,2", "--reps", "1", "--programs", "runtime_rank_16"]


def fail(msg):
    sys.exit(f"bench.convergence_smoke: FAIL: {msg}")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--out", required=True)
    p.add_argument("args", nargs=argparse.REMAINDER)
    a = p.parse_args()
    extra = a.args[1:] if a.args[:1] == ["--"] else a.args
    out = Path(a.out).resolve()
    shutil.rmtree(out, ignore_errors=True)  # a stale report must not pass for a fresh one
    cmd = [sys.executable, str(HERE / "convergence.py"), *TINY, "--out", str(out / "report"),
           "--work", str(out / "work"), *extra]
    print("+", " ".join(cmd), flush=True)
    if subprocess.run(cmd).returncode != 0:
        fail("convergence.py failed")
    md = out / "report" / "bench-convergence.md"
    text = md.read_text() if md.is_file() else fail(f"{md} missing")
    for needle in ("## Test RMSE after the last epoch", "## Cost of k", "## Plots"):
        if needle not in text:
            fail(f"{md} lacks {needle!r}")
    results = json.loads((out / "report" / "bench" / "convergence.json").read_text())
    want = {"serial", "P=1", "P=2 k=1", "P=2 k=2", "P=4 k=1", "P=4 k=2"}
    if set(results["curves"]) != {"runtime_rank_16 sorted", "runtime_rank_16 random"}:
        fail(f"curves for {sorted(results['curves'])}")
    for key, c in results["curves"].items():
        if set(c["curves"]) != want:
            fail(f"{key}: configurations {sorted(c['curves'])}, expected {sorted(want)}")
        for label, values in c["curves"].items():
            if len(values) != 3 or not all(v is not None and math.isfinite(v) and v > 0
                                           for v in values):
                fail(f"{key} {label}: test RMSE per epoch {values}")
        # One worker runs the file order: the serial program, bit for bit.
        if c["curves"]["P=1"] != c["curves"]["serial"]:
            fail(f"{key}: one worker {c['curves']['P=1']} != serial {c['curves']['serial']}")
        if c["split_ok"] is not True:
            fail(f"{key}: 2 ranks x 1 thread did not print what 2 threads did")
    for t in results["timings"]:
        if sorted(t["seconds"]) != ["1", "2"] or not all(v > 0 for v in t["seconds"].values()):
            fail(f"timings {t}")
    for name in results["plots"]:
        if not (out / "report" / "bench" / name).is_file():
            fail(f"plot {name} missing")
    print("bench.convergence_smoke: OK")


if __name__ == "__main__":
    main()

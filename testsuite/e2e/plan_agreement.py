#!/usr/bin/env python3
"""The runtime runs what `orionc --dump=deps` reports.

    plan_agreement.py ORIONC SOURCE BINARY MPIEXEC NP -- ARGS...

Reads the JSON dependence report of SOURCE, runs BINARY (built from SOURCE by orionc) under
`MPIEXEC -np NP` with --orion-verbose, and checks every "orion: loop FILE:LINE: ..." line the
runtime prints: the loop is one of the report's loops, the schedule it runs is one of that loop's
candidates, and every array has the role the report gives it under that candidate. Every loop of
the report must have run. Exit status 0 when all agree.
"""

import json
import os
import re
import subprocess
import sys

LOOP = re.compile(r"^orion: loop (?P<file>.+):(?P<line>\d+): (?P<label>.+?) \[(?P<kind>[^\]]+)\], "
                  r".*; roles: (?P<roles>.*); cost per pass: (?P<costs>.*)$")


def label(candidate):
    kind = candidate["kind"]
    dims = ", ".join(str(d) for d in candidate["dims"])
    return f"{kind} ({dims})"


def roles_of(candidate):
    return {a["name"]: a["role"] for a in candidate["arrays"]}


def runtime_roles(text):
    out = {}
    for item in text.split(", "):
        item = re.sub(r" \(dim \d+\)$", "", item.strip())
        name, role = item.rsplit(" ", 1)
        out[name] = role
    return out


def main(argv):
    if "--" not in argv or argv.index("--") != 5:
        sys.exit(__doc__)
    orionc, source, binary, mpiexec, np = argv[:5]
    args = argv[6:]
    report = json.loads(subprocess.run([orionc, "--dump=deps", "--format=json", source],
                                       check=True, capture_output=True, text=True).stdout)
    loops = {loop["pragma_line"]: loop for loop in report["loops"]}
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
               OMPI_MCA_rmaps_base_oversubscribe="1")
    run = subprocess.run([mpiexec, "-np", np, binary, *args, "--orion-verbose"], env=env,
                         capture_output=True, text=True, timeout=300)
    if run.returncode != 0:
        print(run.stderr)
        sys.exit(f"FAIL: {binary} exited with {run.returncode}")
    ok, seen = True, set()
    for text in run.stderr.splitlines():
        m = LOOP.match(text)
        if not m:
            continue
        print(text)
        line = int(m["line"])
        seen.add(line)
        loop = loops.get(line)
        if loop is None:
            print(f"FAIL: the runtime ran a loop at line {line}; the report has "
                  f"{sorted(loops)}")
            ok = False
            continue
        matching = [c for c in loop["candidates"] if label(c) == m["label"]] or \
                   [c for c in loop["candidates"] if c["kind"] == "unimodular"
                    and m["label"].startswith("unimodular")]
        if not matching:
            print(f"FAIL: line {line}: the runtime runs '{m['label']}', not a candidate of the "
                  f"report ({[label(c) for c in loop['candidates']]})")
            ok = False
            continue
        want, got = roles_of(matching[0]), runtime_roles(m["roles"])
        if want != got:
            print(f"FAIL: line {line}: roles differ\n  report:  {want}\n  runtime: {got}")
            ok = False
            continue
        proposed = loop["schedule"]
        print(f"  agrees with the report (compiler's proposal: {proposed['kind']} "
              f"{proposed['dims']}; runtime costs: {m['costs']})")
    missing = sorted(set(loops) - seen)
    if missing:
        print(f"FAIL: loops of the report the runtime never described: lines {missing}")
        ok = False
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

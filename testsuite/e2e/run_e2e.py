#!/usr/bin/env python3
"""End-to-end check: an orionc-built program against the serial build of the same source.

    run_e2e.py --serial BIN --parallel BIN [--np N ...] [--threads T] [--rel-tol R] -- ARGS...

Runs the serial binary with ARGS (the reference), then the parallel binary with ARGS once per
--np: N = 0 runs it directly (one process, no mpirun), N >= 1 under `mpiexec -np N`. Every run
has a timeout (the whole process group is killed when it expires). The stdout of each parallel
run must equal the reference exactly, or with --rel-tol/--abs-tol, token by token with numbers
compared within the tolerance; a mismatch prints a unified diff.

    run_e2e.py --expect-fail --stderr-contains TEXT [--serial BIN] [--parallel BIN --np N] -- ARGS

With --sharded, every parallel configuration also runs with every served array sharded across
the ranks (--orion-shard-min-bytes=0), which must print the same and leave the same digests.

With --witness, every parallel configuration also runs with --orion-replay-serial (the same
partition order on one worker) and with --orion-check (lockstep rounds, access sets checked), all
three with --orion-digest: their stdout and their array digests (stderr lines "orion: digest ...")
must be identical (the serializability witness). --last-line-rel-tol R then compares the serial
output with the parallel one on the last line only, numbers within R (unordered loops converge
like the serial program but not bit for bit).

    run_e2e.py --expect-fail --stderr-contains TEXT [--serial BIN] [--parallel BIN --np N] -- ARGS

Failure behaviour instead: every run must exit non-zero within the timeout (a hang is a failure
too) and its stderr must contain each TEXT.

Exit status: 0 when every check passed, 1 otherwise.
"""

import argparse
import difflib
import os
import signal
import subprocess
import sys
import time


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--serial", help="serial build (reference)")
    p.add_argument("--parallel", help="orionc build")
    p.add_argument("--np", type=int, action="append", default=[],
                   help="ranks for a parallel run; 0 = run directly without mpiexec (repeatable; "
                        "default: 0)")
    p.add_argument("--mpiexec", default=os.environ.get("MPIEXEC", "mpiexec"))
    p.add_argument("--threads", type=int, help="pass --orion-threads=T to the parallel runs")
    p.add_argument("--btl", help="Open MPI transports of the mpiexec runs (--mca btl BTL), e.g. "
                   "tcp,self: the ranks talk TCP, as between machines")
    p.add_argument("--timeout", type=float, default=120.0, help="seconds per run (default 120)")
    p.add_argument("--rel-tol", type=float, help="compare numbers with this relative tolerance")
    p.add_argument("--abs-tol", type=float, default=0.0,
                   help="absolute tolerance added to --rel-tol (default 0)")
    p.add_argument("--witness", action="store_true",
                   help="also run --orion-replay-serial and --orion-check; all must agree exactly")
    p.add_argument("--sharded", action="store_true",
                   help="also run every parallel configuration with every served array sharded "
                        "across the ranks (--orion-shard-min-bytes=0); stdout and array digests "
                        "must equal the plain run's exactly")
    p.add_argument("--last-line-rel-tol", type=float,
                   help="compare with the serial output on the last line only, within this "
                        "relative tolerance")
    p.add_argument("--expect-fail", action="store_true",
                   help="every run must exit non-zero (see --stderr-contains)")
    p.add_argument("--stderr-contains", action="append", default=[], metavar="TEXT",
                   help="with --expect-fail: text each run's stderr must contain (repeatable)")
    p.add_argument("--cwd", help="working directory of the runs")
    p.add_argument("args", nargs=argparse.REMAINDER, help="-- then the program's arguments")
    a = p.parse_args(argv)
    if a.args and a.args[0] == "--":
        a.args = a.args[1:]
    if not a.serial and not a.parallel:
        p.error("give --serial and/or --parallel")
    if not a.expect_fail and not (a.serial and a.parallel):
        p.error("a comparison needs both --serial and --parallel")
    if a.stderr_contains and not a.expect_fail:
        p.error("--stderr-contains goes with --expect-fail")
    if not a.np:
        a.np = [0]
    if any(n < 0 for n in a.np):
        p.error("--np must be >= 0")
    return a


def mpi_env():
    env = dict(os.environ)
    # Consent to run as root (CI containers) and to place more ranks than cores.
    env.setdefault("OMPI_ALLOW_RUN_AS_ROOT", "1")
    env.setdefault("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
    env.setdefault("OMPI_MCA_rmaps_base_oversubscribe", "1")
    return env


class Result:
    def __init__(self, label, cmd, rc, out, err, secs, timed_out):
        self.label, self.cmd, self.rc, self.out, self.err = label, cmd, rc, out, err
        self.secs, self.timed_out = secs, timed_out


def run(label, cmd, timeout, cwd):
    start = time.monotonic()
    # A session of its own: on timeout the whole group goes (mpiexec and every rank it started).
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd,
                            env=mpi_env(), start_new_session=True)
    timed_out = False
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        timed_out = True
        out, err = b"", b""
        for sig in (signal.SIGTERM, signal.SIGKILL):
            try:
                os.killpg(proc.pid, sig)
            except ProcessLookupError:
                pass
            try:
                out, err = proc.communicate(timeout=5)
                break
            except subprocess.TimeoutExpired:
                continue
        if proc.returncode is None:
            proc.kill()
            proc.wait()
    secs = time.monotonic() - start
    return Result(label, cmd, proc.returncode, out.decode(errors="replace"),
                  err.decode(errors="replace"), secs, timed_out)


def describe(r):
    status = "timed out" if r.timed_out else f"exit {r.rc}"
    return f"[{r.label}] {status} after {r.secs:.1f} s: {' '.join(r.cmd)}"


def show_stderr(r):
    text = r.err.rstrip()
    print(f"--- stderr of {r.label} ---\n{text if text else '(empty)'}")


def as_number(token):
    try:
        return float(token)
    except ValueError:
        return None


def same_within(ref, got, rel, abs_tol):
    """Token-by-token equality, numbers within rel * max(|a|, |b|) + abs_tol."""
    a, b = ref.split(), got.split()
    if len(a) != len(b):
        return False, f"{len(b)} tokens, expected {len(a)}"
    for i, (x, y) in enumerate(zip(a, b)):
        if x == y:
            continue
        fx, fy = as_number(x), as_number(y)
        if fx is None or fy is None:
            return False, f"token {i}: '{y}', expected '{x}'"
        if not abs(fx - fy) <= rel * max(abs(fx), abs(fy)) + abs_tol:
            return False, f"token {i}: {y}, expected {x} (rel. tolerance {rel}, abs. {abs_tol})"
    return True, ""


def digests(err):
    return [line for line in err.splitlines() if line.startswith("orion: digest ")]


def compare_with_serial(a, reference, out):
    if a.last_line_rel_tol is not None:
        ref_lines, got_lines = reference.splitlines(), out.splitlines()
        if len(ref_lines) != len(got_lines):
            return False, f"{len(got_lines)} lines, expected {len(ref_lines)}"
        return same_within(ref_lines[-1], got_lines[-1], a.last_line_rel_tol, a.abs_tol)
    if a.rel_tol is None:
        return out == reference, "output differs"
    return same_within(reference, out, a.rel_tol, a.abs_tol)


def print_diff(ref, got, label):
    diff = difflib.unified_diff(ref.splitlines(keepends=True), got.splitlines(keepends=True),
                                fromfile="serial", tofile=label)
    sys.stdout.writelines(diff)
    print()


def main(argv):
    a = parse_args(argv)
    runs = []
    if a.serial:
        runs.append(("serial", [a.serial] + a.args))
    if a.parallel:
        extra = [f"--orion-threads={a.threads}"] if a.threads else []
        for n in a.np:
            if n == 0:
                runs.append(("direct", [a.parallel] + a.args + extra))
            else:
                mpi = [a.mpiexec, "-np", str(n), "--oversubscribe"]
                if a.btl:  # transports are chosen by the ob1 layer only (UCX ignores them)
                    mpi += ["--mca", "pml", "ob1", "--mca", "btl", a.btl]
                if hasattr(os, "geteuid") and os.geteuid() == 0:
                    mpi.append("--allow-run-as-root")
                runs.append((f"np{n}", mpi + [a.parallel] + a.args + extra))
        if a.witness or a.sharded:
            base = [r for r in runs if r[0] != "serial"]
            runs = [r for r in runs if r[0] == "serial"]
            for label, cmd in base:
                runs.append((label, cmd + ["--orion-digest"]))
                if a.witness:
                    runs.append((label + ".replay",
                                 cmd + ["--orion-digest", "--orion-replay-serial"]))
                    runs.append((label + ".check", cmd + ["--orion-digest", "--orion-check"]))
                if a.sharded:
                    runs.append((label + ".sharded",
                                 cmd + ["--orion-digest", "--orion-shard-min-bytes=0"]))

    ok = True
    reference = None
    witness = {}  # configuration -> (label, stdout, digests) of its plain parallel run
    for label, cmd in runs:
        r = run(label, cmd, a.timeout, a.cwd)
        print(describe(r))
        if a.expect_fail:
            if r.timed_out or r.rc == 0:
                print(f"FAIL [{label}]: expected a non-zero exit within {a.timeout} s")
                show_stderr(r)
                ok = False
                continue
            missing = [t for t in a.stderr_contains if t not in r.err]
            if missing:
                print(f"FAIL [{label}]: stderr does not contain {missing}")
                show_stderr(r)
                ok = False
            continue
        if r.timed_out or r.rc != 0:
            print(f"FAIL [{label}]: the run did not succeed")
            show_stderr(r)
            ok = False
            if label == "serial":
                return 1  # nothing to compare against
            continue
        if label == "serial":
            reference = r.out
            if not reference.strip():
                print("FAIL [serial]: no output to compare against")
                return 1
            continue
        if a.witness or a.sharded:
            config = label.split(".")[0]
            if config not in witness:
                witness[config] = (label, r.out, digests(r.err))
                if not witness[config][2]:
                    print(f"FAIL [{label}]: no 'orion: digest' lines on stderr")
                    ok = False
            else:
                first_label, first_out, first_digests = witness[config]
                if r.out != first_out:
                    print(f"FAIL [{label}]: stdout differs from {first_label}")
                    print_diff(first_out, r.out, label)
                    ok = False
                if digests(r.err) != first_digests:
                    print(f"FAIL [{label}]: array digests differ from {first_label}")
                    print_diff("\n".join(first_digests) + "\n", "\n".join(digests(r.err)) + "\n",
                               label)
                    ok = False
                continue
        same, why = compare_with_serial(a, reference, r.out)
        if not same:
            print(f"FAIL [{label}]: {why}")
            print_diff(reference, r.out, label)
            ok = False
    if ok and reference is not None:
        if a.last_line_rel_tol is not None:
            how = f", last line within rel. tol. {a.last_line_rel_tol}"
        else:
            how = ", exact" if a.rel_tol is None else f", rel. tol. {a.rel_tol}"
        print(f"PASS: {len(runs) - 1} parallel run(s) match the serial output "
              f"({len(reference.splitlines())} lines{how}"
              f"{'; replay and check runs identical' if a.witness else ''})")
    elif ok:
        print(f"PASS: {len(runs)} run(s) failed as expected")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

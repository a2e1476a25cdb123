#!/usr/bin/env python3
"""Checkpoint and restart under real kills (orion::checkpoint / orion::restore).

    checkpoint_restart.py ranks --probe BIN --write-np A --read-np B --rows R
                                [--write-args ARGS] [--read-args ARGS]
        checkpoint_probe writes a checkpoint under A ranks; B ranks restore it exactly. ARGS
        (e.g. --orion-distribute=off) go to the probe's write or its verify.

    checkpoint_restart.py corrupt --probe BIN --write-np A --read-np B --rows R
        As `ranks`, but one byte of the last shard file is flipped first: every rank must stop
        with one message naming that file (printed once, not per rank), without hanging.

    checkpoint_restart.py kill-write --probe BIN --np N --rows R
        checkpoint_probe writes step 1, then starts step 2 and is killed (SIGKILL, every process)
        while step 2's shard files are being written. Step 1 must restore exactly; a checkpoint
        written afterwards must work and leave no stale files.

    checkpoint_restart.py train --reference BIN --program BIN --np N [--threads T]
                                [--rel-tol R] [--step-word W] --kill-after-step S -- ARGS...
        Runs the reference binary with ARGS, uninterrupted. Runs the program with ARGS and
        --checkpoint DIR, kills it (SIGKILL, every process) once DIR holds step S, and starts it
        again with the same arguments. The restarted run's lines must equal the reference's lines
        of the same steps (lines 'W N ...', W 'epoch' by default): exactly, or numbers within R.
        A run that ends by itself before it is killed, or a kill after its last step, fails the
        check: it would compare nothing.

--np 0 runs a binary directly, N >= 1 under mpiexec. Every run has a timeout. Exit status 0 when
every check passed, 1 otherwise.
"""

import argparse
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

from run_e2e import mpi_env

TIMEOUT = 240.0


def command(args, binary, np, extra, threads=None):
    cmd = [binary] if np == 0 else [args.mpiexec, "-np", str(np), binary]
    cmd += extra
    if threads:
        cmd.append(f"--orion-threads={threads}")
    return cmd


def run(cmd):
    """Runs to completion within TIMEOUT; returns (rc, stdout, stderr)."""
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         env=mpi_env(), start_new_session=True)
    try:
        out, err = p.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        kill_session(p.pid)
        out, err = p.communicate()
        return 124, out, err + f"\n(timed out after {TIMEOUT} s)"
    return p.returncode, out, err


def kill_session(sid):
    """SIGKILL to every process of session `sid`: mpiexec puts each rank in a process group of its
    own, but they stay in mpiexec's session."""
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rfind(")") + 2:].split()
        if int(fields[3]) == sid:
            try:
                os.kill(int(entry), signal.SIGKILL)
            except ProcessLookupError:
                pass


def manifest_step(directory):
    """The step of the committed manifest in `directory`, or None."""
    try:
        with open(os.path.join(directory, "manifest.orion")) as f:
            m = re.search(r"^step (\d+)$", f.read(), re.M)
            return int(m.group(1)) if m else None
    except OSError:
        return None


def manifest_generation(directory):
    with open(os.path.join(directory, "manifest.orion")) as f:
        return re.search(r"^generation (\d+)$", f.read(), re.M).group(1)


def fail(message, *outputs):
    print("FAIL:", message)
    for o in outputs:
        if o:
            print(o)
    return 1


def probe_write(args, d, step=5):
    """checkpoint_probe writes step `step` under --write-np ranks; an error message or None."""
    rc, out, err = run(command(args, args.probe, args.write_np,
                               ["write", d, str(step), str(args.rows)] + args.write_args.split()))
    return None if rc == 0 else f"write under {args.write_np} rank(s) exited {rc}\n{out}{err}"


def check_ranks(args):
    with tempfile.TemporaryDirectory(prefix="orion_ckpt_") as d:
        if problem := probe_write(args, d):
            return fail(problem)
        shards = sorted(n for n in os.listdir(d) if n.startswith("shard-"))
        if len(shards) != max(args.write_np, 1):
            return fail(f"expected {max(args.write_np, 1)} shard file(s), found {shards}")
        rc, out, err = run(command(args, args.probe, args.read_np,
                                   ["verify", d, "5", str(args.rows)] + args.read_args.split()))
        if rc != 0:
            return fail(f"restore under {args.read_np} rank(s) exited {rc}", out, err)
        print(out.strip())
    return 0


def check_corrupt(args):
    with tempfile.TemporaryDirectory(prefix="orion_ckpt_") as d:
        if problem := probe_write(args, d):
            return fail(problem)
        shard = os.path.join(d, sorted(n for n in os.listdir(d) if n.startswith("shard-"))[-1])
        with open(shard, "r+b") as f:
            f.seek(-5, os.SEEK_END)
            byte = f.read(1)
            f.seek(-5, os.SEEK_END)
            f.write(bytes([byte[0] ^ 0x10]))
        rc, out, err = run(command(args, args.probe, args.read_np,
                                   ["verify", d, "5", str(args.rows)]))
        expected = (f"error: checkpoint file '{shard}' is corrupt: its checksum does not match "
                    "the manifest")
        if rc in (0, 124) or err.count(expected) != 1 or "[rank" in err:
            return fail(f"restore of a damaged shard exited {rc}; expected one line with "
                        f"'{expected}'", out, err)
        print(err.strip())
    return 0


def check_kill_write(args):
    with tempfile.TemporaryDirectory(prefix="orion_ckpt_") as d:
        cmd = command(args, args.probe, args.np, ["write-twice", d, str(args.rows)])
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             env=mpi_env(), start_new_session=True)
        deadline = time.monotonic() + TIMEOUT
        pids = []
        for line in p.stdout:
            if line.startswith("pid "):
                pids.append(int(line.split()[1]))
            if len(pids) == max(args.np, 1):
                break
        if len(pids) != max(args.np, 1):
            p.kill()
            return fail("the probe ended before writing step 1", p.stderr.read())
        old = manifest_generation(d)
        # Wait for the first shard file of step 2 to appear, then kill every process at once.
        new_shard = None
        while new_shard is None and time.monotonic() < deadline and p.poll() is None:
            new_shard = next((n for n in os.listdir(d)
                              if n.startswith("shard-") and not n.startswith(f"shard-{old}-")),
                             None)
            time.sleep(0.001)  # the write lasts seconds; do not take a core from it
        kill_session(p.pid)
        p.wait()
        if new_shard is None:
            return fail("step 2 never started writing before the probe ended")
        if manifest_step(d) != 1:
            return fail(f"the kill came too late: the manifest already holds step "
                        f"{manifest_step(d)} (raise --rows)")
        print(f"killed while {new_shard} was being written; the directory held "
              f"{sorted(os.listdir(d))}")
        rc, out, err = run(command(args, args.probe, args.np, ["verify", d, "1", str(args.rows)]))
        if rc != 0:
            return fail(f"step 1 did not restore after the kill (exit {rc})", out, err)
        print(out.strip())
        rc, out, err = run(command(args, args.probe, args.np, ["write", d, "3", str(args.rows)]))
        if rc != 0:
            return fail(f"a checkpoint after the kill failed (exit {rc})", out, err)
        left = sorted(n for n in os.listdir(d) if n != "manifest.orion")
        if len(left) != max(args.np, 1) or any(not n.startswith("shard-") for n in left):
            return fail(f"stale files after the next checkpoint: {left}")
        rc, out, err = run(command(args, args.probe, args.np, ["verify", d, "3", str(args.rows)]))
        if rc != 0:
            return fail(f"the checkpoint after the kill did not restore (exit {rc})", out, err)
    return 0


def epoch_lines(text, word):
    """{step: line} for the program's 'WORD N ...' lines."""
    return {int(m.group(1)): m.group(0)
            for m in re.finditer(rf"^{re.escape(word)} (\d+) .*$", text, re.M)}


def same_line(ref, got, rel):
    a, b = ref.split(), got.split()
    if len(a) != len(b):
        return False
    for x, y in zip(a, b):
        if x == y:
            continue
        try:
            fx, fy = float(x), float(y)
        except ValueError:
            return False
        if rel is None or abs(fx - fy) > rel * max(abs(fx), abs(fy)):
            return False
    return True


def check_train(args):
    rc, ref_out, err = run(command(args, args.reference, args.np if args.reference_np is None
                                   else args.reference_np, args.args,
                                   args.threads if args.reference_np is None else None))
    if rc != 0:
        return fail(f"the uninterrupted run exited {rc}", ref_out, err)
    reference = epoch_lines(ref_out, args.step_word)
    with tempfile.TemporaryDirectory(prefix="orion_ckpt_") as d:
        cmd = command(args, args.program, args.np, args.args + ["--checkpoint", d], args.threads)
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             env=mpi_env(), start_new_session=True)
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline and p.poll() is None:
            step = manifest_step(d)
            if step is not None and step >= args.kill_after_step:
                break
            time.sleep(0.002)
        ended_by_itself = p.poll() is not None
        kill_session(p.pid)
        p.wait()
        if ended_by_itself:
            return fail(f"the run ended (exit {p.returncode}) before it could be killed after "
                        f"its step-{args.kill_after_step} checkpoint: give it more work",
                        p.stderr.read())
        killed_at = manifest_step(d)
        if killed_at is None or killed_at < args.kill_after_step:
            return fail(f"the run ended before its step-{args.kill_after_step} checkpoint",
                        p.stderr.read())
        rc, out, err = run(cmd)
        if rc != 0:
            return fail(f"the restarted run exited {rc}", out, err)
    resumed = epoch_lines(out, args.step_word)
    expected = sorted(e for e in reference if e > killed_at)
    if not expected:
        return fail(f"killed after step {killed_at}, the reference's last: nothing to compare")
    if sorted(resumed) != expected:
        return fail(f"killed after step {killed_at}: the restarted run printed epochs "
                    f"{sorted(resumed)}, expected {expected}", out)
    bad = [e for e in expected if not same_line(reference[e], resumed[e], args.rel_tol)]
    for e in bad:
        print(f"epoch {e}: uninterrupted '{reference[e]}', restarted '{resumed[e]}'")
    if bad:
        return fail("the restarted run differs from the uninterrupted one")
    print(f"killed after the step-{killed_at} checkpoint; epochs {expected} match "
          f"{'exactly' if args.rel_tol is None else f'within {args.rel_tol}'}:")
    for e in expected:
        print(f"  uninterrupted: {reference[e]}\n  restarted:     {resumed[e]}")
    return 0


def main(argv):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("mode", choices=["ranks", "corrupt", "kill-write", "train"])
    p.add_argument("--mpiexec", default=os.environ.get("MPIEXEC", "mpiexec"))
    p.add_argument("--probe")
    p.add_argument("--write-np", type=int, default=0)
    p.add_argument("--read-np", type=int, default=0)
    p.add_argument("--np", type=int, default=0)
    p.add_argument("--rows", type=int, default=1000)
    p.add_argument("--write-args", default="", help="more arguments of the probe's write")
    p.add_argument("--read-args", default="", help="more arguments of the probe's verify")
    p.add_argument("--reference")
    p.add_argument("--reference-np", type=int,
                   help="run the reference with this many ranks and no --orion-threads "
                        "(default: as the program)")
    p.add_argument("--program")
    p.add_argument("--threads", type=int)
    p.add_argument("--rel-tol", type=float)
    p.add_argument("--kill-after-step", type=int, default=2)
    p.add_argument("--step-word", default="epoch")
    # The program's own arguments follow "--" (argparse's REMAINDER would also take the options).
    split = argv.index("--") if "--" in argv else len(argv)
    args = p.parse_args(argv[:split])
    args.args = argv[split + 1:]
    return {"ranks": check_ranks, "corrupt": check_corrupt, "kill-write": check_kill_write,
            "train": check_train}[args.mode](args)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

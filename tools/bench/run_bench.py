#!/usr/bin/env python3
"""The SGD MF benchmark of issue 5, from one command: generate, build, run, report.

    tools/bench/run_bench.py [--nnz 5000000 --rows 50000 --cols 10000] [--epochs 20] [--reps 3]
                             [--workers 1,2] [--scale] [--out docs] [--work build/bench-work]

1. Data: build/tools/gen_ratings writes a Zipf-skewed ratings set (and, with --scale, a
   Netflix-sized one), cached in WORK/data/ and regenerated only when its parameters change.
2. Builds, one compiler at a time, into WORK/bin/: examples/sgd_mf.cpp by g++ against the
   header-only serial runtime ("serial"), the same file by orionc ("orionc"), and
   tools/bench/stratified_sgd.cpp ("baseline"), all with the same flags (-O3 -march=native -DNDEBUG
   by default: release builds, no per-element bounds checks).
3. Runs, interleaving the repetitions of all configurations so that drift hits them alike: serial;
   orionc with 1..W threads in one process and W ranks of 1 thread under mpiexec; the baseline
   with 1..W threads. Each configuration also runs with --epochs 0 (startup + load only).
4. Measures, per run: the arrival time of each "epoch E ..." line on the child's stdout (line
   buffered through stdbuf), the RMSEs those lines print, the wall time, the peak RSS (wait4 of
   the child; under mpiexec /usr/bin/time per rank, reported as max and sum over ranks), and the
   loader's own timing (--orion-stats for serial/orionc, "load_seconds" for the baseline).
   Time per epoch = (t[last epoch line] - t[first epoch line]) / (epochs - 1): the steady state,
   without load and warm-up. Every figure is the median over the repetitions.
   The timed runs parse the text (--orion-cache=off); reloading from the binary cache is measured
   on its own (--epochs 0 after one --orion-cache=refresh run), and each multi-threaded orionc and
   baseline configuration runs once more for 2 x epochs to find when it reaches the serial
   build's final test RMSE.
5. Writes OUT/benchmarks.md, OUT/bench/*.svg and OUT/bench/results.json, each atomically.

Only one benchmark process runs at a time; nothing here asserts on speed (tools/bench/
smoke_check.py checks a tiny run for sanity only).
"""

import argparse
import json
import os
import random
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent))
import report  # noqa: E402  (sibling module: the markdown and the plots)

REPO = Path(__file__).resolve().parents[2]
EPOCH_LINE = re.compile(r"^epoch (\d+) train_rmse (\S+)(?: test_rmse (\S+))?\s*$")
# LIBMF's mf-train with -p: "iter tr_rmse va_rmse obj", the same three groups as EPOCH_LINE.
LIBMF_LINE = re.compile(r"^\s*(\d+)\s+(\d\S*)\s+(\d\S*)\s+\S+\s*$")
ORION_LOAD_STATS = re.compile(r"parsed \d+ file\(s\), [\d.]+ MB in ([\d.]+) s \(([\d.]+) MB/s\)")
BASELINE_LOAD = re.compile(r"^load_seconds ([\d.eE+-]+)", re.M)


def log(msg):
    print(f"[bench] {msg}", file=sys.stderr, flush=True)


def write_atomic(path, data):
    """Writes text or bytes to path through a temporary file in the same directory + rename, so
    a reader (or an interrupted run) never sees a half-written file."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data.encode() if isinstance(data, str) else data)
        # mkstemp creates the file 0600; give it the mode a plain open() would have.
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


# ---------------------------------------------------------------------------------------------
# Data


def generate(args, name, rows, cols, nnz, work, shuffled=False):
    """Returns the dataset description; reuses files generated with the same parameters. With
    `shuffled`, also a copy of the training file with its lines in a random (seeded) order."""
    d = work / "data" / name
    d.mkdir(parents=True, exist_ok=True)
    train, test = d / "ratings.train", d / "ratings.test"
    params = ["--rows", str(rows), "--cols", str(cols), "--nnz", str(nnz), "--rank",
              str(args.rank), "--zipf-rows", str(args.zipf), "--zipf-cols", str(args.zipf),
              "--seed", str(args.seed)]
    stamp = d / "params.json"
    if not (train.exists() and test.exists() and stamp.exists()
            and json.loads(stamp.read_text()).get("params") == params):
        stamp.unlink(missing_ok=True)
        tmp_train, tmp_test = d / ".ratings.train.tmp", d / ".ratings.test.tmp"
        cmd = [args.gen_ratings, *params, "--train", str(tmp_train), "--test", str(tmp_test)]
        log("generating " + shlex.join(cmd))
        done = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if done.returncode != 0:
            sys.exit(f"run_bench: gen_ratings failed:\n{done.stdout}")
        os.replace(tmp_train, train)
        os.replace(tmp_test, test)
        write_atomic(stamp, json.dumps({"params": params, "gen_output": done.stdout.strip()}))
    out = {
        "name": name, "rows": rows, "cols": cols, "nnz": nnz, "train": str(train),
        "test": str(test), "nnz_train": count_lines(train), "nnz_test": count_lines(test),
        "train_bytes": train.stat().st_size, "test_bytes": test.stat().st_size,
        "gen_output": json.loads(stamp.read_text())["gen_output"],
    }
    if shuffled:
        out["train_shuffled"] = str(shuffle_lines(train, d / "ratings.shuffled.train", args.seed))
    return out


def shuffle_lines(source, target, seed):
    """target = source's lines in a random order (seeded); reused while newer than source."""
    if target.exists() and target.stat().st_mtime >= source.stat().st_mtime:
        return target
    log(f"shuffling {source} into {target}")
    lines = source.read_bytes().splitlines(keepends=True)
    random.Random(seed).shuffle(lines)
    write_atomic(target, b"".join(lines))
    return target


def count_lines(path):
    n = 0
    with open(path, "rb") as f:
        while chunk := f.read(1 << 24):
            n += chunk.count(b"\n")
    return n


# ---------------------------------------------------------------------------------------------
# Builds


def build(cmd, output, inputs):
    """Runs cmd (which writes `output`.tmp) unless output is newer than every input and was built
    by the same command; renames the result into place."""
    output = Path(output)
    stamp = output.with_name(output.name + ".cmd")
    newest = max(Path(p).stat().st_mtime for p in inputs if Path(p).exists())
    if (output.exists() and stamp.exists() and stamp.read_text() == shlex.join(cmd)
            and output.stat().st_mtime >= newest):
        return
    log("building " + shlex.join(cmd))
    done = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    tmp = output.with_name(output.name + ".tmp")
    if done.returncode != 0 or not tmp.exists():
        sys.exit(f"run_bench: build failed: {shlex.join(cmd)}\n{done.stdout}")
    os.replace(tmp, output)
    write_atomic(stamp, shlex.join(cmd))


def build_all(args, work):
    bindir = work / "bin"
    bindir.mkdir(parents=True, exist_ok=True)
    include = REPO / "runtime" / "include"
    headers = sorted(str(p) for p in include.rglob("*.hpp"))
    sgd = REPO / "examples" / "sgd_mf.cpp"
    baseline = REPO / "tools" / "bench" / "stratified_sgd.cpp"
    flags = shlex.split(args.flags)
    bins = {"serial": bindir / "sgd_mf_serial", "orionc": bindir / "sgd_mf_orionc",
            "baseline": bindir / "stratified_sgd"}
    # -Wno-unknown-pragmas: the serial build ignores `#pragma orion` by design.
    build([args.cxx, "-std=c++20", *flags, "-Wno-unknown-pragmas", f"-I{include}", str(sgd),
           "-o", str(bins["serial"]) + ".tmp"], bins["serial"], [sgd, *headers])
    # orionc's runtime library sits next to it in the build tree; a rebuilt one invalidates us.
    rt = Path(args.orionc).resolve().parents[1] / "runtime" / "liborion_rt.a"
    build([args.orionc, str(sgd), *flags, "-o", str(bins["orionc"]) + ".tmp"], bins["orionc"],
          [sgd, *headers, args.orionc, rt])
    build([args.cxx, "-std=c++20", *flags, "-pthread", f"-I{include}", str(baseline), "-o",
           str(bins["baseline"]) + ".tmp"], bins["baseline"], [baseline, *headers])
    return {k: str(v) for k, v in bins.items()}


# ---------------------------------------------------------------------------------------------
# Configurations and runs


class Config(NamedTuple):
    """One measured configuration: the program gets prefix + [TRAIN, TEST, --epochs E] + suffix,
    TRAIN being the dataset's file named by `train`."""
    name: str
    program: str  # serial, orionc, baseline
    mode: str  # serial, threads, ranks
    workers: int
    prefix: list
    suffix: list
    train: str = "train"


def configurations(args, bins, workers, include_ranks=True, shuffled=False):
    """The configurations of a dataset; `shuffled` adds the serial build on the shuffled file."""
    mpi = [args.mpiexec]
    if os.geteuid() == 0:
        mpi.append("--allow-run-as-root")
    # The timed runs parse the text (--orion-cache=off); the binary cache is measured separately.
    text = ["--orion-cache=off", "--orion-stats"]
    configs = [Config("serial", "serial", "serial", 1, [bins["serial"]], text)]
    if shuffled:
        # The same ratings in a random order: what the serial build's time per epoch owes to the
        # file order (sorted by row, so consecutive updates of one row of W wait on each other).
        configs.append(Config("serial-shuffled", "serial", "serial", 1, [bins["serial"]], text,
                              "train_shuffled"))
    for w in workers:
        configs.append(Config(f"orionc-t{w}", "orionc", "threads", w, [bins["orionc"]],
                              [f"--orion-threads={w}", *text]))
    for w in workers:
        if w > 1 and include_ranks:
            oversubscribe = ["--oversubscribe"] if w > (os.cpu_count() or 1) else []
            configs.append(Config(f"orionc-r{w}", "orionc", "ranks", w,
                                  [*mpi, "-np", str(w), *oversubscribe, bins["orionc"]],
                                  ["--orion-threads=1", *text]))
    for w in workers:
        configs.append(Config(f"baseline-t{w}", "baseline", "threads", w, [bins["baseline"]],
                              ["--threads", str(w), "--orion-cache=off"]))
    return configs


def wrap(prefix, is_mpi, rss_dir):
    """Inserts stdbuf -oL before the program (so epoch lines arrive when printed, not at exit) and
    /usr/bin/time for its peak RSS: per rank under mpiexec. wait4 on our own child is only the
    fallback, as the child is forked from this Python process and Linux keeps the larger peak of
    the forked image across exec, which hides the RSS of small runs."""
    stdbuf = [shutil.which("stdbuf") or sys.exit("run_bench: stdbuf (coreutils) not found"), "-oL"]
    program = prefix[-1]
    if not os.access("/usr/bin/time", os.X_OK):
        return [*prefix[:-1], *stdbuf, program]
    if not is_mpi:
        return ["/usr/bin/time", "-f", "%M", "-o", str(rss_dir / "rss.0"), *stdbuf, *prefix]
    script = ('exec /usr/bin/time -f %M -o "$0.${OMPI_COMM_WORLD_RANK:-${PMIX_RANK:-0}}" '
              '"$@"')
    return [*prefix[:-1], "sh", "-c", script, str(rss_dir / "rss"), *stdbuf, program]


def run_once(cmd, timeout, rss_dir, epoch_line=EPOCH_LINE):
    """Runs cmd, timestamping each stdout line that matches epoch_line; returns the measurements
    of one run."""
    for old in rss_dir.glob("rss.*"):
        old.unlink()
    with tempfile.TemporaryFile(mode="w+") as err:
        start = time.monotonic()
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=err, text=True,
                                start_new_session=True)
        timed_out = threading.Event()

        def kill():
            timed_out.set()
            try:
                os.killpg(proc.pid, 9)  # the whole session: mpiexec and its ranks
            except ProcessLookupError:
                pass

        timer = threading.Timer(timeout, kill)
        timer.start()
        epochs = []
        for line in proc.stdout:
            t = time.monotonic() - start
            m = epoch_line.match(line)
            if m:
                epochs.append({"epoch": int(m[1]), "t": t, "train_rmse": float(m[2]),
                               "test_rmse": float(m[3]) if m[3] else None})
        # wait4 rather than wait: it also returns the child's resource usage (peak RSS).
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.monotonic() - start
        timer.cancel()
        proc.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        stderr = err.read()
    if timed_out.is_set() or proc.returncode != 0:
        why = "timed out" if timed_out.is_set() else f"exit status {proc.returncode}"
        sys.exit(f"run_bench: {shlex.join(cmd)}: {why}\n{stderr[-3000:]}")
    ranks = []
    for f in sorted(rss_dir.glob("rss.*")):
        numbers = re.findall(r"^\d+$", f.read_text(), re.M)
        if numbers:
            ranks.append(int(numbers[-1]))
    ranks = ranks or [usage.ru_maxrss]
    result = {"wall": wall, "epochs": epochs, "rss_kb_max": max(ranks), "rss_kb_min": min(ranks),
              "rss_kb_sum": sum(ranks),
              "rss_ranks": len(ranks),
              "stats": [ln for ln in stderr.splitlines() if ln.startswith("orion: stats:")]}
    m = ORION_LOAD_STATS.search(stderr)
    if m:
        result["loader_s"], result["loader_mbps"] = float(m[1]), float(m[2])
    m = BASELINE_LOAD.search(stderr)
    if m:
        result["loader_s"] = float(m[1])
    return result


def time_per_epoch(run, load_wall):
    """Steady-state seconds per epoch of one run (see the module docstring); with a single epoch,
    the wall time minus the median --epochs 0 wall time."""
    ep = run["epochs"]
    if len(ep) >= 2:
        return (ep[-1]["t"] - ep[0]["t"]) / (len(ep) - 1)
    return max(run["wall"] - load_wall, 1e-9) / max(1, len(ep))


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def bench_dataset(args, data, bins, configs, epochs, reps, work):
    rss_dir = work / "rss"
    rss_dir.mkdir(parents=True, exist_ok=True)
    runs = {c.name: {"train": [], "load": []} for c in configs}
    for rep in range(reps):
        for name, _program, mode, _w, prefix, suffix, train_key in configs:
            for kind, e in (("load", 0), ("train", epochs)):
                cmd = [*wrap(prefix, mode == "ranks", rss_dir), data[train_key], data["test"],
                       "--epochs", str(e), *suffix]
                r = run_once(cmd, args.run_timeout, rss_dir)
                r["cmd"] = cmd
                r["bare_cmd"] = [*prefix, data[train_key], data["test"], "--epochs", str(e),
                                 *suffix]
                if kind == "train" and len(r["epochs"]) != epochs:
                    sys.exit(f"run_bench: {shlex.join(cmd)} printed {len(r['epochs'])} epoch "
                             f"lines, expected {epochs}")
                runs[name][kind].append(r)
                log(f"{data['name']} rep {rep + 1}/{reps} {name} epochs={e}: wall "
                    f"{r['wall']:.3f} s, peak RSS {r['rss_kb_max'] / 1024:.1f} MB")
    reload = measure_reload(args, data, configs, reps, rss_dir)
    serial_runs = runs.get("serial", {}).get("train", [])
    serial_final = median(r["epochs"][-1]["test_rmse"] for r in serial_runs if r["epochs"])
    results = []
    for name, program, mode, w, *_ in configs:
        load_wall = median(r["wall"] for r in runs[name]["load"])
        train = runs[name]["train"]
        tpes = [time_per_epoch(r, load_wall) for r in train]
        # The curves come from the repetition with the median time per epoch.
        rep = train[sorted(range(len(tpes)), key=tpes.__getitem__)[len(tpes) // 2]]
        last = rep["epochs"][-1] if rep["epochs"] else {}
        tpe = median(tpes)
        results.append({
            "name": name, "program": program, "mode": mode, "workers": w,
            "command": shlex.join(train[0]["bare_cmd"]),
            "measured_command": shlex.join(train[0]["cmd"]),
            "time_per_epoch": tpe, "time_per_epoch_reps": tpes,
            "time_per_epoch_subtracted": median((r["wall"] - load_wall) / epochs for r in train)
            if epochs else None,
            "updates_per_s": data["nnz_train"] / tpe if tpe else None,
            "train_rmse": median(r["epochs"][-1]["train_rmse"] for r in train if r["epochs"]),
            "test_rmse": median(r["epochs"][-1]["test_rmse"] for r in train if r["epochs"]),
            "rss_mb_max": median(r["rss_kb_max"] for r in train) / 1024,
            "rss_mb_sum": median(r["rss_kb_sum"] for r in train) / 1024,
            "rss_ranks": train[0]["rss_ranks"],
            "startup_load_s": load_wall,
            "loader_s": median(r.get("loader_s") for r in runs[name]["load"]),
            "loader_mbps": median(r.get("loader_mbps") for r in runs[name]["load"]),
            "curve": [{"epoch": x["epoch"], "train_rmse": x["train_rmse"],
                       "test_rmse": x["test_rmse"], "seconds": max(x["t"] - load_wall, 0.0)}
                      for x in rep["epochs"]],
            "stats": rep["stats"],
            "reload_s": reload.get(name),
        })
    if serial_final is not None and epochs > 1:
        for c, cfg in zip(results, configs):
            if c["workers"] > 1 and c["mode"] == "threads":
                c["to_serial_rmse"] = time_to_rmse(args, data, cfg, epochs, serial_final,
                                                   rss_dir, c["startup_load_s"])
    return results


def measure_reload(args, data, configs, reps, rss_dir):
    """Startup + load from the binary cache (median wall of --epochs 0 runs), for the programs
    that have one: --orion-cache=refresh writes it once, then plain runs read it."""
    out = {}
    for name, _program, mode, _w, prefix, suffix, train_key in configs:
        flags = [f for f in suffix if not f.startswith("--orion-cache")]
        base = [*wrap(prefix, mode == "ranks", rss_dir), data[train_key], data["test"],
                "--epochs", "0", *flags]
        run_once([*base, "--orion-cache=refresh"], args.run_timeout, rss_dir)
        walls = [run_once(base, args.run_timeout, rss_dir)["wall"] for _ in range(reps)]
        out[name] = median(walls)
        log(f"{data['name']} {name} reload from the binary cache: {out[name]:.3f} s")
    return out


def time_to_rmse(args, data, config, epochs, target, rss_dir, load_wall):
    """Runs a parallel configuration for twice the epochs, once, and reports when its test RMSE
    first reaches `target` (the serial build's after `epochs`): the epoch count and the seconds
    since the end of loading, as in the curves (RMSE vs time is what a user waits for)."""
    name, _program, mode, _w, prefix, suffix, train_key = config
    cmd = [*wrap(prefix, mode == "ranks", rss_dir), data[train_key], data["test"], "--epochs",
           str(2 * epochs), *suffix]
    r = run_once(cmd, args.run_timeout, rss_dir)
    out = {"target": target, "epochs_run": 2 * epochs, "command": shlex.join(cmd)}
    if not r["epochs"]:
        return out
    for x in r["epochs"]:
        if x["test_rmse"] is not None and x["test_rmse"] <= target:
            out.update(epochs=x["epoch"] + 1, seconds=max(x["t"] - load_wall, 0.0))
            break
    log(f"{data['name']} {name}: serial's final test RMSE {target:.4f} reached "
        f"{'after ' + str(out.get('epochs')) + ' epochs' if 'epochs' in out else 'never'}")
    return out


# ---------------------------------------------------------------------------------------------
# Machine


def machine(args):
    def first(cmd):
        try:
            out = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            return out.stdout.splitlines()[0].strip() if out.stdout else "?"
        except OSError:
            return "?"

    cpuinfo = Path("/proc/cpuinfo").read_text() if Path("/proc/cpuinfo").exists() else ""
    models = re.findall(r"^model name\s*:\s*(.*)$", cpuinfo, re.M)
    meminfo = Path("/proc/meminfo").read_text() if Path("/proc/meminfo").exists() else ""
    mem = re.search(r"^MemTotal:\s*(\d+) kB", meminfo, re.M)
    return {
        "cpu": models[0] if models else "?",
        "logical_cpus": len(re.findall(r"^processor\s*:", cpuinfo, re.M)),
        "nproc": len(os.sched_getaffinity(0)),
        "mem_gb": int(mem[1]) / 1024 / 1024 if mem else None,
        "kernel": " ".join(os.uname()[i] for i in (0, 2, 4)),
        "cxx": first([args.cxx, "--version"]),
        "orionc": first([args.orionc, "--version"]),
        "mpi": first([args.mpiexec, "--version"]),
    }


# ---------------------------------------------------------------------------------------------


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--rows", type=int, default=50_000)
    p.add_argument("--cols", type=int, default=10_000)
    p.add_argument("--nnz", type=int, default=5_000_000, help="train + test ratings")
    p.add_argument("--rank", type=int, default=8, help="true rank of the generated data")
    p.add_argument("--zipf", type=float, default=1.1, help="Zipf exponent of rows and columns")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--epochs", type=int, default=20)
    p.add_argument("--reps", type=int, default=3, help="repetitions; figures are medians")
    p.add_argument("--workers", default="1,2", help="worker counts (threads, and ranks if > 1)")
    p.add_argument("--scale", action="store_true", help="also the Netflix-sized scale run")
    p.add_argument("--scale-rows", type=int, default=480_189)
    p.add_argument("--scale-cols", type=int, default=17_770)
    p.add_argument("--scale-nnz", type=int, default=100_000_000)
    p.add_argument("--scale-epochs", type=int, default=3)
    p.add_argument("--scale-reps", type=int, default=1)
    p.add_argument("--out", default=str(REPO / "docs"),
                   help="writes OUT/benchmarks.md and OUT/bench/ (default: docs/)")
    p.add_argument("--work", default=str(REPO / "build" / "bench-work"),
                   help="data, binaries and scratch files")
    p.add_argument("--orionc", default=str(REPO / "build" / "compiler" / "orionc"))
    p.add_argument("--gen-ratings", default=str(REPO / "build" / "tools" / "gen_ratings"))
    p.add_argument("--mpiexec", default=shutil.which("mpiexec") or "mpiexec")
    p.add_argument("--cxx", default="g++")
    p.add_argument("--flags", default="-O3 -march=native -DNDEBUG",
                   help="code generation flags of all three builds")
    p.add_argument("--run-timeout", type=float, default=7200, help="seconds per run")
    a = p.parse_args(argv)
    a.workers = sorted({int(w) for w in a.workers.split(",")})
    if a.epochs < 1 or a.reps < 1 or a.workers[0] < 1:
        p.error("--epochs, --reps and --workers must be positive")
    return a


def main(argv):
    args = parse_args(argv)
    work = Path(args.work).resolve()
    out = Path(args.out).resolve()
    for tool in (args.orionc, args.gen_ratings):
        if not os.access(tool, os.X_OK):
            sys.exit(f"run_bench: {tool} not found: build the project first (tools/bootstrap.sh)")

    datasets = [("main", args.rows, args.cols, args.nnz, args.epochs, args.reps, True)]
    if args.scale:
        # The scale run answers "does it load and train within memory", not a speed-up curve:
        # serial and the widest thread configurations only.
        datasets.append(("scale", args.scale_rows, args.scale_cols, args.scale_nnz,
                         args.scale_epochs, args.scale_reps, False))
    generated = [generate(args, f"{name}-{nnz}", rows, cols, nnz, work, shuffled=full)
                 for name, rows, cols, nnz, _e, _r, full in datasets]
    bins = build_all(args, work)
    results = {"machine": machine(args), "command": shlex.join([sys.argv[0], *argv]),
               "cwd": os.getcwd(), "flags": args.flags, "k": 16, "datasets": []}
    for (name, _r, _c, _n, epochs, reps, full), data in zip(datasets, generated):
        workers = args.workers if full else [max(args.workers)]
        configs = configurations(args, bins, workers, include_ranks=full, shuffled=full)
        data = dict(data, role=name, epochs=epochs, reps=reps)
        data["configs"] = bench_dataset(args, data, bins, configs, epochs, reps, work)
        results["datasets"].append(data)

    (out / "bench").mkdir(parents=True, exist_ok=True)
    write_atomic(out / "bench" / "results.json", json.dumps(results, indent=1) + "\n")
    for filename, svg in report.plots(results).items():
        write_atomic(out / "bench" / filename, svg)
    write_atomic(out / "benchmarks.md", report.markdown(results))
    log(f"wrote {out / 'benchmarks.md'} and {out / 'bench'}/")
    print(report.summary(results))


if __name__ == "__main__":
    main(sys.argv[1:])

#!/usr/bin/env python3
"""Install orionc into a fresh prefix and build a user's project against it.

The project (project/) uses find_package(Orion) and orion_add_executable, with a header and a
compile definition set on the target after it was made. Its parallel build must print what the
same sources print as the serial program, at 1 and 2 threads and at 2 ranks. The installed
orionc must use the installed runtime, never the build tree's.
"""
import argparse
import os
import shutil
import subprocess
import sys

DIRECT = r"""
#include <orion/orion.hpp>
#include <cstdio>
int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  orion::DenseArray<double, 1> a({64});
#pragma orion parallel_for
  for (int64_t i = 0; i < 64; ++i)
    a(i) = 2.0 * static_cast<double>(i);
  if (orion::is_root())
    std::printf("%.1f\n", a(63));
}
"""


def run(cmd, timeout=600, **kw):
    print("+", " ".join(cmd), flush=True)
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, **kw)
    if done.returncode != 0:
        sys.stdout.write(done.stdout)
        sys.stderr.write(done.stderr)
        sys.exit(f"FAIL: exit {done.returncode}: {' '.join(cmd)}")
    return done


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build-dir", required=True, help="the orionc build tree to install from")
    ap.add_argument("--project", required=True)
    ap.add_argument("--work", required=True, help="scratch directory (emptied first)")
    ap.add_argument("--mpiexec", required=True)
    args = ap.parse_args()

    work = os.path.abspath(args.work)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    prefix = os.path.join(work, "prefix")
    run(["cmake", "--install", args.build_dir, "--prefix", prefix])
    for path in ["bin/orionc", "include/orion/orion.hpp", "lib/liborion_rt.a",
                 "lib/cmake/Orion/OrionConfig.cmake", "lib/cmake/Orion/OrionConfigVersion.cmake",
                 "lib/cmake/Orion/OrionTargets.cmake", "lib/cmake/Orion/OrionAddExecutable.cmake"]:
        if not os.path.exists(os.path.join(prefix, path)):
            sys.exit(f"FAIL: the install has no {path}")

    # The installed orionc builds against the installed runtime.
    orionc = os.path.join(prefix, "bin", "orionc")
    direct_src = os.path.join(work, "direct.cpp")
    with open(direct_src, "w") as f:
        f.write(DIRECT)
    direct = run([orionc, "-v", direct_src, "-o", os.path.join(work, "direct")])
    host = [line for line in direct.stderr.splitlines() if "-DORION_DISTRIBUTED" in line]
    if not host:
        sys.exit("FAIL: orionc -v printed no host command:\n" + direct.stderr)
    if f"-isystem{prefix}/include" not in host[-1].split() or \
            f"{prefix}/lib/liborion_rt.a" not in host[-1].split():
        sys.exit("FAIL: the installed orionc does not use the installed runtime:\n" + host[-1])
    build_dir = os.path.realpath(args.build_dir)
    for token in host[-1].split():
        raw = token[2:] if token.startswith("-I") else \
            token[len("-isystem"):] if token.startswith("-isystem") else token
        if not os.path.isabs(raw):
            continue
        path = os.path.realpath(raw)
        if path.startswith(build_dir + os.sep) and not path.startswith(work + os.sep):
            sys.exit(f"FAIL: the installed orionc reaches into the build tree ({token}):\n"
                     + host[-1])
        if token.startswith(("-I", "-isystem")) and \
                path.endswith(os.path.join("runtime", "include")):
            sys.exit(f"FAIL: the installed orionc parses with the source tree's runtime:\n"
                     + host[-1])
    out = run([os.path.join(work, "direct")]).stdout
    if out.strip() != "126.0":
        sys.exit(f"FAIL: the directly built program printed {out!r}, expected 126.0")

    # A user's project through find_package(Orion), built from a copy (the test edits a header).
    source = os.path.join(work, "project-src")
    shutil.copytree(args.project, source)
    build = os.path.join(work, "project")
    run(["cmake", "-S", source, "-B", build, "-G", "Ninja",
         f"-DCMAKE_PREFIX_PATH={prefix}", "-DCMAKE_BUILD_TYPE=Release",
         "-DCMAKE_CXX_FLAGS=-DHIST_FROM_FLAGS"])
    run(["cmake", "--build", build])
    # CMake's default generator too: Makefiles do not create a custom command's output directory.
    make_build = os.path.join(work, "project-make")
    run(["cmake", "-S", source, "-B", make_build, "-G", "Unix Makefiles",
         f"-DCMAKE_PREFIX_PATH={prefix}", "-DCMAKE_BUILD_TYPE=Release",
         "-DCMAKE_CXX_FLAGS=-DHIST_FROM_FLAGS"])
    run(["cmake", "--build", make_build, "--target", "histogram"])
    if not os.path.exists(os.path.join(make_build, "histogram.orion", "main.cpp")):
        sys.exit("FAIL: the Unix Makefiles build left no transformed main.cpp")
    # A header main.cpp includes changed: orionc analyses main.cpp again (its --depfile), and
    # leaves report.cpp, which does not include it, alone.
    with open(os.path.join(source, "include", "hist_config.hpp"), "a") as f:
        f.write("// edited\n")
    rebuilt = run(["cmake", "--build", build]).stdout
    if "orionc main.cpp" not in rebuilt or "orionc report.cpp" in rebuilt:
        sys.exit("FAIL: after an edit of include/hist_config.hpp, orionc should rerun on main.cpp "
                 "only; the build printed:\n" + rebuilt)
    if not os.path.exists(os.path.join(build, "histogram.orion", "main.cpp")):
        sys.exit("FAIL: orion_add_executable left no transformed main.cpp")

    serial = run([os.path.join(build, "histogram_serial"), "20000"]).stdout
    if "total 20000 " not in serial:
        sys.exit("FAIL: the serial build miscounted:\n" + serial)
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
               OMPI_MCA_rmaps_base_oversubscribe="1")
    program = os.path.join(build, "histogram")
    for label, cmd in [
        ("1 thread", [program, "20000", "--orion-threads=1"]),
        ("2 threads", [program, "20000", "--orion-threads=2"]),
        ("2 ranks", [args.mpiexec, "-np", "2", program, "20000", "--orion-threads=1"]),
    ]:
        got = run(cmd, timeout=120, env=env).stdout
        if got != serial:
            sys.exit(f"FAIL: {label} printed\n{got}\nthe serial build printed\n{serial}")
        print(f"ok: {label} matches the serial build")
    print("PASS")


if __name__ == "__main__":
    main()

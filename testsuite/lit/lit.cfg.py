# lit configuration for orionc's golden tests.
#
# Substitutions: %orionc, FileCheck, not, %S/%s/%t as usual. Tests are .cpp files under
# loops/ (--dump=loops), diagnostics/ (every error and warning), driver/ (the CLI).
import os

import lit.formats

config.name = "orionc"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cpp", ".test"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.orion_obj_root, "testsuite", "lit")

# In a sanitized build (tools/bootstrap.sh sanitize sets ASAN_OPTIONS), orionc runs with fast
# unwinding on malloc, through a one-line wrapper (tests pass %orionc to `bash -c` as "$0", so it
# must stay a single path). The slow unwinder the environment asks for is there so that leak
# suppressions can match frames inside Open MPI's libraries (built without frame pointers);
# orionc links no MPI, and under the slow unwinder every allocation Clang makes while parsing walks
# the stack, which makes a parse about 7 times slower. Later flags override earlier ones.
orionc = config.orionc
if "ASAN_OPTIONS" in os.environ:
    os.makedirs(config.test_exec_root, exist_ok=True)
    orionc = os.path.join(config.test_exec_root, "orionc-fast-unwind")
    # Written aside and renamed into place: the shards of ctest's lit.N run this configuration at
    # the same time, and one must not execute the wrapper while another rewrites it.
    staged = "{}.{}".format(orionc, os.getpid())
    with open(staged, "w") as wrapper:
        wrapper.write('#!/bin/sh\nASAN_OPTIONS="$ASAN_OPTIONS:fast_unwind_on_malloc=1" exec "{}" "$@"\n'
                      .format(config.orionc))
    os.chmod(staged, 0o755)
    os.replace(staged, orionc)
    # The programs orionc builds here compile at -O0 whatever the test asks for (a later -O wins):
    # the sanitizers check the same code, and clang's instrumented -O1 took 8 s a program against
    # 3 s at -O0, most of this step's lit time (docs/architecture.md, CI time).
    host = os.path.join(config.test_exec_root, "mpicxx-O0")
    staged = "{}.{}".format(host, os.getpid())
    with open(staged, "w") as wrapper:
        wrapper.write('#!/bin/sh\nexec "{}" "$@" -O0\n'.format(config.host_cxx))
    os.chmod(staged, 0o755)
    os.replace(staged, host)
    config.environment["ORION_CXX"] = host
config.substitutions.append(("%orionc", orionc))
# opt-viewer needs PyYAML and Pygments: Debian's python3 has them (tools/bootstrap.sh installs).
config.substitutions.append(("%system_python", "/usr/bin/python3"))
config.substitutions.append(("%opt_viewer", "/usr/lib/llvm-19/share/opt-viewer/opt-viewer.py"))
# mpiexec found by CMake (FindMPI), to run programs built by orionc on several ranks.
config.substitutions.append(("%mpiexec", config.mpiexec))
config.substitutions.append(("%runtime_include", os.path.join(config.orion_src_root, "runtime", "include")))
config.environment["PATH"] = os.pathsep.join([config.llvm_tools_dir, config.environment.get("PATH", "")])
# orionc's cache of precompiled <orion/orion.hpp> (compiler/frontend/prefix_pch.hpp): one per build
# tree, so that the suite neither reads nor fills the user's own cache.
config.environment["ORIONC_PCH_CACHE"] = os.path.join(config.orion_obj_root, "pch-cache")
# Diagnostics must not depend on the terminal.
config.environment["TERM"] = "dumb"
# The sanitized build's programs need clang's sanitizer runtimes: tools/bootstrap.sh sanitize
# points mpicxx at clang++-19 with OMPI_CXX, which lit would otherwise drop from the environment.
if "OMPI_CXX" in os.environ:
    config.environment["OMPI_CXX"] = os.environ["OMPI_CXX"]

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

config.substitutions.append(("%orionc", config.orionc))
# opt-viewer needs PyYAML and Pygments: Debian's python3 has them (tools/bootstrap.sh installs).
config.substitutions.append(("%system_python", "/usr/bin/python3"))
config.substitutions.append(("%opt_viewer", "/usr/lib/llvm-19/share/opt-viewer/opt-viewer.py"))
# mpiexec found by CMake (FindMPI), to run programs built by orionc on several ranks.
config.substitutions.append(("%mpiexec", config.mpiexec))
config.substitutions.append(("%runtime_include", os.path.join(config.orion_src_root, "runtime", "include")))
config.environment["PATH"] = os.pathsep.join([config.llvm_tools_dir, config.environment.get("PATH", "")])
# Diagnostics must not depend on the terminal.
config.environment["TERM"] = "dumb"

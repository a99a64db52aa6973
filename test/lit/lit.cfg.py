# lit configuration for musify's output tests: each test shows CUDA input and the
# expected MUSA and HIP output side by side (FileCheck).
import os
import shutil
import sysconfig

import lit.formats

config.name = "musify"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".cu", ".cuh", ".cpp", ".test"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.musify_binary_dir, "test", "lit")

config.substitutions.append(("%musify", config.musify_path))
config.substitutions.append(("%python", config.python_executable))
# The compiler checks: they build what a test writes with nvcc and hipcc.
# `lit -D compilers=off` leaves them out (each becomes `true`), for a run that
# tests musify itself, built another way (the sanitizer builds), where the
# compilers would only repeat the normal run's checks; the tests that expect
# a compiler to reject something then say UNSUPPORTED (REQUIRES: compilers).
_compilers = lit_config.params.get("compilers", "on") != "off"
if _compilers:
    config.available_features.add("compilers")
_inputs = os.path.join(config.test_source_root, "Inputs")
for _name, _command in (
        # %nvcc-check FLAGS FILE: nvcc -c must accept FILE (skipped, saying so,
        # without nvcc).
        ("%nvcc-check", os.path.join(_inputs, "nvcc_check.sh") + " " + config.cuda_path),
        # %musa-check FILE: the migrated MUSA file builds with nvcc through the
        # portability layer, without a forced include (skipped, saying so,
        # without nvcc).
        ("%musa-check", os.path.join(_inputs, "musa_check.sh") + " " + config.cuda_path + " "
         + os.path.join(config.musify_binary_dir, "runtime", "include")),
        # %hipcc-check FILE: the migrated HIP file compiles for gfx90a (skipped,
        # saying so, without hipcc).
        ("%hipcc-check", os.path.join(_inputs, "hipcc_check.sh"))):
    config.substitutions.append((_name, _command if _compilers else "true"))
# The real compilers themselves, for tests that build and run a migrated
# program or preprocess it in each pass (REQUIRES: hipcc, nvcc).
_nvcc = os.path.join(config.cuda_path, "bin", "nvcc")
if _compilers and shutil.which("hipcc"):
    config.available_features.add("hipcc")
if _compilers and os.access(_nvcc, os.X_OK):
    config.available_features.add("nvcc")
config.substitutions.append(("%nvcc", _nvcc))
_runtime = os.path.join(os.path.dirname(os.path.dirname(config.test_source_root)), "runtime")
# %musa-flags: the include path of a MUSA build through nvcc (the portability
# layer and musify's MUSA helpers); %hipcc: hipcc for gfx90a with musify's
# HIP helpers, as %hipcc-check runs it.
config.substitutions.append(("%musa-flags", "-std=c++17 -x cu -I" + " -I".join(
    [os.path.join(config.musify_binary_dir, "runtime", "include"),
     os.path.join(_runtime, "musa", "include")])))
config.substitutions.append(("%hipcc", "env HIP_PLATFORM=amd hipcc --offload-arch=gfx90a -x hip -I"
                             + os.path.join(_runtime, "hip", "include")))
# %cpu-musa-flags: the include path of a MUSA build on the CPU (the CPU
# flavour of the layer over the HIP CPU runtime; runtime/cpu/README.md).
config.substitutions.append(("%cpu-musa-flags", "-std=c++17 -x c++ -I" + " -I".join(
    [os.path.join(config.musify_binary_dir, "runtime", "cpu", "include"),
     os.path.join(_runtime, "cpu", "include"),
     os.path.join(os.path.dirname(_runtime), "third_party", "hip-cpu", "include")])))
_build_run = os.path.join(_inputs, "build_run.sh")
# %hip-run FILE EXE / %musa-run FILE EXE: build with hipcc (nvcc through the
# portability layer for MUSA), then run on the CPU.
config.substitutions.append(("%hip-run", _build_run + " hip"))
config.substitutions.append(("%musa-run", " ".join(
    [_build_run, "musa", config.cuda_path,
     os.path.join(config.musify_binary_dir, "runtime", "include")])))
# The MUSA toolkit stand-in of this build (runtime/README.md).
config.substitutions.append(("%standin", os.path.join(config.musify_binary_dir, "musa-standin")))
# %{musify_share}: the share/musify folder of this build's musify (its helper
# headers, which migrated Makefiles name); expected files write <musify-share>.
config.substitutions.append(
    ("%{musify_share}", os.path.join(config.musify_binary_dir, "share", "musify")))
config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", os.environ["PATH"])])
# The SDK the build was configured with, wherever the machine keeps it.
config.environment["CUDA_PATH"] = config.cuda_path

# PyTorch extensions parse against Debian's libtorch-dev (with pybind11-dev and
# python3-dev): %torch-flags names their include folders. Without them the
# tests that need them say "UNSUPPORTED" (scripts/setup.sh installs them).
_python_include = sysconfig.get_paths()["include"]
if all(os.path.isfile(p) for p in ("/usr/include/ATen/cuda/CUDAContext.h",
                                   "/usr/include/pybind11/pybind11.h",
                                   os.path.join(_python_include, "Python.h"))):
    config.available_features.add("pytorch")
config.substitutions.append(
    ("%torch-flags", "-I/usr/include/torch/csrc/api/include -I" + _python_include))

# scripts/test.sh --full: checks the default run leaves out for time (`%if
# full %{ ... %}`), never one that guards a bug of musify's (docs/testing.md).
if os.environ.get("MUSIFY_TEST_FULL") == "1":
    config.available_features.add("full")


# Tests of read-only folders need a user to whom they are read-only: root
# writes anywhere, so as root they run as nobody, where nobody can run musify
# and reach the tests' folders. Otherwise they say "UNSUPPORTED".
def _nobody_can_run_musify():
    import subprocess
    check = " && ".join(f"test -x '{p}'" for p in (config.musify_path, config.test_exec_root,
                                                   config.test_source_root))
    try:
        return subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
                               "sh", "-c", check], capture_output=True,
                              timeout=30).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


if os.geteuid() != 0 or _nobody_can_run_musify():
    config.available_features.add("read-only-folders")

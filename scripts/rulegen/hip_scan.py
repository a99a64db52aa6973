"""What the HIP side declares for the library and device families.

gen_rules.py scans /usr/include/hip for the runtime. The families here also need
  * the HIP libraries Debian ships: hipSPARSE, hipRAND and the rocRAND/rocPRIM
    headers they build on (HIP_LIBRARY_DIRS, under /usr/include);
  * the device-side headers of the Clang that hipcc runs (its resource dir):
    __clang_hip_math.h declares the math functions (sinf, __fdividef, ...) the
    AMD path offers, and the HIP wrapper includes Clang's CUDA forward declares.
The same token-level HipDeclarationScanner reads them all.
"""

import glob
import os
import re
import shutil
import subprocess
import tempfile

import gen_rules as core

HIP_LIBRARY_DIRS = ("hipsparse", "hiprand", "rocrand", "rocprim")

# Clang headers the HIP runtime wrapper includes for AMD device code.
HIP_CLANG_HEADERS = ("__clang_hip_math.h", "__clang_hip_cmath.h",
                     "__clang_hip_runtime_wrapper.h", "__clang_hip_stdlib.h",
                     "__clang_cuda_math_forward_declares.h", "__clang_cuda_complex_builtins.h")


def hipcc_resource_dir(hipcc):
    """The resource dir of hipcc's Clang, or None."""
    path = shutil.which(hipcc)
    if path is None:
        return None
    result = subprocess.run([path, "-print-resource-dir"], capture_output=True, text=True,
                            env=dict(os.environ, HIP_PLATFORM="amd"), timeout=120)
    lines = result.stdout.strip().splitlines()
    return lines[-1] if result.returncode == 0 and lines else None


def extra_roots(system_include, resource_dir):
    """(directories, files) scanned beyond /usr/include/hip, sorted."""
    dirs = [os.path.join(system_include, d) for d in HIP_LIBRARY_DIRS
            if os.path.isdir(os.path.join(system_include, d))]
    files = []
    if resource_dir:
        for name in HIP_CLANG_HEADERS:
            files.extend(sorted(glob.glob(os.path.join(resource_dir, "include", name))))
    return dirs, files


def scan(scanner, system_include, resource_dir):
    """Add the extra roots to a HipDeclarationScanner; returns the roots used."""
    dirs, files = extra_roots(system_include, resource_dir)
    for directory in dirs:
        scanner.scan_tree(directory)
    for path in files:
        scanner.scan_file(path, os.path.basename(path))
    return dirs + files


# Library headers that declare names through their own macros
# (hipRAND's DEFINE_HIPRAND_STATE(hiprandState, ...)): preprocessed by hipcc.
PREPROCESSED_HEADERS = ("hiprand/hiprand_kernel.h",)
TYPE_NAME = re.compile(r"\btypedef\b[^;{]*(?:\{[^{}]*\}[^;]*)?\b([A-Za-z_]\w*)\s*;"
                       r"|\bstruct\s+([A-Za-z_]\w*)\s*[:{]")


def macro_declared_typedefs(hipcc, system_include):
    """Type names (typedefs, structs) the preprocessed library headers declare."""
    path = shutil.which(hipcc)
    names = set()
    for header in PREPROCESSED_HEADERS:
        if not path or not os.path.isfile(os.path.join(system_include, header)):
            continue
        with tempfile.NamedTemporaryFile("w", suffix=".hip") as source:
            source.write("#include <%s>\n" % header)
            source.flush()
            result = subprocess.run([path, "--offload-arch=gfx90a", "-E", source.name],
                                    capture_output=True, text=True,
                                    env=dict(os.environ, HIP_PLATFORM="amd"))
        names.update(a or b for a, b in TYPE_NAME.findall(result.stdout))
    return names


def declared_names(hip_include, hipcc, hipcc_macros):
    """{name: kinds} over /usr/include/hip, the Debian HIP libraries and hipcc's
    Clang HIP headers, plus hipcc's predefined macros; and the roots scanned."""
    scanner = core.HipDeclarationScanner()
    scanner.scan_tree(hip_include)
    system_include = os.path.dirname(os.path.realpath(hip_include))
    roots = [hip_include] + scan(scanner, system_include, hipcc_resource_dir(hipcc))
    declared = core.merge_hip_names(scanner.declared, hipcc_macros)
    for name in macro_declared_typedefs(hipcc, system_include):
        declared.setdefault(name, set()).add("type")
    return declared, roots

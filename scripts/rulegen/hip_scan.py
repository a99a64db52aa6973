"""What the installed HIP declares, read from its headers and its compiler.

* The runtime tables check HIP names against /usr/include/hip (--hip-include)
  and the macros hipcc predefines. Folders the target data lists under
  scan.skipped_dirs (nvidia_detail/, nvcc_detail/) are not read: they are the
  NVIDIA-platform shims (`#define hipFoo cudaFoo`) and would make a HIP name
  look declared although the AMD path, which migrated code is built for, lacks it.
* The library and device families also need
  - the HIP libraries Debian ships: hipSPARSE, hipRAND and the rocRAND/rocPRIM
    headers they build on (scan.library_dirs, beside hip/);
  - the device-side headers of the Clang that hipcc runs (its resource dir):
    __clang_hip_math.h declares the math functions (sinf, __fdividef, ...) the
    AMD path offers, and the HIP wrapper includes Clang's CUDA forward declares
    (scan.clang_headers);
  - the typedefs a library header declares through its own macros
    (hipRAND's DEFINE_HIPRAND_STATE(hiprandState, ...)), read from hipcc's
    preprocessed output (scan.preprocessed_headers).
The same token-level DeclarationScanner reads them all.
"""

import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass

from rulegen.ctext import DeclarationScanner


def warn(message):
    print("gen_rules: " + message, file=sys.stderr)


def hip_version(hip_include, version):
    """"5.2" from the version header the target data names (version: config.HipifyVersion)."""
    with open(os.path.join(hip_include, version.header)) as f:
        text = f.read()
    major = re.search(r"%s\s+(\d+)" % version.major, text).group(1)
    minor = re.search(r"%s\s+(\d+)" % version.minor, text).group(1)
    return "%s.%s" % (major, minor)


def compiler_environment(compiler):
    return dict(os.environ, **compiler.environment)


def predefined_macros(hipcc, compiler):
    """Macros defined in a device compile of an empty file by hipcc -fgpu-rdc
    (hipcc includes hip_runtime.h and clang's HIP wrapper by itself)."""
    path = shutil.which(hipcc)
    if path is None:
        warn("%s not found: compiler-defined HIP macros cannot be verified" % hipcc)
        return set()
    with tempfile.TemporaryDirectory(prefix="gen_rules.") as tmp:
        source = os.path.join(tmp, "empty.hip")
        open(source, "w").close()
        result = subprocess.run(
            [path, *compiler.arguments, "-fgpu-rdc", "--cuda-device-only", "-dM", "-E",
             source], capture_output=True, text=True, env=compiler_environment(compiler),
            timeout=120)
    if result.returncode != 0:
        warn("%s -dM -E failed: %s" % (hipcc, result.stderr.strip()[:300]))
        return set()
    return set(re.findall(r"#define\s+(\w+)", result.stdout))


def with_macros(declared, macros):
    """{name: kinds} of a header scan plus the macros hipcc defines (its clang's
    HIP wrapper defines e.g. __managed__, which no file under /usr/include/hip does)."""
    merged = {name: set(kinds) for name, kinds in declared.items()}
    for name in macros:
        merged.setdefault(name, set()).add("macro")
    return merged


def resource_dir(hipcc, compiler):
    """The resource dir of hipcc's Clang, or None."""
    path = shutil.which(hipcc)
    if path is None:
        return None
    result = subprocess.run([path, "-print-resource-dir"], capture_output=True, text=True,
                            env=compiler_environment(compiler), timeout=120)
    lines = result.stdout.strip().splitlines()
    return lines[-1] if result.returncode == 0 and lines else None


TYPE_NAME = re.compile(r"\btypedef\b[^;{]*(?:\{[^{}]*\}[^;]*)?\b([A-Za-z_]\w*)\s*;"
                       r"|\bstruct\s+([A-Za-z_]\w*)\s*[:{]")


def macro_declared_typedefs(hipcc, compiler, system_include, headers):
    """Type names (typedefs, structs) the preprocessed library headers declare."""
    path = shutil.which(hipcc)
    names = set()
    for header in headers:
        if not path or not os.path.isfile(os.path.join(system_include, header)):
            continue
        with tempfile.NamedTemporaryFile("w", suffix=".hip") as source:
            source.write("#include <%s>\n" % header)
            source.flush()
            result = subprocess.run([path, *compiler.arguments, "-E", source.name],
                                    capture_output=True, text=True,
                                    env=compiler_environment(compiler))
        names.update(a or b for a, b in TYPE_NAME.findall(result.stdout))
    return names


@dataclass
class HipDeclarations:
    macros: set          # hipcc's predefined macros
    runtime: dict        # {name: kinds}: /usr/include/hip and the macros
    libraries: dict      # {name: kinds}: that, the HIP libraries and Clang's HIP headers
    roots: list          # what was scanned for libraries


def scan(hip, hip_include, hipcc):
    """HipDeclarations of the installed HIP; hip: the target data (config.HipifyTarget)."""
    macros = predefined_macros(hipcc, hip.compiler)
    scanner = DeclarationScanner(hip.scan.skipped_dirs)
    scanner.scan_tree(hip_include)
    runtime = with_macros(scanner.declared, macros)

    system_include = os.path.dirname(os.path.realpath(hip_include))
    roots = [hip_include]
    for name in hip.scan.library_dirs:
        directory = os.path.join(system_include, name)
        if os.path.isdir(directory):
            scanner.scan_tree(directory)
            roots.append(directory)
    clang_dir = resource_dir(hipcc, hip.compiler)
    if clang_dir:
        for name in hip.scan.clang_headers:
            for path in sorted(glob.glob(os.path.join(clang_dir, "include", name))):
                scanner.scan_file(path, os.path.basename(path))
                roots.append(path)
    libraries = with_macros(scanner.declared, macros)
    for name in macro_declared_typedefs(hipcc, hip.compiler, system_include,
                                        hip.scan.preprocessed_headers):
        libraries.setdefault(name, set()).add("type")
    return HipDeclarations(macros, runtime, libraries, roots)

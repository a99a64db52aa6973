"""rules/<target>/buildfiles/*.json: what CMake and Makefile words become.

Curated here, one list per kind, both targets side by side; the format is
rules/build.schema.json and rules/README.md says where each kind is matched.
The CUDA side of every entry is checked by test/rules/check_names.py against
this machine's CMake modules (FindCUDAToolkit, FindCUDA, the CMake
documentation), the CUDA SDK (libraries, `nvcc --help`); the target side by
its `check`:

  cmake-docs     CMake's own documentation names it (a CMAKE_<LANG>_* variable,
                 a <LANG>_* property, the HIP language, <Package>_FOUND/_ROOT)
  cmake-config   a CMake config file or find module Debian ships under
                 /usr/lib/x86_64-linux-gnu/cmake/ defines it (hip::host,
                 roc::hipsparse, hip_add_executable, HIP_HIPCC_FLAGS, ...)
  hip-install    the installed HIP toolchain has it: hipcc, a library
                 lib<name>.so, a flag `hipcc --help` lists
  rocm-docs      ROCm's documentation names it, for libraries Debian does
                 not ship (hipBLAS, hipFFT, hipSOLVER, RCCL, rocThrust,
                 hipCUB): cannot be checked here, as hipify-table names
  musa-ports     rules/sources/MUSA_FACTS.md names it (MUSA::musart, mcc, MUSA_HOME, ...)
  musa-prefix-rule, none   as in the other tables

What MUSA's CMake support has beyond rules/sources/MUSA_FACTS.md (a CMake language,
variables, properties, targets for muRAND/muSPARSE/muSOLVER) is not public:
those entries are `unsupported`, and their note says so, rather than a
guessed name.
"""

MUSA_NO_LANGUAGE = ("MUSA has no CMake language that is publicly documented (MUSA "
                    "projects use find_package(MUSA) with musa_add_executable and "
                    "musa_add_library)")
MUSA_NO_TOOLKIT_VARIABLE = ("MUSAToolkit's result variables are not publicly documented: "
                            "use the MUSA:: targets")
CUDA_VERSION_SCALE = ("CUDA's version: the target numbers its releases its own way, so a "
                      "comparison with a CUDA version means nothing there")
HIP_ARCHITECTURES = ("HIP takes AMD GPU names (gfx90a, gfx1100), which cannot be derived "
                     "from CUDA architectures: set them by hand")
HIP_RDC = "HIP's separate compilation is -fgpu-rdc on the compile and link lines"
MUSA_UNKNOWN_FLAG = "mcc's counterpart is not publicly documented"


def entry(cuda, kind, target, check, note="", **extra):
    """A supported entry: cuda becomes target."""
    e = {"cuda": cuda, "kind": kind, "status": "supported", "target": target}
    if note:
        e["note"] = note
    e["check"] = check
    e.update({k: v for k, v in extra.items() if v is not False})
    return e


def unsupported(cuda, kind, note, **extra):
    return {"cuda": cuda, "kind": kind, "status": "unsupported", "note": note,
            "check": "none", **extra}


def prefix(cuda, kind, note):
    return {"cuda": cuda, "kind": kind, "status": "unsupported", "note": note,
            "check": "none", "prefix": True}


# ---------------------------------------------------------------- CMake


def cmake_entries(target):
    musa = target == "musa"
    out = []
    L, P, T, V, PR, C = ("cmake-language", "cmake-package", "cmake-target", "cmake-variable",
                         "cmake-property", "cmake-command")

    if musa:
        out.append(unsupported("CUDA", L, MUSA_NO_LANGUAGE + ": build the migrated sources "
                               "with those", source_extensions=[".cu"]))
    else:
        out.append(entry("CUDA", L, "HIP", "cmake-docs",
                         "CMake's HIP language (CMake 3.21 or newer) compiles with ROCm's "
                         "clang; set CMAKE_HIP_ARCHITECTURES to the AMD GPUs to build for",
                         review=True, source_extensions=[".cu"], target_extensions=[".hip"]))

    # Packages.
    if musa:
        out.append(entry("CUDAToolkit", P, "MUSAToolkit", "musa-ports",
                         "gives the MUSA:: targets"))
        out.append(entry("CUDA", P, "MUSA", "musa-ports",
                         "FindMUSA.cmake comes with the MUSA SDK, not with CMake: put its "
                         "folder on CMAKE_MODULE_PATH", review=True))
        out.append(unsupported("Thrust", P, "Thrust keeps its names on MUSA, "
                               "but how the MUSA SDK packages it for CMake is not public"))
        out.append(unsupported("CUB", P, "CUB keeps its names on MUSA, but "
                               "how the MUSA SDK packages it for CMake is not public"))
    else:
        out.append(entry("CUDAToolkit", P, "hip", "cmake-config",
                         "hip-config.cmake: the targets hip::host and hip::device"))
        out.append(entry("CUDA", P, "HIP", "cmake-config",
                         "FindHIP.cmake (hip_add_executable) is in ROCm's lib/cmake/hip "
                         "(Debian: /usr/lib/x86_64-linux-gnu/cmake/hip), not in CMake: put "
                         "that folder on CMAKE_MODULE_PATH", review=True))
        out.append(entry("Thrust", P, "rocthrust", "rocm-docs",
                         "rocThrust's CMake package (target roc::rocthrust); Debian ships "
                         "no rocThrust to check it against"))
        out.append(entry("CUB", P, "hipcub", "rocm-docs",
                         "hipCUB's CMake package (target hip::hipcub); Debian ships no "
                         "hipCUB to check it against"))

    # Imported targets of FindCUDAToolkit (and of Thrust's and CUB's packages).
    out.append(prefix("CUDA::", T, "an imported target of FindCUDAToolkit the build "
                                   "tables do not know"))
    rocm = "; Debian ships no %s to check it against"
    hip_targets = {
        "cudart": ("hip::host", "cmake-config", None, ""),
        "cudart_static": ("hip::host", "cmake-config", None,
                          "HIP has no static runtime: hip::host links the shared amdhip64"),
        "cuda_driver": ("hip::host", "cmake-config", None,
                        "the HIP counterparts of the driver API are in amdhip64, which "
                        "hip::host links"),
        "cublas": ("roc::hipblas", "rocm-docs", "hipblas",
                   "hipBLAS's CMake package hipblas" + rocm % "hipBLAS"),
        "cublasLt": ("roc::hipblaslt", "rocm-docs", "hipblaslt",
                     "hipBLASLt's CMake package hipblaslt" + rocm % "hipBLASLt"),
        "cufft": ("hip::hipfft", "rocm-docs", "hipfft",
                  "hipFFT's CMake package hipfft" + rocm % "hipFFT"),
        "curand": ("hip::hiprand", "cmake-config", "hiprand", ""),
        "cusparse": ("roc::hipsparse", "cmake-config", "hipsparse", ""),
        "cusolver": ("roc::hipsolver", "rocm-docs", "hipsolver",
                     "hipSOLVER's CMake package hipsolver" + rocm % "hipSOLVER"),
    }
    musa_targets = {
        "cudart": ("MUSA::musart", ""),
        "cudart_static": ("MUSA::musart", "no static MUSA runtime target is known: the "
                                          "shared one"),
        "cuda_driver": ("MUSA::musa_driver", ""),
        "cublas": ("MUSA::mublas", ""),
        "cufft": ("MUSA::mufft", ""),
    }
    musa_missing = {
        "cublasLt": "cuBLASLt", "curand": "muRAND", "cusparse": "muSPARSE",
        "cusolver": "muSOLVER",
    }
    for name in ("cudart", "cudart_static", "cuda_driver", "cublas", "cublas_static",
                 "cublasLt", "cublasLt_static", "cufft", "cufft_static", "curand",
                 "curand_static", "cusparse", "cusparse_static", "cusolver",
                 "cusolver_static"):
        base = name[:-len("_static")] if name.endswith("_static") and name != "cudart_static" \
            else name
        static = base != name
        if musa:
            if base in musa_targets:
                t, note = musa_targets[base]
                if static:
                    note = "no static target of it is known: the shared one"
                out.append(entry("CUDA::" + name, T, t, "musa-ports", note,
                                 review=static or name == "cudart_static"))
            else:
                out.append(unsupported("CUDA::" + name, T,
                                       "no MUSA CMake target is publicly known for %s"
                                       % musa_missing[base]))
        else:
            t, check, package, note = hip_targets[base]
            if static:
                note = ("linked shared: ROCm's libraries are shared ones"
                        + ("; " + note if note else ""))
            extra = {"package": package} if package else {}
            out.append(entry("CUDA::" + name, T, t, check, note,
                             review=static or name == "cudart_static", **extra))
    none_known = "no counterpart is known on %s" % ("MUSA" if musa else "HIP")
    for name, what in (("cufftw", "cuFFT's FFTW interface"), ("nvToolsExt", "NVTX"),
                       ("nvtx3", "NVTX"), ("nvml", "NVML"), ("cupti", "CUPTI"),
                       ("culibos", "a helper of CUDA's static libraries"),
                       ("nvjpeg", "nvJPEG"), ("nppc", "NPP"), ("nppial", "NPP"),
                       ("nppicc", "NPP"), ("nppidei", "NPP"), ("nppif", "NPP"),
                       ("nppig", "NPP"), ("nppim", "NPP"), ("nppist", "NPP"),
                       ("nppisu", "NPP"), ("nppitc", "NPP"), ("npps", "NPP"),
                       ("OpenCL", "CUDA's OpenCL library")):
        out.append(unsupported("CUDA::" + name, T, "%s: %s" % (what, none_known)))
    if musa:
        out.append(unsupported("CUDA::nvrtc", T, "NVRTC: no MUSA CMake target is "
                                                 "publicly known"))
        out.append(unsupported("Thrust::Thrust", T, "Thrust keeps its names on MUSA, but its "
                                                    "CMake packaging there is not public"))
        out.append(unsupported("CUB::CUB", T, "CUB keeps its names on MUSA, but its CMake "
                                              "packaging there is not public"))
    else:
        out.append(unsupported("CUDA::nvrtc", T, "hipRTC is part of amdhip64 in ROCm 5 "
                               "(hip::host) and a library of its own (hiprtc) from ROCm 6: "
                               "link what the installed ROCm has"))
        out.append(entry("Thrust::Thrust", T, "roc::rocthrust", "rocm-docs",
                         "rocThrust" + rocm % "rocThrust"))
        out.append(entry("CUB::CUB", T, "hip::hipcub", "rocm-docs",
                         "hipCUB" + rocm % "hipCUB"))

    # Variables of the CUDA language: the generic CMAKE_<LANG>_* ones have
    # HIP counterparts; the CUDA-only ones do not.
    out.append(prefix("CMAKE_CUDA_", V, "a CMake variable of the CUDA language the build "
                                        "tables do not know"))
    generic = ["COMPILER", "COMPILER_ID", "COMPILER_VERSION", "COMPILER_LAUNCHER", "FLAGS",
               "FLAGS_DEBUG", "FLAGS_RELEASE", "FLAGS_RELWITHDEBINFO", "FLAGS_MINSIZEREL",
               "FLAGS_INIT", "STANDARD", "STANDARD_REQUIRED", "EXTENSIONS",
               "STANDARD_LIBRARIES"]
    generic_notes = {
        "COMPILER": "a HIP compiler is ROCm's clang++ (not hipcc or nvcc): check the value",
        "COMPILER_ID": "its value is Clang, never NVIDIA: check what it is compared with",
        "COMPILER_VERSION": "clang's version, not CUDA's: check what it is compared with",
    }
    for suffix in generic:
        name = "CMAKE_CUDA_" + suffix
        flags = {"flags": True} if suffix.startswith("FLAGS") else {}
        if musa:
            out.append(unsupported(name, V, MUSA_NO_LANGUAGE, **flags))
        else:
            out.append(entry(name, V, "CMAKE_HIP_" + suffix, "cmake-docs",
                             generic_notes.get(suffix, ""),
                             review=suffix in generic_notes, **flags))
    cuda_only = {
        "ARCHITECTURES": HIP_ARCHITECTURES + " (CMAKE_HIP_ARCHITECTURES)",
        "HOST_COMPILER": "clang compiles the host code of HIP sources itself",
        "SEPARABLE_COMPILATION": HIP_RDC,
        "RESOLVE_DEVICE_SYMBOLS": HIP_RDC,
        "RUNTIME_LIBRARY": "the HIP runtime is always the shared amdhip64",
        "TOOLKIT_INCLUDE_DIRECTORIES": "use hip_INCLUDE_DIRS of find_package(hip)",
        "COMPILE_FEATURES": "CMake documents no HIP counterpart",
    }
    for suffix, note in cuda_only.items():
        out.append(unsupported("CMAKE_CUDA_" + suffix, V, MUSA_NO_LANGUAGE if musa else note))

    # Result variables of FindCUDAToolkit.
    out.append(prefix("CUDAToolkit_", V, "a variable of FindCUDAToolkit the build tables "
                                         "do not know"))
    out.append(entry("CUDAToolkit_FOUND", V, "MUSAToolkit_FOUND" if musa else "hip_FOUND",
                     "cmake-docs", "find_package() sets <Package>_FOUND"))
    out.append(entry("CUDAToolkit_ROOT", V, "MUSAToolkit_ROOT" if musa else "hip_ROOT",
                     "cmake-docs", "find_package() searches <Package>_ROOT first"))
    for suffix in ("VERSION", "VERSION_MAJOR", "VERSION_MINOR", "VERSION_PATCH"):
        out.append(unsupported("CUDAToolkit_" + suffix, V, CUDA_VERSION_SCALE))
    hip_toolkit = {"INCLUDE_DIRS": "hip_INCLUDE_DIRS", "BIN_DIR": "hip_BIN_INSTALL_DIR",
                   "LIBRARY_DIR": "hip_LIB_INSTALL_DIR",
                   "NVCC_EXECUTABLE": "hip_HIPCC_EXECUTABLE"}
    for suffix, hip in hip_toolkit.items():
        name = "CUDAToolkit_" + suffix
        out.append(unsupported(name, V, MUSA_NO_TOOLKIT_VARIABLE) if musa else
                   entry(name, V, hip, "cmake-config", "set by hip-config.cmake"))
    for suffix in ("TARGET_DIR", "LIBRARY_ROOT"):
        out.append(unsupported("CUDAToolkit_" + suffix, V, MUSA_NO_TOOLKIT_VARIABLE if musa
                               else "hip-config.cmake has no counterpart"))

    # Variables of the old FindCUDA module.
    find_musa = "FindMUSA's variables are not publicly documented"
    out.append(entry("CUDA_FOUND", V, "MUSA_FOUND" if musa else "HIP_FOUND", "cmake-docs",
                     "find_package() sets <Package>_FOUND"))
    for name in ("CUDA_VERSION", "CUDA_VERSION_MAJOR", "CUDA_VERSION_MINOR",
                 "CUDA_VERSION_STRING"):
        out.append(unsupported(name, V, CUDA_VERSION_SCALE))
    findhip = {"CUDA_NVCC_FLAGS": "HIP_HIPCC_FLAGS",
               "CUDA_NVCC_FLAGS_DEBUG": "HIP_HIPCC_FLAGS_DEBUG",
               "CUDA_NVCC_FLAGS_RELEASE": "HIP_HIPCC_FLAGS_RELEASE",
               "CUDA_NVCC_EXECUTABLE": "HIP_HIPCC_EXECUTABLE",
               "CUDA_TOOLKIT_ROOT_DIR": "HIP_ROOT_DIR",
               "CUDA_VERBOSE_BUILD": "HIP_VERBOSE_BUILD"}
    for name, hip in findhip.items():
        flags = {"flags": True} if name.startswith("CUDA_NVCC_FLAGS") else {}
        out.append(unsupported(name, V, find_musa, **flags) if musa else
                   entry(name, V, hip, "cmake-config", "FindHIP.cmake's counterpart",
                         **flags))
    library_variable = ("a library variable of FindCUDA: link the library's imported "
                        "target or its name instead")
    for name in ("CUDA_LIBRARIES", "CUDA_CUBLAS_LIBRARIES", "CUDA_CUFFT_LIBRARIES",
                 "CUDA_cublas_LIBRARY", "CUDA_cufft_LIBRARY", "CUDA_curand_LIBRARY",
                 "CUDA_cusparse_LIBRARY", "CUDA_cusolver_LIBRARY", "CUDA_cudart_static_LIBRARY",
                 "CUDA_CUDART_LIBRARY", "CUDA_CUDA_LIBRARY", "CUDA_cudadevrt_LIBRARY",
                 "CUDA_cupti_LIBRARY", "CUDA_npp_LIBRARY"):
        out.append(unsupported(name, V, library_variable))
    for name, note in (("CUDA_INCLUDE_DIRS", find_musa if musa else
                        "FindHIP has no include-folder variable: hip_add_executable adds them"),
                       ("CUDA_SEPARABLE_COMPILATION", find_musa if musa else HIP_RDC),
                       ("CUDA_PROPAGATE_HOST_FLAGS", find_musa if musa else
                        "clang compiles the host code itself"),
                       ("CUDA_HOST_COMPILER", find_musa if musa else
                        "clang compiles the host code itself"),
                       ("CUDA_USE_STATIC_CUDA_RUNTIME", find_musa if musa else
                        "the HIP runtime is always the shared amdhip64"),
                       ("CUDA_SDK_ROOT_DIR", "the CUDA samples' folder: no counterpart")):
        out.append(unsupported(name, V, note))

    # Target properties of the CUDA language.
    for name, hip in (("CUDA_STANDARD", "HIP_STANDARD"),
                      ("CUDA_STANDARD_REQUIRED", "HIP_STANDARD_REQUIRED"),
                      ("CUDA_EXTENSIONS", "HIP_EXTENSIONS")):
        out.append(unsupported(name, PR, MUSA_NO_LANGUAGE) if musa else
                   entry(name, PR, hip, "cmake-docs"))
    for name, note in (("CUDA_ARCHITECTURES", HIP_ARCHITECTURES + " (HIP_ARCHITECTURES)"),
                       ("CUDA_SEPARABLE_COMPILATION", HIP_RDC),
                       ("CUDA_RESOLVE_DEVICE_SYMBOLS", HIP_RDC),
                       ("CUDA_RUNTIME_LIBRARY", "the HIP runtime is always the shared amdhip64"),
                       ("CUDA_PTX_COMPILATION", "HIP has no PTX")):
        out.append(unsupported(name, PR, MUSA_NO_LANGUAGE if musa else note))

    # Commands of the old FindCUDA module.
    if musa:
        out.append(entry("cuda_add_executable", C, "musa_add_executable", "musa-ports",
                         flags=True))
        out.append(entry("cuda_add_library", C, "musa_add_library", "musa-ports", flags=True))
        out.append(unsupported("cuda_include_directories", C,
                               "not publicly documented for FindMUSA: include_directories()"))
    else:
        out.append(entry("cuda_add_executable", C, "hip_add_executable", "cmake-config",
                         "FindHIP.cmake's counterpart", flags=True))
        out.append(entry("cuda_add_library", C, "hip_add_library", "cmake-config",
                         "FindHIP.cmake's counterpart", flags=True))
        out.append(entry("cuda_include_directories", C, "hip_include_directories",
                         "cmake-config", "FindHIP.cmake's counterpart"))
    for name, note in (("cuda_add_cublas_to_target", "link the BLAS library instead"),
                       ("cuda_add_cufft_to_target", "link the FFT library instead"),
                       ("cuda_compile", "compile with the target's add_*_ commands"),
                       ("cuda_compile_ptx", "the target has no PTX"),
                       ("cuda_compile_fatbin", "the target has no fatbin step"),
                       ("cuda_compile_cubin", "the target has no cubin step"),
                       ("cuda_wrap_srcs", "an internal helper of FindCUDA"),
                       ("cuda_build_clean_target", "an internal helper of FindCUDA"),
                       ("cuda_select_nvcc_arch_flags", "CUDA architecture flags have no "
                        "counterpart a tool can derive")):
        out.append(unsupported(name, C, note))
    return out


# ---------------------------------------------------------------- toolchain


def toolchain_entries(target):
    musa = target == "musa"
    out = []
    F = "compiler-flag"
    checked = "musa-ports" if musa else "hip-install"
    unchecked = "none" if musa else "hip-install"

    def spelled(names, musa_e, hip_e):
        """One entry per spelling of a flag (nvcc's short and long names)."""
        for name in names:
            out.append({"cuda": name, **(musa_e if musa else hip_e)})

    def both(name, musa_e, hip_e):
        spelled((name,), musa_e, hip_e)

    def drop(note_musa, note_hip, check_musa="none", **extra):
        return ({"kind": F, "status": "supported", "action": "drop", "note": note_musa,
                 "check": check_musa, **extra},
                {"kind": F, "status": "supported", "action": "drop", "note": note_hip,
                 "check": "hip-install", **extra})

    def unsupp(note, **extra):
        return {"kind": F, "status": "unsupported", "note": note, "check": "none", **extra}

    def passed(value):
        return {"kind": F, "status": "supported", "action": "pass", "value": value,
                "check": "same-name"}

    out.append(prefix("-", F, "an nvcc option the build tables do not know"))
    # Options every compiler driver takes, left as they are.
    for name in ("-I", "-D", "-U", "-L", "-l", "-O", "-W", "-M", "-g"):
        both(name, passed("joined"), passed("joined"))
    for name in ("-c", "-E", "-v", "-w", "-m64", "-shared", "--version", "-V"):
        both(name, passed("none"), passed("none"))
    for name in ("-o", "-isystem", "-include"):
        both(name, passed("separate"), passed("separate"))
    std = {"kind": F, "status": "supported", "target": "-std={value}", "value": "separate",
           "check": unchecked}
    spelled(("-std", "--std"), std, std)
    spelled(("-x", "--x"),
            {"kind": F, "status": "supported", "value": "separate",
             "values": {"cu": "-x musa", "c++": "-x c++", "c": "-x c"}, "check": checked,
             "note": "mcc -x musa"},
            {"kind": F, "status": "supported", "value": "separate",
             "values": {"cu": "-x hip", "c++": "-x c++", "c": "-x c"}, "check": checked})

    arch_musa = {"kind": F, "status": "supported", "action": "arch", "value": "separate",
                 "target": "--offload-arch=mp_{arch}", "check": "musa-ports", "review": True,
                 "note": "MUSA architectures through the __CUDA_ARCH__ threshold map "
                         "(sm_80 and newer: mp_22, sm_90 and newer: mp_31): check the GPUs "
                         "you build for"}
    arch_hip = unsupp(HIP_ARCHITECTURES + " (--offload-arch=gfx90a)", value="separate")
    spelled(("-arch", "--gpu-architecture", "-gencode", "--generate-code", "-code",
             "--gpu-code"), arch_musa, arch_hip)

    musa_facts = "mcc does not accept it"
    m, h = drop(musa_facts + "; dropped",
                "clang lets device code call constexpr functions without it; dropped",
                "musa-ports")
    spelled(("--expt-relaxed-constexpr", "-expt-relaxed-constexpr"), m, h)
    m, h = drop(musa_facts + "; dropped: check that mcc compiles the lambdas",
                "clang compiles __device__ lambdas without it; dropped", "musa-ports")
    spelled(("--extended-lambda", "-extended-lambda", "--expt-extended-lambda",
             "-expt-extended-lambda"), m, h)
    m, h = drop("an nvcc warning switch; dropped", "an nvcc warning switch; dropped")
    spelled(("-Wno-deprecated-gpu-targets",), m, h)
    m, h = drop("options of nvcc's ptxas or nvlink, or nvcc's diagnostics; dropped",
                "options of nvcc's ptxas or nvlink, or nvcc's diagnostics; dropped",
                value="separate")
    spelled(("-Xptxas", "--ptxas-options", "-Xnvlink", "--nvlink-options",
             "-diag-suppress", "--diag-suppress"), m, h)
    m, h = drop("the host compiler of nvcc; mcc compiles host code itself; dropped",
                "the host compiler of nvcc; clang compiles host code itself; dropped",
                value="separate")
    spelled(("-ccbin", "--compiler-bindir"), m, h)
    m, h = drop("nvcc's build parallelism; dropped", "nvcc's build parallelism; dropped",
                value="separate")
    spelled(("-t", "--threads"), m, h)
    m, h = drop("profiler line information only; dropped",
                "profiler line information only; dropped")
    spelled(("-lineinfo", "--generate-line-info"), m, h)
    m, h = drop("device debug information: no flag of its own; dropped",
                "device debug information: no flag of its own (-g covers device code); "
                "dropped")
    spelled(("-G", "--device-debug"), m, h)
    m, h = drop("nvcc reporting or behaviour switches; dropped",
                "nvcc reporting or behaviour switches; dropped")
    spelled(("-res-usage", "--resource-usage", "-keep", "--keep",
             "-forward-unknown-to-host-compiler", "--forward-unknown-to-host-compiler",
             "-allow-unsupported-compiler", "--allow-unsupported-compiler"), m, h)

    unwrap = {"kind": F, "status": "supported", "action": "unwrap", "value": "separate",
              "note": "host compiler options: the compiler takes them directly",
              "check": unchecked}
    spelled(("-Xcompiler", "--compiler-options"), unwrap, unwrap)
    linker = {"kind": F, "status": "supported", "target": "-Wl,{value}", "value": "separate",
              "check": unchecked}
    spelled(("-Xlinker", "--linker-options"), linker, linker)

    rdc_hip = {"kind": F, "status": "supported", "value": "separate",
               "values": {"true": "-fgpu-rdc", "false": "-fno-gpu-rdc"},
               "check": "hip-install"}
    spelled(("-rdc", "--relocatable-device-code"), unsupp(MUSA_UNKNOWN_FLAG, value="separate"),
            rdc_hip)
    spelled(("-dc", "--device-c"), unsupp(MUSA_UNKNOWN_FLAG),
            {"kind": F, "status": "supported", "target": "-fgpu-rdc -c",
             "check": "hip-install"})
    spelled(("-dlink", "--device-link"), unsupp(MUSA_UNKNOWN_FLAG),
            unsupp("clang links device code at the final link (with -fgpu-rdc): remove "
                   "the device-link step"))
    spelled(("-use_fast_math", "--use_fast_math"), unsupp(MUSA_UNKNOWN_FLAG),
            {"kind": F, "status": "supported", "target": "-ffast-math",
             "check": "hip-install", "review": True,
             "note": "-ffast-math relaxes host code too"})
    spelled(("-default-stream", "--default-stream"),
            unsupp(MUSA_UNKNOWN_FLAG, value="separate"),
            {"kind": F, "status": "supported", "value": "separate",
             "values": {"per-thread": "-fgpu-default-stream=per-thread",
                        "legacy": "-fgpu-default-stream=legacy"},
             "check": "hip-install"})
    spelled(("-cudart", "--cudart"), unsupp(MUSA_UNKNOWN_FLAG, value="separate"),
            {"kind": F, "status": "supported", "value": "separate",
             "values": {"shared": "", "static": "", "none": ""}, "check": "hip-install",
             "note": "the HIP runtime is always the shared amdhip64; dropped"})
    spelled(("-maxrregcount", "--maxrregcount"),
            unsupp("use __launch_bounds__ in the code", value="separate"),
            unsupp("use __launch_bounds__ in the code", value="separate"))
    spelled(("-ptx", "--ptx", "-cubin", "--cubin", "-fatbin", "--fatbin"),
            unsupp("the target has no such output"), unsupp("the target has no such output"))

    # Libraries linked by name (-lcudart, target_link_libraries(app cudart)).
    Lb = "library"
    rocm = "; Debian ships no %s to check it against"
    libraries = [
        ("cudart", ("musart", "musa-ports", "", False), ("amdhip64", "hip-install", "", False)),
        ("cudart_static", ("musart", "musa-ports", "no static MUSA runtime is known: the "
                           "shared one", True),
         ("amdhip64", "hip-install", "HIP has no static runtime: the shared one", True)),
        ("cuda", ("musa", "musa-ports", "", False),
         ("amdhip64", "hip-install", "the HIP driver API is part of amdhip64", False)),
        ("cublas", ("mublas", "musa-ports", "", False),
         ("hipblas", "rocm-docs", "hipBLAS" + rocm % "hipBLAS", False)),
        ("cublasLt", ("mublasLt", "musa-prefix-rule", "by the prefix convention", True),
         ("hipblaslt", "rocm-docs", "hipBLASLt" + rocm % "hipBLASLt", False)),
        ("cufft", ("mufft", "musa-ports", "", False),
         ("hipfft", "rocm-docs", "hipFFT" + rocm % "hipFFT", False)),
        ("curand", ("murand", "musa-prefix-rule", "by the prefix convention", True),
         ("hiprand", "hip-install", "", False)),
        ("cusparse", ("musparse", "musa-prefix-rule", "by the prefix convention", True),
         ("hipsparse", "hip-install", "", False)),
        ("cusolver", ("musolver", "musa-prefix-rule", "by the prefix convention", True),
         ("hipsolver", "rocm-docs", "hipSOLVER" + rocm % "hipSOLVER", False)),
        ("nccl", ("mccl", "musa-ports", "", False),
         ("rccl", "rocm-docs", "RCCL" + rocm % "RCCL", False)),
        ("cudnn", ("mudnn", "musa-ports", "cuDNN calls do not migrate to muDNN by "
                   "renaming (the cudnn table reports them)", True),
         ("MIOpen", "rocm-docs", "MIOpen" + rocm % "MIOpen" + "; only some cuDNN calls "
          "migrate to MIOpen by renaming (the cudnn table reports the others)", True)),
    ]
    for cuda, m, h in libraries:
        t, check, note, review = m if musa else h
        out.append(entry(cuda, Lb, t, check, note, **({"review": True} if review else {})))
    for cuda, note in (("cufftw", "cuFFT's FFTW interface: no counterpart is known"),
                       ("nvToolsExt", "NVTX: no counterpart is known"),
                       ("nvrtc", "NVRTC: no MUSA library is publicly known" if musa else
                        "hipRTC is part of amdhip64 in ROCm 5 and a library of its own "
                        "(hiprtc) from ROCm 6: link what the installed ROCm has"),
                       ("cudadevrt", "device-side launches are not supported on MUSA"
                        if musa else
                        "HIP has no device runtime library: device-side launches are not "
                        "supported"),
                       ("culibos", "a helper of CUDA's static libraries: remove it")):
        out.append(unsupported(cuda, Lb, note))

    # The tools.
    out.append(entry("nvcc", "tool", "mcc" if musa else "hipcc",
                     "musa-ports" if musa else "hip-install", flags=True))

    # Variables that hold the SDK's root, and its install folder.
    PV = "path-variable"
    root = "MUSA_HOME" if musa else "ROCM_PATH"
    layout = ("paths built on it (lib64/) may differ in the %s install"
              % ("MUSA" if musa else "ROCm"))
    out.append(entry("CUDA_HOME", PV, root, "musa-ports" if musa else "cmake-config", layout))
    out.append(entry("CUDA_PATH", PV, "MUSA_PATH" if musa else "ROCM_PATH",
                     "musa-ports" if musa else "cmake-config", layout))
    for name in ("CUDA_ROOT", "CUDA_INSTALL_PATH", "CUDA_DIR"):
        out.append(entry(name, PV, root, "musa-ports" if musa else "cmake-config",
                         "a name projects choose for the SDK's root; the target's is %s; "
                         % root + layout, review=True))
    if musa:
        out.append(entry("/usr/local/cuda", "path", "/usr/local/musa", "none",
                         "the MUSA SDK's usual install folder: its layout (lib/, lib64/) "
                         "may differ", review=True))
    else:
        out.append(entry("/usr/local/cuda", "path", "/opt/rocm", "rocm-docs",
                         "ROCm's usual install folder (Debian's ROCm packages install "
                         "under /usr); its layout (lib/, lib64/) differs", review=True))
    return out


DESCRIPTIONS = {
    "cmake": "CMake words of the CUDA language, FindCUDAToolkit and FindCUDA: languages, "
             "packages, imported targets, variables, properties, commands",
    "toolchain": "nvcc and its flags, CUDA libraries linked by name, the SDK's root "
                 "variables and install folder (Makefiles and CMake files)",
}


def documents():
    """{relative path: document}: rules/<target>/buildfiles/<name>.json."""
    out = {}
    for target in ("musa", "hip"):
        for name, entries in (("cmake", cmake_entries(target)),
                              ("toolchain", toolchain_entries(target))):
            entries = [{k: e[k] for k in KEY_ORDER if k in e}
                       for e in sorted(entries, key=lambda e: (e["cuda"], e["kind"]))]
            doc = {"$schema": "../../build.schema.json", "target": target,
                   "description": DESCRIPTIONS[name]}
            if name == "toolchain" and target == "musa":
                doc["architectures"] = {"thresholds": "__CUDA_ARCH__",
                                        "cuda_prefixes": ["sm_", "compute_"], "scale": 10}
            doc["entries"] = entries
            out["%s/buildfiles/%s.json" % (target, name)] = doc
    return out


KEY_ORDER = ("cuda", "kind", "status", "target", "action", "value", "values", "package",
             "flags", "prefix", "source_extensions", "target_extensions", "review", "note",
             "check")

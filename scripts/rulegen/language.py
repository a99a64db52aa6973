"""The language tables (compiler-defined macros and device builtins) and the
environment tables (environment variables CUDA programs name in string
literals, migrated with --rewrite-strings).

The CUDA names are listed here; what each becomes is per-target data
(language, environment), which the target's builder checks
(TargetBuilder.language_entry).
"""

from rulegen.entries import make_entry

COMPILER_MACROS = ("__CUDACC__", "__CUDA_ARCH__", "__CUDACC_RDC__", "__NVCC__",
                   "__CUDACC_VER_MAJOR__", "__CUDACC_VER_MINOR__", "__CUDACC_VER_BUILD__",
                   "__noinline__")
DEVICE_BUILTIN_VARIABLES = ("threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize")
DEVICE_BUILTIN_FUNCTIONS = (
    "__syncthreads", "__syncthreads_count", "__syncthreads_and", "__syncthreads_or",
    "__threadfence", "__threadfence_block", "__threadfence_system",
)

ENVIRONMENT_VARIABLES = ("CUDA_VISIBLE_DEVICES", "CUDA_HOME", "CUDA_PATH")
ENVIRONMENT_NOTE = "environment variable, migrated inside string literals with --rewrite-strings"


def language_names():
    """[(CUDA name, kind)] of the language family."""
    return ([(name, "macro") for name in COMPILER_MACROS]
            + [(name, "variable") for name in DEVICE_BUILTIN_VARIABLES]
            + [(name, "function") for name in DEVICE_BUILTIN_FUNCTIONS])


def build(facts, ledger):
    """{(target, "language"): entries}."""
    names = language_names()
    return {(b.name, "language"): [b.language_entry(c, k) for c, k in names]
            for b in facts.builders}


def build_environment(targets):
    """{(target, "environment"): entries}."""
    tables = {}
    for target in targets:
        env = target.environment
        tables[(target.name, "environment")] = [
            make_entry(cuda, "variable", "supported", env.names[cuda], env.check,
                       [ENVIRONMENT_NOTE]) if cuda in env.names else
            make_entry(cuda, "variable", "unsupported", None, "none",
                       [ENVIRONMENT_NOTE, env.missing])
            for cuda in ENVIRONMENT_VARIABLES]
    return tables

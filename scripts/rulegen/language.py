"""The language tables (compiler-defined macros and device builtins) and the
environment tables (environment variables CUDA programs name in string
literals, migrated with --rewrite-strings).

The CUDA names are listed here; what each becomes is per-target data
(language, environment). MUSA: a rule with check musa-table must agree with
torch_musa's general.json. HIP: a target is kept only where hipcc predefines
it (verify hip-compiler) or the installed HIP headers declare it (the default).
"""

import sys

from rulegen.entries import make_entry, ordered, sourced

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


def warn(message):
    print("gen_rules: " + message, file=sys.stderr)


def language_names():
    """[(CUDA name, kind)] of the language family."""
    return ([(name, "macro") for name in COMPILER_MACROS]
            + [(name, "variable") for name in DEVICE_BUILTIN_VARIABLES]
            + [(name, "function") for name in DEVICE_BUILTIN_FUNCTIONS])


def musa_entry(cuda, kind, rule, general):
    if rule.status == "unsupported":
        return make_entry(cuda, kind, "unsupported", None, "none", [rule.note])
    target = rule.target or cuda
    check = rule.check or "same-name"
    if check == "musa-table" and general.get(cuda) != target:
        warn("language rule %s -> %s is not in general.json (it says %s)"
             % (cuda, target, general.get(cuda)))
        check = "none"
    return make_entry(cuda, kind, "supported", target, check, [rule.note])


def hip_entry(cuda, kind, rule, hip_declared, hip_macros, hip_ver):
    if rule.status == "unsupported":
        return make_entry(cuda, kind, "unsupported", None, "none", [rule.note])
    target = rule.target or cuda
    verify = rule.verify or "hip-declared"
    known = target in hip_macros if verify == "hip-compiler" else target in hip_declared
    if not known:
        where = "hipcc's predefined macros" if verify == "hip-compiler" else \
            "the installed HIP %s headers" % hip_ver
        return make_entry(cuda, kind, "unsupported", None, "none",
                          sourced("no HIP version is known to define %s" % target,
                                  "%s is not among %s" % (target, where)))
    entry = make_entry(cuda, kind, "supported", target, "hip-headers", [rule.note])
    if rule.defined_tests_only:
        entry = ordered(dict(entry, defined_tests_only=True))
    return entry


def build(facts, ledger):
    """{(target, "language"): entries}."""
    musa, hip = facts.targets.musa, facts.targets.hip
    names = language_names()
    return {
        (musa.name, "language"): [musa_entry(c, k, musa.language.rule(c), facts.general)
                                  for c, k in names],
        (hip.name, "language"): [hip_entry(c, k, hip.language.rule(c), facts.hip.runtime,
                                           facts.hip.macros, facts.hip_version)
                                 for c, k in names],
    }


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

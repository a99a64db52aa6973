"""Run migrated programs on the CPU: the HIP CPU runtime (third_party/hip-cpu)
under HIP output, the CPU flavour of the MUSA layer under MUSA output
(runtime/cpu/README.md). Shared by `musify-validate --cpu` and
`musify-validate corpus --run`.

A program is migrated with its launches written as calls (`<<<>>>` is not
C++), built with the host C++ compiler, run, and judged by its exit status
and its own check (the last PASS/FAIL word it prints). What a CPU cannot run
(cpu_limits.json) is a skip with its reason, never a failure.
"""
import concurrent.futures
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..",
                                "scripts"))
from musifypy import rule_tables  # noqa: E402

TARGETS = ("hip", "musa")
LAUNCH_AS_CALL = {"hip": "--hip-launch-kernel-ggl", "musa": "--launch-as-call"}
EXTENSION = {"hip": ".hip", "musa": ".mu"}
# A verdict the program prints about itself; the last one counts.
VERDICT = re.compile(r"\b(PASS(?:ED)?|FAIL(?:ED)?|[Pp]assed|[Ff]ailed)\b")
OUTPUT_KEPT = 1 << 20  # bytes of a command's output kept for judging it
EXIT_WAIVED = 2  # cuda-samples' exit status for "cannot run this here"
NOT_DECLARED = re.compile(r"error: '?‘?([A-Za-z_]\w*)’?'? (?:was not declared|"
                          r"has not been declared|is not a member of|does not name a type)")
NO_CPU_BUILD = re.compile(r'#error "musify CPU layer: (<[^>]+>).*needs (<[^>]+>)')
MISSING_HEADER = re.compile(r"fatal error: ([^:\s]+): No such file or directory")
UNDEFINED_SHARED = re.compile(r"undefined reference to `([A-Za-z_]\w*)'")
OPENMP = re.compile(r'^\s*#\s*include\s*[<"]omp\.h[>"]', re.M)
NO_MEMBER = re.compile(r"error: .(?:struct |class )?(hip\w+). has no member named .(\w+)")
FIRST_ERROR = re.compile(r"^.*\berror\b.*$", re.M)


def kill_group(p):
    """Ends what is left of p's process group, p included, and reaps p."""
    try:
        os.killpg(p.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    p.wait()


def run(cmd, log, cwd=None, timeout=900, env=None):
    """(exit status, output, seconds); the command and output go to log. The
    output goes through a file and only its last OUTPUT_KEPT bytes are read,
    so a program that prints without end cannot exhaust memory. It runs in
    a process group of its own, removed whole when it ends or times out: no
    process it started outlives it."""
    t0 = time.time()
    with tempfile.TemporaryFile() as sink:
        try:
            with subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=sink,
                                  stderr=subprocess.STDOUT, cwd=cwd, env=env,
                                  start_new_session=True) as p:
                try:
                    rc, note = p.wait(timeout=timeout), ""
                except subprocess.TimeoutExpired:
                    rc, note = 124, "\ntimed out after %ds" % timeout
                finally:
                    kill_group(p)
        except OSError as e:
            rc, note = 127, str(e)
        size = sink.seek(0, os.SEEK_END)
        sink.seek(max(0, size - OUTPUT_KEPT))
        out = sink.read().decode("utf-8", "replace") + note
    with open(log, "a", encoding="utf-8") as f:
        f.write("$ %s\n%s\n[exit %d]\n" % (" ".join(cmd), out, rc))
    return rc, out, time.time() - t0


# The header every unit of a target's build starts with, as its compiler
# includes it (hipcc does HIP's, as nvcc does CUDA's).
RUNTIME_HEADER = {"hip": "hip/hip_runtime.h", "musa": "musa_runtime.h"}


class Toolchain:
    """The host compiler and the include folders of a CPU build."""

    def __init__(self, repo, cpu_layer, cxx="g++", extra_flags=()):
        self.cxx = cxx
        self.shims = os.path.join(repo, "runtime", "cpu", "include")
        self.hip_helpers = os.path.join(repo, "runtime", "hip", "include")
        self.hip_cpu = os.path.join(repo, "third_party", "hip-cpu", "include")
        self.cpu_layer = cpu_layer
        self.extra_flags = list(extra_flags)
        self.runtime_header = dict(RUNTIME_HEADER)

    def problems(self):
        out = []
        for what, path in (("the HIP CPU runtime", self.hip_cpu), ("the CPU shims", self.shims)):
            if not os.path.isdir(path):
                out.append("%s not found (%s)" % (what, path))
        if not self.cpu_layer or not os.path.isfile(os.path.join(self.cpu_layer, "musa_runtime.h")):
            out.append("the CPU flavour of the MUSA layer not found (--cpu-layer; "
                       "ninja builds it into <build>/runtime/cpu/include)")
        return out

    def flags(self, target):
        """The compiler and the flags every unit of target is built with."""
        # -pthread defines a macro: the precompiled header is built with it.
        cmd = [self.cxx, "-std=c++17", "-O1", "-w", "-pthread"] + self.extra_flags
        if target == "musa":
            return cmd + ["-I" + self.cpu_layer, "-I" + self.shims, "-I" + self.hip_cpu]
        return cmd + ["-I" + self.shims, "-I" + self.hip_helpers, "-I" + self.hip_cpu]

    def precompile(self, targets, folder, log):
        """Builds each target's runtime header once, precompiled, in folder:
        the units then load it instead of parsing it, most of each unit's
        build. A unit built with other flags (-fopenmp) reads the header as
        text, as does every unit of a target whose header did not build."""
        def build(target):
            header = os.path.join(folder, target, "runtime.h")
            try:
                os.makedirs(os.path.dirname(header), exist_ok=True)
                with open(header, "w", encoding="utf-8") as f:
                    f.write("#include <%s>\n" % RUNTIME_HEADER[target])
            except OSError:
                return target, None  # the plain header, parsed by each unit
            rc, _, _ = run(self.flags(target) + ["-x", "c++-header", header,
                                                 "-o", header + ".gch"], log)
            return target, header if rc == 0 else None
        with concurrent.futures.ThreadPoolExecutor(max_workers=len(targets) or 1) as pool:
            for target, header in pool.map(build, targets):
                if header:
                    self.runtime_header[target] = header

    def command(self, target, sources, exe, includes=()):
        cmd = self.flags(target)[:1] + ["-I" + i for i in includes] + self.flags(target)[1:]
        cmd += ["-include", self.runtime_header[target]]
        if any(OPENMP.search(read_text(src)) for src in sources):
            cmd.append("-fopenmp")  # as nvcc -Xcompiler -fopenmp builds such a program
        return cmd + ["-x", "c++"] + list(sources) + ["-o", exe, "-ltbb"]


def read_text(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def gpu_present():
    """(whether nvidia-smi lists a GPU, its first line or why not)."""
    smi = shutil.which("nvidia-smi")
    if not smi:
        return False, "nvidia-smi not found"
    try:
        p = subprocess.run([smi, "-L"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as e:
        return False, "nvidia-smi -L failed: %s" % e
    if p.returncode != 0 or "GPU" not in p.stdout:
        return False, "nvidia-smi -L lists no GPU"
    return True, p.stdout.strip().splitlines()[0]


def load_limits(path=None):
    path = path or os.path.join(os.path.dirname(os.path.abspath(__file__)), "cpu_limits.json")
    with open(path, encoding="utf-8") as f:
        limits = json.load(f)["limits"]
    for lim in limits:
        lim["rx"] = re.compile(r"(?:%s)\Z" % lim["names"]) if "names" in lim else None
    return limits


def limit_of(report, limits, files=None):
    """The first thing the report's files (all, or those in `files`) use that
    cannot run on the CPU, as 'reason (file:line: name)', or None."""
    for f in report.get("files", []):
        if files is not None and os.path.realpath(f["path"]) not in files:
            continue
        name = os.path.basename(f["path"])
        for h in f.get("hazards", []):
            if h.get("defused"):
                continue  # musify took care of it (inline PTX rewritten as C++)
            for lim in limits:
                if h.get("kind") in lim.get("hazards", ()):
                    return "%s (%s:%s)" % (lim["reason"], name, h.get("line"))
        for r in f.get("references", []):
            if r.get("status") == "migrated-without-semantics":
                continue  # a branch the compiler does not take here
            for lim in limits:
                if r.get("family") in lim.get("families", ()) or \
                        (lim["rx"] and lim["rx"].match(r.get("cuda", ""))):
                    return "%s (%s:%s: %s)" % (lim["reason"], name, r.get("line"), r["cuda"])
    return None


def flagged_names(report, files=None):
    """The CUDA names the report flags as having no counterpart on its target,
    in all its files or in those of `files` (real paths)."""
    return {r["cuda"] for f in report.get("files", []) for r in f.get("references", [])
            if (files is None or os.path.realpath(f["path"]) in files) and
            r.get("status") in ("unsupported", "unknown")}


def build_failure(output, target_names, flagged, sources_text=()):
    """('skip', reason) when a build failed on what the target or the CPU
    lacks (a name the report flags, a library with no CPU build, an API the
    CPU runtime does not have), else ('fail', the first error)."""
    m = NO_CPU_BUILD.search(output)
    if m:
        return "skip", "%s needs %s: no CPU build" % (m.group(1), m.group(2))
    m = MISSING_HEADER.search(output)
    if m and m.group(1) in flagged:
        return "skip", "<%s> is unsupported on the target (the report says so)" % m.group(1)
    if m and not m.group(1).startswith("cuda"):
        return "skip", "<%s> has no CPU build" % m.group(1)
    m = UNDEFINED_SHARED.search(output)
    if m and re.search(r"extern\s+__shared__[^;]*\b%s\b" % re.escape(m.group(1)),
                       "\n".join(sources_text)):
        return "skip", ("dynamic shared memory (extern __shared__ %s): the HIP CPU runtime "
                        "needs HIP_DYNAMIC_SHARED" % m.group(1))
    if "hip::detail::Scalar_accessor" in output:
        return "skip", ("the HIP CPU runtime's vector and half2 members are accessor objects, "
                        "which the program casts")
    m = NO_MEMBER.search(output)
    if m:
        return "skip", "the HIP CPU runtime has no %s::%s" % (m.group(1), m.group(2))
    m = NOT_DECLARED.search(output)
    if m and m.group(1) in flagged:
        return "skip", "%s is unsupported on the target (the report says so)" % m.group(1)
    if m and m.group(1) in target_names:
        return "skip", "the HIP CPU runtime has no %s" % m.group(1)
    first = FIRST_ERROR.search(output)
    return "fail", (first.group(0).strip() if first else output.strip()[-300:])


def own_verdict(rc, output):
    """('PASS'|'FAIL'|'WAIVED'|None, why) from the exit status and the last
    verdict word the program printed (None: it printed none)."""
    if rc == 124:
        return "FAIL", "timed out"
    if rc == EXIT_WAIVED and not VERDICT.search(output):
        return "WAIVED", "exit status 2 (waived)"
    words = VERDICT.findall(output)
    if rc != 0:
        return "FAIL", "exit status %d" % rc
    if not words:
        return None, "exit 0, no verdict printed"
    last = words[-1].upper()
    return ("PASS" if last.startswith("PASS") else "FAIL"), "prints %s" % words[-1]


def last_words(output):
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    return lines[-1][:120] if lines else "(no output)"


def target_names(rules_dir, target):
    """Every name the target's rule tables write, and for MUSA the HIP names
    the CPU layer maps them onto (an undeclared one is an API the CPU runtime
    lacks, not a CUDA name left behind)."""
    names = set() if target == "hip" else target_names(rules_dir, "hip")
    for _, table in rule_tables.tables(os.path.join(rules_dir, target)):
        for e in table["entries"]:
            t = e.get("target")
            if t:
                names.add(t.split("::")[-1])
    return names

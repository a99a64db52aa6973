"""torch_musa.utils.musa_extension as musify's MUSA toolkit stand-in gives it.

A setup.py migrated to MUSA imports MUSAExtension and BuildExtension from here,
as it would from torch_musa on a MUSA machine. They build the extension through
the stand-in's bin/mcc (nvcc and musify's portability layer) against the
installed PyTorch: the torch package's headers and libraries, or, without it,
PyTorch's C++ library installed system-wide (Debian's libtorch-dev).

As torch_musa's: MUSAExtension(name, sources, ...) takes setuptools.Extension's
arguments; extra_compile_args is a list (every source) or a dict whose 'cxx'
list is for C++ sources and 'mcc' list for MUSA sources (.mu, .cu); MUSA_HOME
is the MUSA install (here the stand-in).
"""
import functools
import glob
import json
import os
import sysconfig

import setuptools
from setuptools.command.build_ext import build_ext

# <stand-in>/python/torch_musa/utils/musa_extension.py
MUSA_HOME = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))
MUSA_SOURCES = (".mu", ".cu")
# What torch.utils.cpp_extension links an extension with; the CUDA ones where
# this PyTorch has them (a CPU build, such as Debian's, has not).
TORCH_LIBRARIES = ["c10", "torch", "torch_cpu", "torch_python"]
TORCH_CUDA_LIBRARIES = ["c10_cuda", "torch_cuda"]


class StandInError(SystemExit):
    """The stand-in or PyTorch is not where it must be: setup.py stops with
    this message (and exit status 1), not a traceback."""

    def __init__(self, message):
        super().__init__("error: musify's torch_musa stand-in: " + message)


@functools.lru_cache(maxsize=None)
def _config():
    path = os.path.join(MUSA_HOME, "musify-standin.json")
    try:
        with open(path, encoding="utf-8") as f:
            config = json.load(f)
        return config["nvcc"], config["include"], config["libraries"]
    except (OSError, ValueError, KeyError) as e:
        raise StandInError("cannot read %s (%s): build musify to write the stand-in" % (path, e))


def _system_torch():
    """(include folders, library folder) of PyTorch's C++ library installed
    under /usr/local or /usr, or None."""
    multiarch = sysconfig.get_config_var("MULTIARCH") or ""
    for prefix in ("/usr/local", "/usr"):
        include = os.path.join(prefix, "include")
        if not os.path.isfile(os.path.join(include, "torch", "extension.h")):
            continue
        for lib in (os.path.join(prefix, "lib", multiarch), os.path.join(prefix, "lib")):
            if glob.glob(os.path.join(lib, "libtorch_python.so*")):
                # The prefix's include folder is the compiler's own: naming it
                # with -I would reorder the C library's headers.
                return [os.path.join(include, "torch", "csrc", "api", "include")], lib
    return None


@functools.lru_cache(maxsize=None)
def _torch():
    """(include folders, library folders) of the installed PyTorch."""
    try:
        from torch.utils import cpp_extension
    except ImportError:
        found = _system_torch()
        if found is None:
            raise StandInError("no PyTorch: neither the torch package nor PyTorch's C++ "
                               "library (torch/extension.h, libtorch_python.so) under "
                               "/usr/local or /usr")
        return found[0], [found[1]]
    return cpp_extension.include_paths(), cpp_extension.library_paths()


def include_paths(musa=False):
    """PyTorch's include folders; with musa=True also MUSA's (here: the
    portability layer and the CUDA headers it maps onto)."""
    paths = list(_torch()[0])
    if musa:
        nvcc, layer, _ = _config()
        paths += layer + [os.path.join(os.path.dirname(os.path.dirname(nvcc)), "include")]
    return paths


def library_paths(musa=False):
    """PyTorch's library folders; with musa=True also MUSA's (here: CUDA's)."""
    paths = list(_torch()[1])
    if musa:
        cuda = os.path.dirname(os.path.dirname(_config()[0]))
        paths += [p for p in (os.path.join(cuda, "lib64"), os.path.join(cuda, "lib"))
                  if os.path.isdir(p)]
    return paths


def MUSAExtension(name, sources, *args, **kwargs):  # noqa: N802 (torch_musa's name)
    """A setuptools.Extension of C++ and MUSA sources, with PyTorch's and
    MUSA's include folders and libraries (musart: the runtime)."""
    cuda_library = _config()[2]  # each MUSA library stands for a CUDA one here
    folders = library_paths(musa=True)
    torch_cuda = [name for name in TORCH_CUDA_LIBRARIES
                  if any(glob.glob(os.path.join(f, "lib%s.so*" % name)) for f in folders)]
    libraries = kwargs.get("libraries", []) + TORCH_LIBRARIES + torch_cuda + ["musart"]
    kwargs["include_dirs"] = kwargs.get("include_dirs", []) + include_paths(musa=True)
    kwargs["library_dirs"] = kwargs.get("library_dirs", []) + folders
    kwargs["libraries"] = [cuda_library.get(name, name) for name in libraries]
    kwargs["language"] = "c++"
    return setuptools.Extension(name, sources, *args, **kwargs)


def _flags(extra, key):
    """The extra_compile_args for one kind of source ('cxx' or 'mcc')."""
    if isinstance(extra, dict):
        return list(extra.get(key, []))
    return list(extra or [])


class BuildExtension(build_ext):
    """build_ext that compiles MUSA sources with mcc and C++ sources with the
    C++ compiler, each with PyTorch's extension macros."""

    def build_extensions(self):
        mcc = os.path.join(MUSA_HOME, "bin", "mcc")
        if not os.access(mcc, os.X_OK):
            raise StandInError("%s is missing: build musify to write the stand-in" % mcc)
        compiler = self.compiler
        compiler.src_extensions += [e for e in MUSA_SOURCES if e not in compiler.src_extensions]
        compile_cxx = compiler._compile

        def compile_one(obj, src, ext, cc_args, extra_postargs, pp_opts):
            if src.endswith(MUSA_SOURCES):
                compiler.spawn([mcc, "-x", "musa", "-c", src, "-o", obj, "-fPIC", "-std=c++17"]
                               + pp_opts + _flags(extra_postargs, "mcc"))
            else:
                compile_cxx(obj, src, ext, cc_args,
                            ["-std=c++17"] + _flags(extra_postargs, "cxx"), pp_opts)

        compiler._compile = compile_one
        for extension in self.extensions:
            short = extension.name.split(".")[-1]
            for macro in (("TORCH_API_INCLUDE_EXTENSION_H", None),
                          ("TORCH_EXTENSION_NAME", short)):
                if macro not in extension.define_macros:
                    extension.define_macros.append(macro)
        super().build_extensions()

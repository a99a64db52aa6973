"""The API families beyond runtime/headers/language, as CUDA declares them.

A Family says
  * which translation units declare it (`sources`: each a list of #include
    lines, parsed on its own, e.g. cublas.h and cublas_v2.h cannot share one);
  * which CUDA headers own its names (`headers`: fnmatch patterns relative to
    the SDK's include/ folder, `clang:` + pattern for Clang's own CUDA headers
    in the resource dir, which stand in for parts of the SDK);
  * for C++ APIs, the namespaces whose names count (`namespaces`; names in
    nested `detail`-like or underscore namespaces never do; member functions
    never do: only the identifiers user code writes at namespace scope);
  * whether its public names start with underscores (`underscore_names`:
    device intrinsics such as __shfl_down_sync, fp16 types such as __half);
  * which HIPIFY tables (rules/sources/hip-mapping/) date its names for every
    target (`hipify_tables`: which CUDA deprecated or removed, and when; a
    name's row is the first table's that holds it), and give HIP's names.
    cuDNN takes HIPIFY's MIOpen table, since its default hipDNN names belong
    to a retired wrapper no ROCm ships.

How each target names a family is per-target data: "families" in
rules/sources/targets/<target>.json (the naming it follows, its namespaces'
counterparts), keyed by the family's name.

Families are listed in claim order: a (name, kind) pair belongs to the first
family whose headers declare it (the runtime/language tables come before all).
"""

from __future__ import annotations

from typing import NamedTuple, Optional


class Family(NamedTuple):
    name: str
    title: str
    sources: tuple[tuple[str, ...], ...]
    headers: tuple[str, ...]
    namespaces: Optional[tuple[str, ...]]
    underscore_names: bool
    hipify_tables: tuple[str, ...]


def family(name, title, sources, headers, namespaces=None, underscore_names=False,
           hipify_tables=()):
    return Family(name, title, tuple(tuple(s) for s in sources), tuple(headers),
                  namespaces, underscore_names, tuple(hipify_tables))


# The runtime family: the translation unit that declares it, and the headers
# whose declarations count. Four headers beyond the ones the runtime brief names,
# because the runtime API declares user-facing names there: driver_functions.h
# (make_cudaExtent, make_cudaPitchedPtr, make_cudaPos), device_types.h
# (cudaRoundMode), cuda_profiler_api.h (cudaProfilerStart/Stop), and
# vector_functions.hpp (the definitions behind vector_functions.h).
RUNTIME_SOURCES = ("#include <cuda_runtime.h>", "#include <cuda_profiler_api.h>")
RUNTIME_HEADERS = (
    "cuda_runtime_api.h", "driver_types.h", "vector_types.h", "cuda_runtime.h",
    "surface_types.h", "texture_types.h", "channel_descriptor.h",
    "cuda_device_runtime_api.h", "library_types.h", "vector_functions.h",
    "vector_functions.hpp", "host_defines.h", "crt/host_defines.h",
    "driver_functions.h", "device_types.h", "cuda_profiler_api.h",
)

# The HIPIFY tables a runtime name is looked up in, in order: driver_types.h
# declares driver-style names such as CUstream_st, and library_types.h
# cudaDataType, which HIPIFY lists under cuBLAS.
RUNTIME_HIPIFY_TABLES = (
    "CUDA_Runtime_API_functions_supported_by_HIP.md",
    "CUDA_Driver_API_functions_supported_by_HIP.md",
    "CUBLAS_API_supported_by_HIP.md",
)

# libcu++'s public headers (CUDA 13: every extension-less file of cccl/cuda/std
# and cccl/cuda except version/config headers and linalg, which needs C++20).
LIBCUDACXX_STD_HEADERS = (
    "array", "atomic", "barrier", "bit", "bitset", "cassert", "cfloat", "chrono",
    "climits", "cmath", "complex", "concepts", "cstddef", "cstdint", "cstdlib",
    "cstring", "ctime", "expected", "functional", "initializer_list", "inplace_vector",
    "iterator", "latch", "limits", "mdspan", "memory", "numbers", "numeric", "optional",
    "ranges", "ratio", "semaphore", "source_location", "span", "tuple", "type_traits",
    "utility", "variant",)
LIBCUDACXX_CUDA_HEADERS = (
    "annotated_ptr", "atomic", "barrier", "bit", "cmath", "discard_memory",
    "functional", "latch", "mdspan", "memory_resource", "numeric", "pipeline",
    "semaphore", "stream_ref", "type_traits", "warp",)

FAMILIES = (
    family(
        "device", "device functions: math, intrinsics, atomics, warp functions",
        [["#include <cuda_runtime.h>", "#include <math_constants.h>",
          "#include <mma.h>", "#include <surface_indirect_functions.h>"]],
        ["device_functions.h", "crt/device_functions.h", "crt/device_functions.hpp",
         "crt/math_functions.h", "crt/math_functions.hpp", "math_functions.h",
         "crt/device_double_functions.h", "crt/device_double_functions.hpp",
         "device_double_functions.h", "crt/device_fp128_functions.h",
         "device_atomic_functions.h", "device_atomic_functions.hpp",
         "sm_*_atomic_functions.h", "sm_*_atomic_functions.hpp",
         "sm_*_intrinsics.h", "sm_*_intrinsics.hpp", "crt/sm_*_rt.h", "crt/sm_*_rt.hpp",
         "texture_indirect_functions.h", "surface_indirect_functions.h",
         "crt/common_functions.h", "math_constants.h", "crt/mma.h", "crt/mma.hpp",
         "clang:__clang_cuda_device_functions.h", "clang:__clang_cuda_intrinsics.h",
         "clang:__clang_cuda_math.h", "clang:__clang_cuda_math_forward_declares.h",
         "clang:__clang_cuda_texture_intrinsics.h", "clang:__clang_cuda_runtime_wrapper.h"],
        namespaces=("", "nvcuda::wmma"), underscore_names=True,
        hipify_tables=("CUDA_Device_API_supported_by_HIP.md",
                       "CUDA_Runtime_API_functions_supported_by_HIP.md")),
    family(
        "driver", "CUDA driver API (cuda.h)",
        [["#include <cuda.h>", "#include <cudaProfiler.h>"]],
        ["cuda.h", "cudaProfiler.h"],
        hipify_tables=("CUDA_Driver_API_functions_supported_by_HIP.md",)),
    family(
        "gl_interop", "OpenGL interoperability (cuda_gl_interop.h, cudaGL.h)",
        [["#include <cuda_gl_interop.h>", "#include <cudaGL.h>"]],
        ["cuda_gl_interop.h", "cudaGL.h"],
        hipify_tables=("CUDA_Runtime_API_functions_supported_by_HIP.md",
                       "CUDA_Driver_API_functions_supported_by_HIP.md")),
    family(
        "fp16", "half, bfloat16 and fp8/fp6/fp4 types and intrinsics",
        [["#include <cuda_fp16.h>", "#include <cuda_bf16.h>", "#include <cuda_fp8.h>",
          "#include <cuda_fp6.h>", "#include <cuda_fp4.h>"]],
        ["cuda_fp16.h", "cuda_fp16.hpp", "cuda_bf16.h", "cuda_bf16.hpp", "cuda_fp8.h",
         "cuda_fp8.hpp", "cuda_fp6.h", "cuda_fp6.hpp", "cuda_fp4.h", "cuda_fp4.hpp"],
        underscore_names=True,
        hipify_tables=("CUDA_Device_API_supported_by_HIP.md",)),
    family(
        "cooperative_groups", "cooperative groups (namespace cooperative_groups)",
        [["#include <cooperative_groups.h>", "#include <cooperative_groups/reduce.h>",
          "#include <cooperative_groups/scan.h>",
          "#include <cooperative_groups/memcpy_async.h>"]],
        ["cooperative_groups.h", "cooperative_groups/*.h"],
        namespaces=("cooperative_groups", "cooperative_groups::experimental")),
    family(
        "cublas", "cuBLAS and cuBLASLt",
        [["#include <cublas_v2.h>", "#include <cublasLt.h>", "#include <cublasXt.h>"],
         ["#include <cublas.h>"]],
        ["cublas.h", "cublas_v2.h", "cublas_api.h", "cublasLt.h", "cublasXt.h"],
        hipify_tables=("CUBLAS_API_supported_by_HIP.md",)),
    family(
        "curand", "cuRAND host and device API",
        [["#include <curand.h>", "#include <curand_kernel.h>",
          "#include <curand_mtgp32_host.h>"]],
        ["curand*.h"],
        hipify_tables=("CURAND_API_supported_by_HIP.md",)),
    family(
        "cufft", "cuFFT",
        [["#include <cufft.h>", "#include <cufftXt.h>"]],
        ["cufft.h", "cufftXt.h", "cudalibxt.h"],
        hipify_tables=("CUFFT_API_supported_by_HIP.md",)),
    family(
        "cusparse", "cuSPARSE",
        [["#include <cusparse.h>"]],
        ["cusparse.h", "cusparse_v2.h"],
        hipify_tables=("CUSPARSE_API_supported_by_HIP.md",)),
    family(
        "cusolver", "cuSOLVER (dense, sparse, refactorization, multi-GPU)",
        [["#include <cusolverDn.h>", "#include <cusolverSp.h>", "#include <cusolverRf.h>",
          "#include <cusolverMg.h>", "#include <cusolverSp_LOWLEVEL_PREVIEW.h>"]],
        ["cusolver*.h"],
        hipify_tables=("CUSOLVER_API_supported_by_HIP.md",)),
    family(
        "cudnn", "cuDNN",
        [["#include <cudnn.h>"]],
        ["cudnn*.h"],
        hipify_tables=("CUDNN_API_supported_by_MIOPEN.md",)),
    family(
        "complex", "complex numbers (cuComplex.h)",
        [["#include <cuComplex.h>"]],
        ["cuComplex.h"],
        hipify_tables=("cuComplex_API_supported_by_HIP.md",)),
    family(
        "nccl", "NCCL",
        [["#include <nccl.h>"]],
        ["nccl.h"]),
    family(
        "nvrtc", "NVRTC runtime compilation",
        [["#include <nvrtc.h>"]],
        ["nvrtc.h"],
        hipify_tables=("CUDA_RTC_API_supported_by_HIP.md",)),
    family(
        "nvtx", "NVTX annotations (nvToolsExt)",
        [["#include <nvtx3/nvToolsExt.h>", "#include <nvtx3/nvToolsExtCuda.h>",
          "#include <nvtx3/nvToolsExtCudaRt.h>", "#include <nvtx3/nvToolsExtSync.h>"]],
        ["nvtx3/nvToolsExt.h", "nvtx3/nvToolsExtCuda.h", "nvtx3/nvToolsExtCudaRt.h",
         "nvtx3/nvToolsExtSync.h"]),
    family(
        "cub", "CUB (namespace cub)",
        [["#include <cub/cub.cuh>"]],
        ["cccl/cub/*"],
        namespaces=("cub",),
        hipify_tables=("CUB_API_supported_by_HIP.md",)),
    family(
        "thrust", "Thrust (namespace thrust)",
        [["#include <thrust/device_vector.h>", "#include <thrust/host_vector.h>",
          "#include <thrust/sort.h>", "#include <thrust/reduce.h>", "#include <thrust/random.h>",
          "#include <thrust/transform.h>", "#include <thrust/transform_reduce.h>",
          "#include <thrust/scan.h>", "#include <thrust/copy.h>", "#include <thrust/fill.h>",
          "#include <thrust/sequence.h>", "#include <thrust/functional.h>",
          "#include <thrust/execution_policy.h>", "#include <thrust/iterator/counting_iterator.h>",
          "#include <thrust/iterator/transform_iterator.h>",
          "#include <thrust/iterator/zip_iterator.h>",
          "#include <thrust/iterator/constant_iterator.h>",
          "#include <thrust/iterator/permutation_iterator.h>",
          "#include <thrust/iterator/discard_iterator.h>", "#include <thrust/tuple.h>",
          "#include <thrust/pair.h>", "#include <thrust/count.h>", "#include <thrust/find.h>",
          "#include <thrust/unique.h>", "#include <thrust/remove.h>",
          "#include <thrust/gather.h>", "#include <thrust/scatter.h>",
          "#include <thrust/extrema.h>", "#include <thrust/inner_product.h>",
          "#include <thrust/binary_search.h>", "#include <thrust/merge.h>",
          "#include <thrust/partition.h>", "#include <thrust/set_operations.h>",
          "#include <thrust/equal.h>", "#include <thrust/logical.h>",
          "#include <thrust/adjacent_difference.h>", "#include <thrust/for_each.h>",
          "#include <thrust/generate.h>", "#include <thrust/replace.h>",
          "#include <thrust/reverse.h>", "#include <thrust/uninitialized_fill.h>",
          "#include <thrust/device_ptr.h>", "#include <thrust/device_malloc.h>",
          "#include <thrust/device_free.h>", "#include <thrust/complex.h>",
          "#include <thrust/random.h>", "#include <thrust/universal_vector.h>"]],
        ["cccl/thrust/*"],
        namespaces=("thrust", "thrust::cuda_cub", "thrust::random")),
    family(
        "libcudacxx", "libcu++ (namespaces cuda and cuda::std)",
        [["#include <cuda/std/%s>" % h for h in LIBCUDACXX_STD_HEADERS]
         + ["#include <cuda/%s>" % h for h in LIBCUDACXX_CUDA_HEADERS]],
        ["cccl/cuda/*"],
        namespaces=("cuda", "cuda::std", "cuda::device")),
)

FAMILY_BY_NAME = {f.name: f for f in FAMILIES}

"""The API families beyond runtime/headers/language: facts, not code paths.

A Family says
  * which translation units declare it (`sources`: each a list of #include
    lines, parsed on its own, e.g. cublas.h and cublas_v2.h cannot share one);
  * which CUDA headers own its names (`headers`: fnmatch patterns relative to
    the SDK's include/ folder, `clang:` + pattern for Clang's own CUDA headers
    in the resource dir, which stand in for parts of the SDK);
  * for C++ APIs, the namespaces whose names count (`namespaces`; names in
    nested `detail`-like or underscore namespaces never do; member functions
    never do: only the identifiers user code writes at namespace scope);
  * how MUSA names it (`musa`: "prefix" = published table, else the prefix
    convention below; "same" = published table, else the name is kept;
    "unsupported" = no MUSA counterpart, `musa_note` says why);
  * how HIP names it (`hip_tables`: HIPIFY tables; `hip_check`: "hip-headers"
    when Debian ships the HIP library, whose headers then confirm each name,
    "hipify-table" when it does not; `hip_same`: what a name the tables lack
    becomes: "declared" = kept when the HIP headers declare it, "library" =
    kept, because the ROCm library keeps CUDA's names (rocThrust, hipCUB in
    namespace hipcub, RCCL; check hip-library, `hip_missing` says which),
    "none" = unsupported, `hip_missing` says why; `hip_note` is added to every
    name taken from a HIPIFY table unchecked).

Families are listed in claim order: a (name, kind) pair belongs to the first
family whose headers declare it (the runtime/language tables come before all).
"""

import collections

Family = collections.namedtuple("Family", (
    "name", "title", "sources", "headers", "namespaces", "underscore_names",
    "musa", "musa_prefixes", "musa_note", "hip_tables", "hip_check", "hip_same",
    "hip_note", "hip_missing"))


def family(name, title, sources, headers, hip_tables=(), hip_check="hip-headers",
           namespaces=None, underscore_names=False, musa="prefix", musa_prefixes=None,
           musa_note=None, hip_same="none", hip_note=None, hip_missing=None):
    return Family(name, title, tuple(tuple(s) for s in sources), tuple(headers),
                  namespaces, underscore_names, musa, musa_prefixes, musa_note,
                  tuple(hip_tables), hip_check, hip_same, hip_note, hip_missing)


DEVICE_TABLE = "CUDA_Device_API_supported_by_HIP.md"
# math_constants.h (CUDART_PI_F -> HIP_PI_F) is in HIPIFY's runtime table.
RUNTIME_TABLE = "CUDA_Runtime_API_functions_supported_by_HIP.md"

# Default MUSA prefixes (rules/sources/MUSA_FACTS.md "Prefixes"), longest first.
CU_PREFIXES = (("cuda", "musa"), ("CUDA", "MUSA"), ("cu", "mu"), ("CU", "MU"))

CUDNN_NOTE = ("cuDNN is not migratable by renaming: muDNN is a C++ class API "
              "(musa::dnn::Handle); port this call by hand")

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
        hip_tables=[DEVICE_TABLE, RUNTIME_TABLE], namespaces=("", "nvcuda::wmma"),
        underscore_names=True, musa="same", hip_same="declared"),
    family(
        "driver", "CUDA driver API (cuda.h)",
        [["#include <cuda.h>", "#include <cudaProfiler.h>"]],
        ["cuda.h", "cudaProfiler.h"],
        hip_tables=["CUDA_Driver_API_functions_supported_by_HIP.md"]),
    family(
        "fp16", "half, bfloat16 and fp8/fp6/fp4 types and intrinsics",
        [["#include <cuda_fp16.h>", "#include <cuda_bf16.h>", "#include <cuda_fp8.h>",
          "#include <cuda_fp6.h>", "#include <cuda_fp4.h>"]],
        ["cuda_fp16.h", "cuda_fp16.hpp", "cuda_bf16.h", "cuda_bf16.hpp", "cuda_fp8.h",
         "cuda_fp8.hpp", "cuda_fp6.h", "cuda_fp6.hpp", "cuda_fp4.h", "cuda_fp4.hpp"],
        hip_tables=[DEVICE_TABLE], underscore_names=True, musa="same",
        hip_same="declared"),
    family(
        "cooperative_groups", "cooperative groups (namespace cooperative_groups)",
        [["#include <cooperative_groups.h>", "#include <cooperative_groups/reduce.h>",
          "#include <cooperative_groups/scan.h>",
          "#include <cooperative_groups/memcpy_async.h>"]],
        ["cooperative_groups.h", "cooperative_groups/*.h"],
        namespaces=("cooperative_groups", "cooperative_groups::experimental"),
        musa="same", hip_same="declared"),
    family(
        "cublas", "cuBLAS and cuBLASLt",
        [["#include <cublas_v2.h>", "#include <cublasLt.h>", "#include <cublasXt.h>"],
         ["#include <cublas.h>"]],
        ["cublas.h", "cublas_v2.h", "cublas_api.h", "cublasLt.h", "cublasXt.h"],
        hip_tables=["CUBLAS_API_supported_by_HIP.md"], hip_check="hipify-table",
        hip_note="hipBLAS is not shipped by Debian; the name is from the HIPIFY table"),
    family(
        "curand", "cuRAND host and device API",
        [["#include <curand.h>", "#include <curand_kernel.h>",
          "#include <curand_mtgp32_host.h>"]],
        ["curand*.h"],
        hip_tables=["CURAND_API_supported_by_HIP.md"], underscore_names=False),
    family(
        "cufft", "cuFFT",
        [["#include <cufft.h>", "#include <cufftXt.h>"]],
        ["cufft.h", "cufftXt.h", "cudalibxt.h"],
        hip_tables=["CUFFT_API_supported_by_HIP.md"], hip_check="hipify-table",
        hip_note="hipFFT is not shipped by Debian; the name is from the HIPIFY table"),
    family(
        "cusparse", "cuSPARSE",
        [["#include <cusparse.h>"]],
        ["cusparse.h", "cusparse_v2.h"],
        hip_tables=["CUSPARSE_API_supported_by_HIP.md"]),
    family(
        "cusolver", "cuSOLVER (dense, sparse, refactorization, multi-GPU)",
        [["#include <cusolverDn.h>", "#include <cusolverSp.h>", "#include <cusolverRf.h>",
          "#include <cusolverMg.h>", "#include <cusolverSp_LOWLEVEL_PREVIEW.h>"]],
        ["cusolver*.h"],
        hip_tables=["CUSOLVER_API_supported_by_HIP.md"], hip_check="hipify-table",
        hip_note="hipSOLVER is not shipped by Debian; the name is from the HIPIFY table"),
    family(
        "cudnn", "cuDNN",
        [["#include <cudnn.h>"]],
        ["cudnn*.h"],
        # hipify's default hipDNN names belong to a retired wrapper no ROCm ships:
        # HIP code uses MIOpen, HIPIFY's ROC table.
        hip_tables=["CUDNN_API_supported_by_MIOPEN.md"], hip_check="hipify-table",
        musa="unsupported", musa_note=CUDNN_NOTE,
        hip_note="MIOpen is not shipped by Debian; the name is from HIPIFY's MIOpen table"),
    family(
        "complex", "complex numbers (cuComplex.h)",
        [["#include <cuComplex.h>"]],
        ["cuComplex.h"],
        hip_tables=["cuComplex_API_supported_by_HIP.md"]),
    family(
        "nccl", "NCCL",
        [["#include <nccl.h>"]],
        ["nccl.h"],
        musa_prefixes=(("nccl", "mccl"), ("NCCL", "MCCL")), hip_check="hipify-table",
        hip_same="library",
        hip_missing="RCCL keeps NCCL's names (<rccl/rccl.h>); it is not shipped by Debian, "
                    "so this is not compiled here"),
    family(
        "nvrtc", "NVRTC runtime compilation",
        [["#include <nvrtc.h>"]],
        ["nvrtc.h"],
        hip_tables=["CUDA_RTC_API_supported_by_HIP.md"],
        musa="unsupported",
        musa_note="no MUSA runtime-compilation API is published"),
    family(
        "nvtx", "NVTX annotations (nvToolsExt)",
        [["#include <nvtx3/nvToolsExt.h>", "#include <nvtx3/nvToolsExtCuda.h>",
          "#include <nvtx3/nvToolsExtCudaRt.h>", "#include <nvtx3/nvToolsExtSync.h>"]],
        ["nvtx3/nvToolsExt.h", "nvtx3/nvToolsExtCuda.h", "nvtx3/nvToolsExtCudaRt.h",
         "nvtx3/nvToolsExtSync.h"],
        musa="unsupported",
        musa_note="NVTX has no MUSA counterpart; remove or guard the call",
        hip_same="none",
        hip_missing="roctx (ROCm's roctracer) has counterparts of NVTX's ASCII range and "
                    "mark calls only: remove or guard this one"),
    family(
        "cub", "CUB (namespace cub)",
        [["#include <cub/cub.cuh>"]],
        ["cccl/cub/*"], namespaces=("cub",),
        hip_tables=["CUB_API_supported_by_HIP.md"], hip_check="hipify-table",
        hip_note="hipCUB is not shipped by Debian; the name is from the HIPIFY table",
        musa="same", hip_same="library",
        hip_missing="hipCUB keeps CUB's identifiers, in namespace hipcub "
                    "(<hipcub/hipcub.hpp>); it is not shipped by Debian, so this is not "
                    "compiled here"),
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
        ["cccl/thrust/*"], namespaces=("thrust", "thrust::cuda_cub", "thrust::random"),
        musa="same", hip_check="hipify-table", hip_same="library",
        hip_missing="rocThrust keeps Thrust's names and headers (thrust::cuda is thrust::hip); "
                    "it is not shipped by Debian, so this is not compiled here"),
    family(
        "libcudacxx", "libcu++ (namespaces cuda and cuda::std)",
        [["#include <cuda/std/%s>" % h for h in LIBCUDACXX_STD_HEADERS]
         + ["#include <cuda/%s>" % h for h in LIBCUDACXX_CUDA_HEADERS]],
        ["cccl/cuda/*"], namespaces=("cuda", "cuda::std", "cuda::device"),
        musa="same", hip_check="hipify-table", hip_same="none",
        hip_missing="HIP has no libcu++ and the HIPIFY tables list no counterpart (std:: "
                 "under hipcc may serve: a namespace rename, not verified)"),
)

FAMILY_BY_NAME = {f.name: f for f in FAMILIES}

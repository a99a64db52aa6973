// MUSA code as musify writes it, built with nvcc through the portability layer
// (runtime/include). Each check is a compile-time assertion; EXPECT_MUSA_ARCH
// is the __MUSA_ARCH__ the layer must derive from the nvcc -arch of the build.
#include <musa_runtime.h>
#include <musa.h>
#include <mublas.h>
#include <mublasLt.h>
#include <musa_fp16.h>
#include <musa_bf16.h>
#include <murand_kernel.h>
#include <mufft.h>
#include <musa/std/atomic>
#include <thrust/execution_policy.h>
#include <thrust/reduce.h>
#include <cooperative_groups.h>

#ifndef __MUSACC__
#error "__MUSACC__ must be defined when nvcc defines __CUDACC__"
#endif
#if !defined(MUSART_VERSION) || MUSART_VERSION != MUSIFY_LAYER_MUSA_VERSION || \
    MUSART_VERSION < 40000
#error "MUSART_VERSION must be the MUSA version the layer stands for, in MUSA's numbering"
#endif
#ifndef __MUSA_RUNTIME_H__
#error "the include guard of musa_runtime.h (from __CUDA_RUNTIME_H__) must be defined"
#endif
#ifndef MUBLAS_H_
#error "the include guard MUBLAS_H_ (from CUBLAS_V2_H_) must be defined"
#endif
#if defined(MUSA_VERSION) || \
    (defined(MUSA_COMP_VERSION) && MUSA_COMP_VERSION != MUSIFY_LAYER_MUSA_VERSION)
#error "MUSA_COMP_VERSION must be the layer's MUSA version (where cuda.h is included), and MUSA_VERSION undefined"
#endif
#ifdef __MUSACC_RDC__
#error "__MUSACC_RDC__ must be undefined without -rdc=true (as __CUDACC_RDC__ is)"
#endif

// MUSA_R_32F is the MUSA name of CUDA_R_32F and of CUBLAS_COMPUTE_32F: it must
// convert to each type with its own value, and pick the first where the
// context names neither (musify_layer/merged.h).
constexpr mublasComputeType_t kComputeType = MUSA_R_32F;
constexpr musaDataType_t kDataType = MUSA_R_32F;
static_assert(kComputeType == CUBLAS_COMPUTE_32F && kDataType == CUDA_R_32F,
              "MUSA_R_32F converts to either type with that type's value");
static_assert(kComputeType == MUSA_R_32F && MUSA_R_32F == kDataType && !(MUSA_R_32F != kComputeType),
              "MUSA_R_32F compares equal to either type's value");
static_assert(static_cast<int>(MUSA_R_32F) == static_cast<int>(CUDA_R_32F),
              "as an int, MUSA_R_32F is the first CUDA name");
constexpr int data_type_case(musaDataType_t t) {
  switch (t) {
  case MUSA_R_32F: return 1;
  case MUSA_R_16BF: return 2;
  default: return 0;
  }
}
static_assert(data_type_case(CUDA_R_32F) == 1 && data_type_case(CUDA_R_16BF) == 2,
              "case MUSA_R_32F in a switch over a data type");
// cuBLAS overloads mublasGemmEx on the compute type (cublasComputeType_t and,
// for old code, cudaDataType): MUSA_R_32F there must not be ambiguous.
using GemmResult = decltype(mublasGemmEx(nullptr, MUBLAS_OP_N, MUBLAS_OP_N, 1, 1, 1, nullptr,
                                         nullptr, MUSA_R_16BF, 1, nullptr, MUSA_R_16BF, 1, nullptr,
                                         nullptr, MUSA_R_32F, 1, MUSA_R_32F, MUBLAS_GEMM_DEFAULT));
using LtResult = decltype(mublasLtMatmulDescCreate(nullptr, MUSA_R_32F, MUSA_R_32F));
static_assert(sizeof(GemmResult) == sizeof(mublasStatus_t) && sizeof(LtResult) == sizeof(mublasStatus_t),
              "MUSA_R_32F as a compute type");

__device__ int compute_type_is_32f(mublasComputeType_t c) { return c == MUSA_R_32F; }

__global__ void arch_probe(int *out) {
#ifdef __MUSA_ARCH__
#  if __MUSA_ARCH__ != EXPECT_MUSA_ARCH
#    error "__MUSA_ARCH__ does not match the inverse threshold map"
#  endif
#  if __MUSA_ARCH__ >= 310
  *out = 3;
#  elif __MUSA_ARCH__ >= 220
  *out = 2;
#  else
  *out = 1;
#  endif
#endif
  musa::std::atomic_ref<int>(*out).fetch_add(compute_type_is_32f(MUSA_R_32F) - 1);
}

int main() {
  int *d = nullptr;
  musaError_t err = musaMalloc(&d, sizeof(int));
  if (err != musaSuccess) return 1;
  musaStream_t stream;
  musaStreamCreateWithFlags(&stream, musaStreamNonBlocking);
  arch_probe<<<1, 1, 0, stream>>>(d);
  musaMemcpyKind kind = musaMemcpyDeviceToHost;
  int h = 0;
  musaMemcpyAsync(&h, d, sizeof(int), kind, stream);
  musaStreamSynchronize(stream);
  mublasHandle_t handle = nullptr;
  mublasStatus_t st = MUBLAS_STATUS_SUCCESS;
  __half x = __float2half(1.0f);
  __mt_bfloat16 y = __float2bfloat16(2.0f);
  MUdevice dev = 0;
  mufftHandle plan = 0;
  (void)thrust::musa::par;
  musaFree(d);
  return (handle != nullptr || st != MUBLAS_STATUS_SUCCESS || dev != 0 || plan != 0 ||
          __half2float(x) != 1.0f || __bfloat162float(y) != 2.0f) ? 1 : 0;
}

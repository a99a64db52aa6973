// MUSA code as musify writes it, built with nvcc through the portability layer
// (runtime/include). Each check is a compile-time assertion; EXPECT_MUSA_ARCH
// is the __MUSA_ARCH__ the layer must derive from the nvcc -arch of the build.
#include <musa_runtime.h>
#include <musa.h>
#include <mublas.h>
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
#if !defined(MUSART_VERSION) || MUSART_VERSION != CUDART_VERSION
#error "MUSART_VERSION must be CUDART_VERSION (the scale the migrated tests were written for)"
#endif
#ifndef __MUSA_RUNTIME_H__
#error "the include guard of musa_runtime.h (from __CUDA_RUNTIME_H__) must be defined"
#endif
#ifndef MUBLAS_H_
#error "the include guard MUBLAS_H_ (from CUBLAS_V2_H_) must be defined"
#endif
#if defined(MUSA_VERSION) || (defined(MUSA_COMP_VERSION) && MUSA_COMP_VERSION != CUDA_VERSION)
#error "MUSA_COMP_VERSION must be CUDA_VERSION (where cuda.h is included), and MUSA_VERSION undefined"
#endif
#ifdef __MUSACC_RDC__
#error "__MUSACC_RDC__ must be undefined without -rdc=true (as __CUDACC_RDC__ is)"
#endif

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
  musa::std::atomic_ref<int>(*out).fetch_add(0);
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

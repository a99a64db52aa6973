// NVIDIA's widely copied helper headers test the SDK's include guards to decide
// what to define. After migration the tests must still be true, or the program
// silently loses its helpers: each guard becomes the guard of the header that
// replaces the CUDA one. The HIP output compiles, so the helpers exist.
// RUN: %nvcc-check %s
// RUN: %musify --target=hip %s -o %t.hip
// RUN: FileCheck %s --check-prefix=HIP < %t.hip
// RUN: %hipcc-check %t.hip
// RUN: %musify %s | FileCheck %s --check-prefix=MUSA
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

#ifdef __DRIVER_TYPES_H__
static const char *errorName(cudaError_t error) { return cudaGetErrorName(error); }
#endif

#if defined(__CUDA_RUNTIME_H__)
template <typename T>
void check(T result, const char *func, const char *file, int line) {
  if (result) {
    std::fprintf(stderr, "CUDA error at %s:%d code=%d(%s) \"%s\"\n", file, line,
                 static_cast<unsigned int>(result), errorName(result), func);
    std::exit(EXIT_FAILURE);
  }
}
#define checkCudaErrors(val) check((val), #val, __FILE__, __LINE__)
#endif

int main() {
  int devices = 0;
  checkCudaErrors(cudaGetDeviceCount(&devices));
  std::printf("%d device(s)\n", devices);
  return 0;
}
// HIP: #ifdef HIP_INCLUDE_HIP_HIP_RUNTIME_H
// HIP-NEXT: static const char *errorName(hipError_t error) { return hipGetErrorName(error); }
// HIP: #if defined(HIP_INCLUDE_HIP_HIP_RUNTIME_H)
// HIP: checkCudaErrors(hipGetDeviceCount(&devices));

// MUSA: #ifdef __MUSA_RUNTIME_H__
// MUSA: #if defined(__MUSA_RUNTIME_H__)

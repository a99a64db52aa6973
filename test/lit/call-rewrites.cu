// Calls that are not a plain rename: HIP's symbol APIs take HIP_SYMBOL(sym),
// cudaEventCreate(&e, flags) is hipEventCreateWithFlags, kernel pointers are
// cast for the const void * APIs, and HIP 5.2's warp functions have no mask,
// so a mask other than all lanes is reported. The HIP output compiles.
// RUN: %musify --target=hip %s -o %t.hip 2> %t.err
// RUN: FileCheck %s --check-prefix=HIP < %t.hip
// RUN: FileCheck %s --check-prefix=DIAG < %t.err
// RUN: %hipcc-check %t.hip
// RUN: %musify %s | FileCheck %s --check-prefix=MUSA
#include <cuda_runtime.h>

__constant__ float coeffs[16];
__device__ int counter;

__global__ void smooth(float *data) {
  float v = data[threadIdx.x];
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffff, v, offset);
  unsigned low_half = __ballot_sync(0x0000ffffu, v > 0.0f);
  bool all = __all_sync(0xffffffffu, v > 0.0f);
  data[threadIdx.x] = v * coeffs[0] + low_half + all;
}

void setup(float *device, const float *host) {
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop, cudaEventDisableTiming);
  cudaMemcpyToSymbol(coeffs, host, sizeof(float) * 16);
  int value = 0;
  cudaMemcpyFromSymbol(&value, counter, sizeof(int));
  cudaFuncSetAttribute(smooth, cudaFuncAttributeMaxDynamicSharedMemorySize, 1024);
  void *args[] = {&device};
  cudaLaunchKernel(smooth, dim3(1), dim3(32), args, 0, 0);
}
// HIP:      v += __shfl_down(v, offset);
// HIP:      unsigned low_half = __ballot(v > 0.0f);
// HIP-NEXT: bool all = __all(v > 0.0f);
// HIP:      hipEventCreate(&start);
// HIP-NEXT: hipEventCreateWithFlags(&stop, hipEventDisableTiming);
// HIP-NEXT: hipMemcpyToSymbol(HIP_SYMBOL(coeffs), host, sizeof(float) * 16);
// HIP:      hipMemcpyFromSymbol(&value, HIP_SYMBOL(counter), sizeof(int));
// HIP-NEXT: hipFuncSetAttribute(reinterpret_cast<const void*>(smooth), hipFuncAttributeMaxDynamicSharedMemorySize, 1024);
// HIP:      hipLaunchKernel(reinterpret_cast<const void*>(smooth), dim3(1), dim3(32), args, 0, 0);

// DIAG: call-rewrites.cu:19:23: warning: '__ballot_sync' became '__ballot' without its argument '0x0000ffffu': HIP 5.2 has no *_sync warp functions
// DIAG-NOT: '__shfl_down_sync' became

// MUSA: v += __shfl_down_sync(0xffffffff, v, offset);
// MUSA: musaEventCreate(&stop, musaEventDisableTiming);
// MUSA: musaMemcpyToSymbol(coeffs, host, sizeof(float) * 16);

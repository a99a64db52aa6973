// Kernel launches stay <<<>>> by default (MUSA and HIP both accept them); for
// HIP an option writes hipLaunchKernelGGL, filling in the defaults, wrapping
// template-ids in HIP_KERNEL_NAME and a grid or block not already written
// dim3(...) in dim3, as hipify writes it.
// RUN: %musify %s -- | FileCheck %s --check-prefix=MUSA
// RUN: %musify --target=hip %s -- | FileCheck %s --check-prefix=HIP
// RUN: %musify --target=hip --hip-launch-kernel-ggl %s -- | FileCheck %s --check-prefix=GGL
#include <cuda_runtime.h>

__global__ void fill(float *p, float v) { p[threadIdx.x] = v; }
__global__ void tick() {}
template <typename T, int N> __global__ void scale(T *p) { p[threadIdx.x] *= N; }

void launch(float *p, cudaStream_t s) {
  fill<<<1, 32>>>(p, 1.0f);
  fill<<<dim3(2, 2), dim3(8, 8), 256>>>(p, 2.0f);
  fill<<<4, 64, 0, s>>>(p, 3.0f);
  tick<<<1, 1>>>();
  scale<float, 2><<<1, 32, 0, s>>>(p);
}
// MUSA: fill<<<1, 32>>>(p, 1.0f);
// MUSA: scale<float, 2><<<1, 32, 0, s>>>(p);

// HIP: void launch(float *p, hipStream_t s) {
// HIP-NEXT: fill<<<1, 32>>>(p, 1.0f);

// GGL:      void launch(float *p, hipStream_t s) {
// GGL-NEXT:   hipLaunchKernelGGL(fill, dim3(1), dim3(32), 0, 0, p, 1.0f);
// GGL-NEXT:   hipLaunchKernelGGL(fill, dim3(2, 2), dim3(8, 8), 256, 0, p, 2.0f);
// GGL-NEXT:   hipLaunchKernelGGL(fill, dim3(4), dim3(64), 0, s, p, 3.0f);
// GGL-NEXT:   hipLaunchKernelGGL(tick, dim3(1), dim3(1), 0, 0);
// GGL-NEXT:   hipLaunchKernelGGL(HIP_KERNEL_NAME(scale<float, 2>), dim3(1), dim3(32), 0, s, p);

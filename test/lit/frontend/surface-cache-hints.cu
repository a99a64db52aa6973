// Surface functions and the cache-hint loads and stores live in CUDA headers
// Clang's wrapper skips; musify declares them for parsing.
// RUN: %nvcc-check %s
// RUN: %musify %s | FileCheck %s --check-prefix=MUSA
// RUN: %musify --target=hip %s | FileCheck %s --check-prefix=HIP
#include <cuda_runtime.h>

__global__ void blur_rows(cudaSurfaceObject_t image, int width, int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y;
  if (x <= 0 || x >= width - 1 || y >= height)
    return;
  float left, right;
  surf2Dread(&left, image, (x - 1) * sizeof(float), y);
  surf2Dread(&right, image, (x + 1) * sizeof(float), y);
  float centre = surf2Dread<float>(image, x * sizeof(float), y, cudaBoundaryModeClamp);
  surf2Dwrite((left + centre + right) / 3.0f, image, x * sizeof(float), y);
}

__global__ void stream_copy(const float4 *in, float4 *out, const int *idx, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float4 v = __ldcs(in + i);
  int j = __ldcg(idx + i) + __ldca(idx + i) - __ldlu(idx + i) + __ldcv(idx + i) - __ldcg(idx + i);
  __stcs(out + j, v);
  __stwt(out + i, v);
  __stcg(&out[i].x, v.y);
  __stwb(&out[i].w, 0.0f);
}
// MUSA: __global__ void blur_rows(musaSurfaceObject_t image, int width, int height) {
// MUSA: float centre = surf2Dread<float>(image, x * sizeof(float), y, musaBoundaryModeClamp);
// MUSA: float4 v = __ldcs(in + i);
// HIP: __global__ void blur_rows(hipSurfaceObject_t image, int width, int height) {
// HIP: float centre = surf2Dread<float>(image, x * sizeof(float), y, hipBoundaryModeClamp);

#include <cuda_runtime.h>
#include "shared.h"

__global__ void scale(float *p) { p[threadIdx.x] *= SCALE; }

int main() {
  float *d;
  cudaMalloc(&d, 32 * sizeof(float));
  scale<<<1, 32>>>(d);
  cudaDeviceSetCacheConfig(cudaFuncCachePreferShared);
  cudaFree(d);
  return 0;
}

#include <cuda_runtime.h>
#include "kernels.cuh"
#include "util.h"

int main() {
  float *d = nullptr;
  if (cudaMalloc(&d, 64 * sizeof(float)) != cudaSuccess)
    return 1;
#ifdef USE_FAST
  cudaMemset(d, 0, 64 * sizeof(float));
  fill_fast<<<1, 64>>>(d);
#else
  cudaMemsetAsync(d, 0, 64 * sizeof(float), 0);
  fill<<<1, 64>>>(d);
#endif
  cudaDeviceSynchronize();
  return check(cudaFree(d));
}

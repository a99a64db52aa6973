// Findings of every kind for the SARIF report: a version comparison (reviewed,
// with musify's edit as the fix), inline PTX (a hazard), a name the target
// lacks, and a removed runtime function.
#include <cuda_runtime.h>

__global__ void scale(float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
#if CUDART_VERSION < 11000
  if (i < n)
    x[i] *= a;
#else
  unsigned lane;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  if (i < n)
    x[i] = a * x[i] + 0.0f * lane;
#endif
}

int main() {
  float *x = nullptr;
  cudaMalloc(&x, 256 * sizeof(float));
  scale<<<1, 256>>>(x, 2.0f, 256);
  cudaDeviceFlushGPUDirectRDMAWrites(cudaFlushGPUDirectRDMAWritesTargetCurrentDevice,
                                     cudaFlushGPUDirectRDMAWritesToOwner);
  cudaThreadSynchronize();
  cudaFree(x);
  return 0;
}

// A tiny CUDA program: the input of the validator's proof tests.
#include <cuda_runtime.h>
#include <cstdio>

__global__ void scale(float *p, float s) { p[threadIdx.x] *= s; }

int main() {
  float *d = nullptr;
  if (cudaMalloc(&d, 32 * sizeof(float)) != cudaSuccess) return 1;
  cudaMemset(d, 0, 32 * sizeof(float));
  scale<<<1, 32>>>(d, 2.0f);
  cudaError_t err = cudaDeviceSynchronize();
  cudaFree(d);
  std::printf("tiny: %s\n", err == cudaSuccess ? "PASS" : "FAIL");
  return err == cudaSuccess ? 0 : 1;
}

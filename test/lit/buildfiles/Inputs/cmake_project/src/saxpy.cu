// y = a * x + y.
#include "kernels.cuh"

__global__ void saxpyKernel(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

cudaError_t saxpy(int n, float a, const float *x, float *y, cudaStream_t stream) {
  saxpyKernel<<<(n + 255) / 256, 256, 0, stream>>>(n, a, x, y);
  return cudaGetLastError();
}

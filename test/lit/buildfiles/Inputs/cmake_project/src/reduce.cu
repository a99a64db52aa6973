// The sum of a vector, one atomic add per block.
#include "kernels.cuh"

__global__ void sumKernel(int n, const float *x, float *result) {
  __shared__ float partial[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  partial[threadIdx.x] = i < n ? x[i] : 0.0f;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride)
      partial[threadIdx.x] += partial[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    atomicAdd(result, partial[0]);
}

cudaError_t sum(int n, const float *x, float *result, cudaStream_t stream) {
  cudaError_t Err = cudaMemsetAsync(result, 0, sizeof(float), stream);
  if (Err != cudaSuccess)
    return Err;
  sumKernel<<<(n + 255) / 256, 256, 0, stream>>>(n, x, result);
  return cudaGetLastError();
}

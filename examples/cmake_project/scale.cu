// The kernel and its launch: the one file that needs a device compiler.
#include "scale.cuh"

__global__ void saxpy(float a, const float *x, float *y, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    y[i] = a * x[i] + y[i];
}

void saxpy_on_device(float a, const float *x, float *y, int n, cudaStream_t stream) {
  const int block = 256;
  const int grid = (n + block - 1) / block < 1024 ? (n + block - 1) / block : 1024;
  saxpy<<<grid, block, 0, stream>>>(a, x, y, n);
  EXAMPLE_CHECK(cudaGetLastError());
}

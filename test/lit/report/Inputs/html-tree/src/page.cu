// A comment that would close the page's script: </script><script>alert(1)</script>
// and markup: <b>bold</b> & "quotes" <!-- not a comment --> caf\u00e9 and café
#include <cuda_runtime.h>

__global__ void fill(float *p) { p[threadIdx.x] = 1.0f; }

int main() {
  float *p;
  cudaDeviceSetLimit(cudaLimitMallocHeapSize, 1 << 20);
  cudaMalloc(&p, 32 * sizeof(float));
  fill<<<1, 32>>>(p);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}

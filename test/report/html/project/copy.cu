#include <cuda_runtime.h>

int copy(float *host, const float *device, int n) {
  cudaError_t err = cudaMemcpy(host, device, n * sizeof(float), cudaMemcpyDeviceToHost);
  return err == cudaSuccess ? 0 : 1;
}

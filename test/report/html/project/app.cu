// The report must show this comment as text: </script><b>not bold</b>
#include "kernels.cuh"

int main() {
  const int n = 1024;
  float *d = nullptr;
  cudaDeviceSetLimit(cudaLimitMallocHeapSize, 64 << 20);
  cudaMalloc(&d, n * sizeof(float));
  scale<<<n / 256, 256>>>(d, 2.0f, n);
  cudaDeviceSynchronize();
  cudaFree(d);
  return 0;
}

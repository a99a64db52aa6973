// Fills a vector, scales it on the GPU and checks every element: PASS or FAIL.
#include "kernels.h"

#include <cuda_runtime.h>

#include <cstdio>
#include <vector>

int main() {
  const int n = 1000;
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i)
    x[i] = float(i);
  float *dx = nullptr, *dy = nullptr;
  if (cudaMalloc(&dx, n * sizeof(float)) != cudaSuccess ||
      cudaMalloc(&dy, n * sizeof(float)) != cudaSuccess) {
    std::printf("FAIL: no device memory\n");
    return 1;
  }
  cudaMemcpy(dx, x.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  scaleOnDevice(2.0f, dx, dy, n);
  cudaMemcpy(y.data(), dy, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(dx);
  cudaFree(dy);
  for (int i = 0; i < n; ++i)
    if (y[i] != 3.0f * i) {
      std::printf("FAIL: y[%d] = %g\n", i, y[i]);
      return 1;
    }
  std::printf("PASS\n");
  return 0;
}

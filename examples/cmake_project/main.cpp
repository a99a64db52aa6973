// Host code of the CMake example: plain C++ (any host compiler builds it) that
// uses the CUDA runtime API and calls the kernel's launcher in scale.cu.
// Prints PASS when the device result matches the CPU.
#include "scale.cuh"

#include <cmath>
#include <vector>

int main() {
  const int n = 1 << 20;
  const float a = 2.5f;
  std::vector<float> x(n), y(n), expected(n);
  for (int i = 0; i < n; ++i) {
    x[i] = std::sin(0.001f * i);
    y[i] = std::cos(0.001f * i);
    expected[i] = a * x[i] + y[i];
  }

  int devices = 0;
  EXAMPLE_CHECK(cudaGetDeviceCount(&devices));
  cudaStream_t stream;
  EXAMPLE_CHECK(cudaStreamCreate(&stream));
  float *dx, *dy;
  const size_t bytes = n * sizeof(float);
  EXAMPLE_CHECK(cudaMalloc(&dx, bytes));
  EXAMPLE_CHECK(cudaMalloc(&dy, bytes));
  EXAMPLE_CHECK(cudaMemcpyAsync(dx, x.data(), bytes, cudaMemcpyHostToDevice, stream));
  EXAMPLE_CHECK(cudaMemcpyAsync(dy, y.data(), bytes, cudaMemcpyHostToDevice, stream));
  saxpy_on_device(a, dx, dy, n, stream);
  EXAMPLE_CHECK(cudaMemcpyAsync(y.data(), dy, bytes, cudaMemcpyDeviceToHost, stream));
  EXAMPLE_CHECK(cudaStreamSynchronize(stream));

  int errors = 0;
  for (int i = 0; i < n; ++i)
    if (std::fabs(y[i] - expected[i]) > 1e-5f)
      ++errors;
  std::printf("cmake_project: saxpy of %d elements, %d mismatches on %d device(s): %s\n",
              n, errors, devices, errors == 0 ? "PASS" : "FAIL");

  EXAMPLE_CHECK(cudaFree(dx));
  EXAMPLE_CHECK(cudaFree(dy));
  EXAMPLE_CHECK(cudaStreamDestroy(stream));
  return errors == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

// CUDA 13's Thrust, CUB and libcu++ need C++17 and live in include/cccl:
// musify defaults to C++17 and finds them.
// RUN: %nvcc-check %s
// RUN: %musify %s | FileCheck %s
#include <cub/cub.cuh>
#include <cuda/std/complex>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/sort.h>

float sum(const float *d_in, float *d_out, int n, cudaStream_t stream) {
  void *temp = nullptr;
  size_t bytes = 0;
  cub::DeviceReduce::Sum(temp, bytes, d_in, d_out, n, stream);
  cudaMallocAsync(&temp, bytes, stream);
  cub::DeviceReduce::Sum(temp, bytes, d_in, d_out, n, stream);
  cudaFreeAsync(temp, stream);
  float result = 0;
  cudaMemcpyAsync(&result, d_out, sizeof(float), cudaMemcpyDeviceToHost, stream);
  return result;
}

void sort_keys(thrust::device_vector<int> &keys) {
  thrust::sort(thrust::device, keys.begin(), keys.end());
  if constexpr (sizeof(cuda::std::complex<float>) == 8)
    keys.push_back(0);
}
// CHECK: float sum(const float *d_in, float *d_out, int n, musaStream_t stream) {
// CHECK: musaMallocAsync(&temp, bytes, stream);
// CHECK: musaMemcpyAsync(&result, d_out, sizeof(float), musaMemcpyDeviceToHost, stream);

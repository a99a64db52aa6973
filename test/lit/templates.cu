// CUDA calls and types in templates migrate whether or not the template is
// instantiated, including calls whose arguments depend on the template
// parameters; templated kernels launch as <<<>>> or, for HIP on request,
// through hipLaunchKernelGGL (HIP_KERNEL_NAME around a template-id with commas).
// RUN: %musify %s | FileCheck %s --check-prefix=MUSA
// RUN: %musify --target=hip --hip-launch-kernel-ggl %s -o %t.hip
// RUN: FileCheck %s --check-prefix=GGL < %t.hip
// RUN: %hipcc-check %t.hip
#include <cuda_runtime.h>

template <typename T, int Factor> __global__ void scale(T *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] *= Factor;
}

// Never instantiated: only the parse of its definition sees these calls.
template <typename T> cudaError_t upload(T *device, const T *host, size_t n,
                                         cudaStream_t stream) {
  return cudaMemcpyAsync(device, host, n * sizeof(T), cudaMemcpyHostToDevice, stream);
}

template <typename T> struct DeviceBuffer {
  T *ptr = nullptr;
  cudaError_t allocate(size_t n) { return cudaMalloc(&ptr, n * sizeof(T)); }
  void scale_by_two(int n, cudaStream_t s) {
    scale<T, 2><<<(n + 255) / 256, 256, 0, s>>>(ptr, n);
  }
  ~DeviceBuffer() { cudaFree(ptr); }
};
// MUSA: template <typename T> musaError_t upload(T *device, const T *host, size_t n,
// MUSA-NEXT: musaStream_t stream) {
// MUSA-NEXT: return musaMemcpyAsync(device, host, n * sizeof(T), musaMemcpyHostToDevice, stream);
// MUSA: musaError_t allocate(size_t n) { return musaMalloc(&ptr, n * sizeof(T)); }
// MUSA: void scale_by_two(int n, musaStream_t s) {
// MUSA-NEXT: scale<T, 2><<<(n + 255) / 256, 256, 0, s>>>(ptr, n);
// MUSA: ~DeviceBuffer() { musaFree(ptr); }

// GGL: return hipMemcpyAsync(device, host, n * sizeof(T), hipMemcpyHostToDevice, stream);
// GGL: hipLaunchKernelGGL(HIP_KERNEL_NAME(scale<T, 2>), dim3((n + 255) / 256), dim3(256), 0, s, ptr, n);

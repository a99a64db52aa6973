// CUB: a device-wide reduction with the two-phase temp-storage idiom
// (cub::DeviceReduce::Sum called once for the size, once to run) and a
// block-wide reduction (cub::BlockReduce with its TempStorage). MUSA's CUB
// keeps CUB's header and names, so only the runtime names change. hipCUB
// keeps CUB's names in namespace hipcub, declared by <hipcub/hipcub.hpp>; it is
// not shipped by Debian, so the HIP output is not compiled.
//
// Members of CUB classes (cub::DeviceReduce::Sum, cub::BlockReduce::
// TempStorage) are their class's: the class's reference, on the qualifier,
// decides what becomes of them, and they are never reported as unknown.
// On MUSA cub::DeviceReduce and cub::BlockReduce are kept; on HIP only the
// namespace changes. The expected diagnostics below have no
// musify-unknown.
//
//
//
//
//
//
// Comment lines are dropped from the output before checking, so an expected
// line below can never match itself.
// RUN: %nvcc-check %s
// RUN: %musify %s -o %t.mu 2> %t.musa.err
// RUN: grep -v '^[[:space:]]*//' %t.mu | FileCheck %s --match-full-lines --check-prefix=MUSA --implicit-check-not=cuda
// RUN: FileCheck %s --match-full-lines --check-prefix=MUSA-DIAG --implicit-check-not=warning: < %t.musa.err
// RUN: %musify --target=hip %s -o %t.hip 2> %t.hip.err
// RUN: grep -v '^[[:space:]]*//' %t.hip | FileCheck %s --match-full-lines --check-prefix=HIP --implicit-check-not=cuda
// RUN: FileCheck %s --match-full-lines --check-prefix=HIP-DIAG --implicit-check-not=warning: < %t.hip.err
#include <cuda_runtime.h>
#include <cub/cub.cuh>
// MUSA:      #include <musa_runtime.h>
// MUSA-NEXT: #include <cub/cub.cuh>
// HIP:       #include <hip/hip_runtime.h>
// HIP-NEXT:  #include <hipcub/hipcub.hpp>

// Sums each block's 256 inputs with a block-wide reduction.
__global__ void block_sums(const int *in, int *out) {
  using BlockReduce = cub::BlockReduce<int, 256>;
  __shared__ typename BlockReduce::TempStorage temp;
  int value = in[blockIdx.x * 256 + threadIdx.x];
  int sum = BlockReduce(temp).Sum(value);
  if (threadIdx.x == 0)
    out[blockIdx.x] = sum;
}
// MUSA:        using BlockReduce = cub::BlockReduce<int, 256>;
// MUSA-NEXT:   __shared__ typename BlockReduce::TempStorage temp;
// MUSA-NEXT:   int value = in[blockIdx.x * 256 + threadIdx.x];
// MUSA-NEXT:   int sum = BlockReduce(temp).Sum(value);
// HIP:         using BlockReduce = hipcub::BlockReduce<int, 256>;
// HIP-NEXT:    __shared__ typename BlockReduce::TempStorage temp;
// HIP-NEXT:    int value = in[blockIdx.x * 256 + threadIdx.x];
// HIP-NEXT:    int sum = BlockReduce(temp).Sum(value);

// Sums n device integers into *device_total, asking CUB for its scratch size first.
cudaError_t device_sum(const int *in, int *device_total, int n, cudaStream_t stream) {
  void *temp_storage = nullptr;
  size_t temp_bytes = 0;
  cub::DeviceReduce::Sum(temp_storage, temp_bytes, in, device_total, n, stream);
  cudaError_t err = cudaMalloc(&temp_storage, temp_bytes);
  if (err != cudaSuccess)
    return err;
  err = cub::DeviceReduce::Sum(temp_storage, temp_bytes, in, device_total, n, stream);
  cudaFree(temp_storage);
  return err;
}
// MUSA:      musaError_t device_sum(const int *in, int *device_total, int n, musaStream_t stream) {
// MUSA-NEXT:   void *temp_storage = nullptr;
// MUSA-NEXT:   size_t temp_bytes = 0;
// MUSA-NEXT:   cub::DeviceReduce::Sum(temp_storage, temp_bytes, in, device_total, n, stream);
// MUSA-NEXT:   musaError_t err = musaMalloc(&temp_storage, temp_bytes);
// MUSA-NEXT:   if (err != musaSuccess)
// MUSA-NEXT:     return err;
// MUSA-NEXT:   err = cub::DeviceReduce::Sum(temp_storage, temp_bytes, in, device_total, n, stream);
// MUSA-NEXT:   musaFree(temp_storage);

// HIP:       hipError_t device_sum(const int *in, int *device_total, int n, hipStream_t stream) {
// HIP-NEXT:    void *temp_storage = nullptr;
// HIP-NEXT:    size_t temp_bytes = 0;
// HIP-NEXT:    hipcub::DeviceReduce::Sum(temp_storage, temp_bytes, in, device_total, n, stream);
// HIP-NEXT:    hipError_t err = hipMalloc(&temp_storage, temp_bytes);
// HIP-NEXT:    if (err != hipSuccess)
// HIP-NEXT:      return err;
// HIP-NEXT:    err = hipcub::DeviceReduce::Sum(temp_storage, temp_bytes, in, device_total, n, stream);
// HIP-NEXT:    hipFree(temp_storage);

// MUSA-DIAG: musify: 1 file to {{MUSA}}: {{[0-9]+}} references: 7 migrated, 0 migrated without semantics, {{[0-9]+}} kept, 0 unsupported, 0 unknown

// HIP-DIAG: musify: 1 file to {{HIP}}: 20 references: 11 migrated, 0 migrated without semantics, 9 kept, 0 unsupported, 0 unknown

// Calls that compile against CUDA's declarations but not HIP 5.2's as they
// are written: a typed pointer where hipHostAlloc takes void ** (CUDA has a
// template overload), and flags CUDA lets default where HIP requires them.
// The missing argument is written after the last one; a call that writes it
// stays as it is. The HIP output compiles.
// RUN: %musify --target=hip %s -o %t.hip
// RUN: FileCheck %s --check-prefix=HIP < %t.hip
// RUN: %hipcc-check %t.hip
// RUN: %musify %s | FileCheck %s --check-prefix=MUSA
#include <cuda_runtime.h>

void copy(float **pinned, cudaStream_t s1, cudaStream_t s2, cudaEvent_t done,
          cudaArray_t *volume, cudaChannelFormatDesc *desc) {
  cudaHostAlloc(pinned, 1024 * sizeof(float), cudaHostAllocMapped);
  cudaStreamWaitEvent(s2, done);
  cudaStreamWaitEvent(s1, done, 0);
  cudaMalloc3DArray(volume, desc, make_cudaExtent(8, 8, 8));
}

// HIP:      hipHostAlloc(reinterpret_cast<void **>(pinned), 1024 * sizeof(float), hipHostMallocMapped);
// HIP-NEXT: hipStreamWaitEvent(s2, done, 0);
// HIP-NEXT: hipStreamWaitEvent(s1, done, 0);
// HIP-NEXT: hipMalloc3DArray(volume, desc, make_hipExtent(8, 8, 8), 0);
// MUSA:      musaHostAlloc(pinned, 1024 * sizeof(float), musaHostAllocMapped);
// MUSA-NEXT: musaStreamWaitEvent(s2, done);
// MUSA-NEXT: musaStreamWaitEvent(s1, done, 0);
// MUSA-NEXT: musaMalloc3DArray(volume, desc, make_musaExtent(8, 8, 8));

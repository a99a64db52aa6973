// Thrust on a stream: thrust::cuda::par.on(stream) with a device_vector, sort
// and reduce. MUSA's Thrust keeps Thrust's headers and names and calls the
// policy namespace thrust::musa. rocThrust keeps them too and calls it
// thrust::hip; it is not shipped by Debian, so the HIP output is not compiled.
// Comment lines are dropped from the output before checking, so an expected
// line below can never match itself.
// RUN: %nvcc-check %s
// RUN: %musify %s -o %t.mu 2> %t.musa.err
// RUN: grep -v '^[[:space:]]*//' %t.mu | FileCheck %s --match-full-lines --check-prefix=MUSA --implicit-check-not=cuda
// RUN: FileCheck %s --match-full-lines --check-prefix=MUSA-DIAG --implicit-check-not=warning: < %t.musa.err
// RUN: %musify --target=hip %s -o %t.hip 2> %t.hip.err
// RUN: grep -v '^[[:space:]]*//' %t.hip | FileCheck %s --match-full-lines --check-prefix=HIP
// RUN: FileCheck %s --match-full-lines --check-prefix=HIP-DIAG --implicit-check-not=warning: < %t.hip.err
#include <cuda_runtime.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/reduce.h>
#include <thrust/sort.h>
// MUSA:      #include <musa_runtime.h>
// MUSA-NEXT: #include <thrust/device_vector.h>
// MUSA-NEXT: #include <thrust/execution_policy.h>
// MUSA-NEXT: #include <thrust/reduce.h>
// MUSA-NEXT: #include <thrust/sort.h>
// HIP:       #include <hip/hip_runtime.h>
// HIP-NEXT:  #include <thrust/device_vector.h>
// HIP-NEXT:  #include <thrust/execution_policy.h>
// HIP-NEXT:  #include <thrust/reduce.h>
// HIP-NEXT:  #include <thrust/sort.h>

// Sorts the keys on `stream` and returns their sum.
float sort_and_sum(const float *host, int n, cudaStream_t stream) {
  thrust::device_vector<float> keys(host, host + n);
  thrust::sort(thrust::cuda::par.on(stream), keys.begin(), keys.end());
  float total = thrust::reduce(thrust::cuda::par.on(stream), keys.begin(),
                               keys.end(), 0.0f);
  cudaStreamSynchronize(stream);
  return total;
}
// MUSA:      float sort_and_sum(const float *host, int n, musaStream_t stream) {
// MUSA-NEXT:   thrust::device_vector<float> keys(host, host + n);
// MUSA-NEXT:   thrust::sort(thrust::musa::par.on(stream), keys.begin(), keys.end());
// MUSA-NEXT:   float total = thrust::reduce(thrust::musa::par.on(stream), keys.begin(),
// MUSA-NEXT:                                keys.end(), 0.0f);
// MUSA-NEXT:   musaStreamSynchronize(stream);
// MUSA-NEXT:   return total;
// MUSA-NEXT: }

// HIP:      float sort_and_sum(const float *host, int n, hipStream_t stream) {
// HIP-NEXT:   thrust::device_vector<float> keys(host, host + n);
// HIP-NEXT:   thrust::sort(thrust::hip::par.on(stream), keys.begin(), keys.end());
// HIP-NEXT:   float total = thrust::reduce(thrust::hip::par.on(stream), keys.begin(),
// HIP-NEXT:                                keys.end(), 0.0f);
// HIP-NEXT:   hipStreamSynchronize(stream);
// HIP-NEXT:   return total;
// HIP-NEXT: }

// MUSA-DIAG: musify: 1 file to {{MUSA}}: 19 references: 5 migrated, 0 migrated without semantics, 14 kept, 0 unsupported, 0 unknown

// HIP-DIAG: musify: 1 file to {{HIP}}: 19 references: 5 migrated, 0 migrated without semantics, 14 kept, 0 unsupported, 0 unknown

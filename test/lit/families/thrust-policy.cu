// Thrust on a stream: thrust::cuda::par.on(stream) with a device_vector, sort
// and reduce. MUSA's Thrust keeps Thrust's headers and names and calls the
// policy namespace thrust::musa. rocThrust (thrust::hip) is not shipped by
// Debian, so on HIP every Thrust name stays, marked and warned about, and the
// HIP output is not compiled; the stream type still migrates.
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
// HIP-NEXT:  #include /* musify: unsupported on HIP */ <thrust/device_vector.h>
// HIP-NEXT:  #include /* musify: unsupported on HIP */ <thrust/execution_policy.h>
// HIP-NEXT:  #include /* musify: unsupported on HIP */ <thrust/reduce.h>
// HIP-NEXT:  #include /* musify: unsupported on HIP */ <thrust/sort.h>

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
// HIP-NEXT:   /* musify: unsupported on HIP */ thrust::/* musify: unsupported on HIP */ device_vector<float> keys(host, host + n);
// HIP-NEXT:   /* musify: unsupported on HIP */ thrust::/* musify: unsupported on HIP */ sort(/* musify: unsupported on HIP */ thrust::/* musify: unsupported on HIP */ cuda::/* musify: unsupported on HIP */ par.on(stream), keys.begin(), keys.end());
// HIP-NEXT:   float total = /* musify: unsupported on HIP */ thrust::/* musify: unsupported on HIP */ reduce(/* musify: unsupported on HIP */ thrust::/* musify: unsupported on HIP */ cuda::/* musify: unsupported on HIP */ par.on(stream), keys.begin(),
// HIP-NEXT:                                keys.end(), 0.0f);
// HIP-NEXT:   hipStreamSynchronize(stream);
// HIP-NEXT:   return total;
// HIP-NEXT: }

// MUSA-DIAG: musify: 1 file to {{MUSA}}: 19 references: 5 migrated, 0 migrated without semantics, 14 kept, 0 unsupported, 0 unknown

// HIP-DIAG:      {{.*}}thrust-policy.cu:16:10: warning: 'thrust/device_vector.h' has no HIP equivalent: rocThrust keeps Thrust's header paths, but it is not shipped by Debian: not verified [musify-unsupported]
// HIP-DIAG-NEXT: {{.*}}thrust-policy.cu:17:10: warning: 'thrust/execution_policy.h' has no HIP equivalent: {{.*}} [musify-unsupported]
// HIP-DIAG-NEXT: {{.*}}thrust-policy.cu:18:10: warning: 'thrust/reduce.h' has no HIP equivalent: {{.*}} [musify-unsupported]
// HIP-DIAG-NEXT: {{.*}}thrust-policy.cu:19:10: warning: 'thrust/sort.h' has no HIP equivalent: {{.*}} [musify-unsupported]
// HIP-DIAG-NEXT: {{.*}}thrust-policy.cu:33:3: warning: 'thrust' has no HIP equivalent: {{.*}} [musify-unsupported]
// HIP-DIAG-NEXT: {{.*}}thrust-policy.cu:33:11: warning: 'thrust::device_vector' has no HIP equivalent: {{.*}} [musify-unsupported]
// HIP-DIAG-NEXT: {{.*}}thrust-policy.cu:34:3: warning: 'thrust' has no HIP equivalent: {{.*}} [musify-unsupported]
// HIP-DIAG-NEXT: {{.*}}thrust-policy.cu:34:11: warning: 'thrust::sort' has no HIP equivalent: {{.*}} [musify-unsupported]
// HIP-DIAG-NEXT: {{.*}}thrust-policy.cu:34:16: warning: 'thrust' has no HIP equivalent: {{.*}} [musify-unsupported]
// HIP-DIAG-NEXT: {{.*}}thrust-policy.cu:34:24: warning: 'thrust::cuda' has no HIP equivalent: rocThrust's thrust::hip is not shipped by Debian: not verified [musify-unsupported]
// HIP-DIAG-NEXT: {{.*}}thrust-policy.cu:34:30: warning: 'thrust::cuda_cub::par' has no HIP equivalent: {{.*}} [musify-unsupported]
// HIP-DIAG-NEXT: {{.*}}thrust-policy.cu:35:17: warning: 'thrust' has no HIP equivalent: {{.*}} [musify-unsupported]
// HIP-DIAG-NEXT: {{.*}}thrust-policy.cu:35:25: warning: 'thrust::reduce' has no HIP equivalent: {{.*}} [musify-unsupported]
// HIP-DIAG-NEXT: {{.*}}thrust-policy.cu:35:32: warning: 'thrust' has no HIP equivalent: {{.*}} [musify-unsupported]
// HIP-DIAG-NEXT: {{.*}}thrust-policy.cu:35:40: warning: 'thrust::cuda' has no HIP equivalent: {{.*}} [musify-unsupported]
// HIP-DIAG-NEXT: {{.*}}thrust-policy.cu:35:46: warning: 'thrust::cuda_cub::par' has no HIP equivalent: {{.*}} [musify-unsupported]
// HIP-DIAG-NEXT: musify: 1 file to {{HIP}}: 19 references: 3 migrated, 0 migrated without semantics, 0 kept, 16 unsupported, 0 unknown

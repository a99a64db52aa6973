// A macro of the user's that no expansion of the parse reads (unused, or
// expanded only where device compilation reads it) is migrated by spelling,
// as a skipped region is, not left as written without a finding.
// RUN: %musify %s -o %t.mu 2> %t.err
// RUN: FileCheck %s --check-prefix=MUSA < %t.mu
// RUN: %musify --target=hip %s -o %t.hip 2> %t.hip.err
// RUN: FileCheck %s --check-prefix=HIP < %t.hip
#include <cuda_runtime.h>

#define ARCH_VALUE __CUDA_ARCH__
#define STREAM_OF(x) ((cudaStream_t)(x))

__device__ int arch() {
#ifdef __CUDA_ARCH__
  return ARCH_VALUE;
#else
  return 0;
#endif
}

// A macro the host parse expands is migrated through that expansion.
#define SYNC() cudaDeviceSynchronize()
void sync() { SYNC(); }

// MUSA:      {{^}}#define ARCH_VALUE __MUSA_ARCH__{{$}}
// MUSA-NEXT: {{^}}#define STREAM_OF(x) ((musaStream_t)(x)){{$}}
// MUSA:      {{^}}#define SYNC() musaDeviceSynchronize(){{$}}

// HIP:      {{^}}// musify-unsupported: '__CUDA_ARCH__' has no HIP equivalent: used as a value here{{.*}}
// HIP-NEXT: {{^}}#define ARCH_VALUE __CUDA_ARCH__{{$}}
// HIP-NEXT: {{^}}#define STREAM_OF(x) ((hipStream_t)(x)){{$}}
// HIP:      {{^}}#define SYNC() hipDeviceSynchronize(){{$}}

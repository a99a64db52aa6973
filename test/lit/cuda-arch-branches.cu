// Both sides of #ifdef __CUDA_ARCH__ are migrated: the host parse resolves one,
// the token rewriter migrates the branch the preprocessor skipped, and the
// report says which is which.
// RUN: %musify %s --report %t.json -- | FileCheck %s --check-prefix=MUSA
// RUN: %python -c "import json; r = json.load(open('%t.json')); [print(e['line'], e['cuda'], e['status'], e['evidence']) for e in r['files'][0]['references']]" | FileCheck %s --check-prefix=REPORT
// RUN: %musify --target=hip %s -- | FileCheck %s --check-prefix=HIP
#include <cuda_runtime.h>

__host__ __device__ int where() {
#ifdef __CUDA_ARCH__
  return __CUDA_ARCH__ + (int)cudaMemcpyDeviceToDevice;
#else
  return (int)cudaMemcpyHostToHost;
#endif
}

#if defined(__CUDACC__)
cudaError_t sync() { return cudaDeviceSynchronize(); }
#endif
// MUSA:      #ifdef __MUSA_ARCH__
// MUSA-NEXT:   return __MUSA_ARCH__ + (int)musaMemcpyDeviceToDevice;
// MUSA-NEXT: #else
// MUSA-NEXT:   return (int)musaMemcpyHostToHost;
// MUSA:      #if defined(__MUSACC__)
// MUSA-NEXT: musaError_t sync() { return musaDeviceSynchronize(); }

// REPORT: 10 __CUDA_ARCH__ migrated macro-test
// REPORT: 11 __CUDA_ARCH__ migrated-without-semantics skipped-region
// REPORT: 11 cudaMemcpyDeviceToDevice migrated-without-semantics skipped-region
// REPORT: 13 cudaMemcpyHostToHost migrated declaration
// REPORT: 17 __CUDACC__ migrated macro
// REPORT: 18 cudaError_t migrated declaration

// HIP:      #ifdef __HIP_DEVICE_COMPILE__
// HIP:        return (int)hipMemcpyHostToHost;
// HIP:      #if defined(__HIPCC__)
// HIP-NEXT: hipError_t sync() { return hipDeviceSynchronize(); }

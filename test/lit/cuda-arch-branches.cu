// Both sides of #ifdef __CUDA_ARCH__ are migrated with semantics: the host
// parse resolves one, a device-side parse (for the newest architecture Clang
// knows, sm_90, which compiles every branch here) resolves the branches the
// host skipped, and the report says which is which. Only what neither side
// compiles (#if 0) is left to the token rewriter.
// RUN: %nvcc-check %s
// RUN: %musify %s --report %t.json -- | FileCheck %s --check-prefix=MUSA
// RUN: %python -c "import json; r = json.load(open('%t.json')); [print(e['line'], e['cuda'], e['status'], e['evidence']) for e in r['files'][0]['references']]" | FileCheck %s --check-prefix=REPORT
// RUN: %musify --target=hip %s -- | FileCheck %s --check-prefix=HIP
// RUN: %python -c "import json; print(json.load(open('%t.json'))['files'][0]['device_parses'])" | FileCheck %s --check-prefix=PARSES
// RUN: %musify --no-device-side %s --report %t.off.json -o %t.off.cu
// RUN: %python -c "import json; f = json.load(open('%t.off.json'))['files'][0]; print('device_parses' in f); [print(e['line'], e['cuda'], e['evidence']) for e in f['references'] if e['line'] in (17, 25)]" | FileCheck %s --check-prefix=OFF
#include <cuda_runtime.h>

__host__ __device__ int where() {
#ifdef __CUDA_ARCH__
  return __CUDA_ARCH__ + (int)cudaMemcpyDeviceToDevice;
#else
  return (int)cudaMemcpyHostToHost;
#endif
}

__global__ void broadcast(float *x) {
#if __CUDA_ARCH__ >= 800
  x[threadIdx.x] = __shfl_sync(0xffffffffu, x[threadIdx.x], 0);
#endif
#if 0
  cudaDeviceReset();
#endif
}

#if defined(__CUDACC__)
cudaError_t sync() { return cudaDeviceSynchronize(); }
#endif
// MUSA:      #ifdef __MUSA_ARCH__
// MUSA-NEXT:   return __MUSA_ARCH__ + (int)musaMemcpyDeviceToDevice;
// MUSA-NEXT: #else
// MUSA-NEXT:   return (int)musaMemcpyHostToHost;
// MUSA:        musaDeviceReset();
// MUSA:      #if defined(__MUSACC__)
// MUSA-NEXT: musaError_t sync() { return musaDeviceSynchronize(); }

// REPORT: 16 __CUDA_ARCH__ migrated macro
// REPORT: 17 __CUDA_ARCH__ migrated macro
// REPORT: 17 cudaMemcpyDeviceToDevice migrated declaration
// REPORT: 19 cudaMemcpyHostToHost migrated declaration
// REPORT: 25 __shfl_sync kept declaration
// REPORT: 28 cudaDeviceReset migrated-without-semantics skipped-region
// REPORT: 32 __CUDACC__ migrated macro
// REPORT: 33 cudaError_t migrated declaration

// PARSES: ['sm_90']

// Without the device side, the token rewriter migrates those branches.
// OFF:      False
// OFF-NEXT: 17 __CUDA_ARCH__ skipped-region
// OFF-NEXT: 17 cudaMemcpyDeviceToDevice skipped-region
// OFF-NEXT: 25 threadIdx skipped-region
// OFF-NEXT: 25 __shfl_sync skipped-region
// OFF-NEXT: 25 threadIdx skipped-region

// HIP:      #ifdef __HIP_DEVICE_COMPILE__
// HIP:        return (int)hipMemcpyHostToHost;
// HIP:      #if defined(__HIPCC__)
// HIP-NEXT: hipError_t sync() { return hipDeviceSynchronize(); }

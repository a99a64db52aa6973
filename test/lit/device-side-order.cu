// The device side parses for sm_90 first: it compiles `#ifdef __CUDA_ARCH__`
// and every `#if __CUDA_ARCH__ >= N` branch, so a unit with only those needs
// one device-side parse. A branch only an older architecture compiles
// (`__CUDA_ARCH__ < 600` under `defined(__CUDA_ARCH__)`) gets a second parse,
// for the flags' architecture (sm_52 when they name none); one the flags'
// architecture does not compile either is left to the token rewriter.
// RUN: %musify %s --report %t.new.json -o %t.new.mu
// RUN: %python -c "import json; f = json.load(open('%t.new.json'))['files'][0]; print(f['device_parses']); [print(e['line'], e['cuda'], e['evidence']) for e in f['references'] if e['line'] in (25, 35)]" | FileCheck %s --check-prefix=NEW
// RUN: %musify %s --report %t.old.json -o %t.old.mu -- -DOLD_FALLBACK
// RUN: %python -c "import json; f = json.load(open('%t.old.json'))['files'][0]; print(f['device_parses']); [print(e['line'], e['cuda'], e['evidence']) for e in f['references'] if e['line'] in (25, 35)]" | FileCheck %s --check-prefix=OLD
// RUN: FileCheck %s --check-prefix=MUSA < %t.old.mu
// RUN: %musify %s --report %t.sm70.json -o %t.sm70.mu -- -DOLD_FALLBACK -arch=sm_70
// RUN: %python -c "import json; f = json.load(open('%t.sm70.json'))['files'][0]; print(f['device_parses']); [print(e['line'], e['cuda'], e['evidence']) for e in f['references'] if e['line'] in (25, 35)]" | FileCheck %s --check-prefix=SM70
#include <cuda_runtime.h>

__global__ void broadcast(float *x) {
#if __CUDA_ARCH__ >= 800
  x[threadIdx.x] = __shfl_sync(0xffffffffu, x[threadIdx.x], 0);
#endif
}

#ifdef OLD_FALLBACK
__device__ int copyKind() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 600
  return (int)cudaMemcpyDeviceToHost;
#else
  return (int)cudaMemcpyHostToDevice;
#endif
}
#endif

// A branch for the newest architectures alone: sm_90 reads it.
__global__ void newest(int *x) {
#if __CUDA_ARCH__ >= 900
  *x = (int)cudaMemcpyDefault;
#endif
}

// Without OLD_FALLBACK its branch is off for every side (a user macro).
// NEW:      ['sm_90']
// NEW-NEXT: 25 cudaMemcpyDeviceToHost skipped-region
// NEW-NEXT: 35 cudaMemcpyDefault declaration

// OLD:      ['sm_90', 'sm_52']
// OLD-NEXT: 25 cudaMemcpyDeviceToHost declaration
// OLD-NEXT: 35 cudaMemcpyDefault declaration

// MUSA:      #if defined(__MUSA_ARCH__) && __MUSA_ARCH__ < 600
// MUSA-NEXT:   return (int)musaMemcpyDeviceToHost;
// MUSA-NEXT: #else
// MUSA-NEXT:   return (int)musaMemcpyHostToDevice;

// sm_70 compiles neither `< 600` nor `>= 900` alone: sm_90 reads the one, and
// the other is left to the token rewriter.
// SM70:      ['sm_90', 'sm_70']
// SM70-NEXT: 25 cudaMemcpyDeviceToHost skipped-region
// SM70-NEXT: 35 cudaMemcpyDefault declaration

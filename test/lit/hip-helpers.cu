// CUDA device functions HIP has no counterpart for, but a few lines of HIP
// give (umin, llmax, atomicInc_system, ...), become calls of musify's helper
// header (runtime/hip/include/musify/hip_helpers.h) in namespace musify, and
// every file that calls one includes the header once, at its top (inside an
// include guard, after the runtime header a header relying on nvcc gets). The report names the helpers each file uses. The HIP output
// compiles with the helpers' folder on the include path. MUSA keeps the names.
// RUN: split-file %s %t
// RUN: %musify --target=hip %t/count.cu -o %t/count.hip --report %t/count.json
// RUN: FileCheck %s --check-prefix=UNIT < %t/count.hip
// RUN: %hipcc-check %t/count.hip
// RUN: %python -c "import json; [print(e['line'], e['target'], e['status'], e['evidence'], e['note']) for e in json.load(open('%t/count.json'))['files'][0]['references'] if 'musify' in e['target']]" | FileCheck %s --check-prefix=REPORT
// RUN: %musify --target=hip %t/bounds.cuh -o %t/bounds.hip.h -- -x cuda
// RUN: FileCheck %s --check-prefix=HEADER < %t/bounds.hip.h
// RUN: %musify %t/count.cu | FileCheck %s --check-prefix=MUSA

//--- count.cu
#include <cuda_runtime.h>

__global__ void count(unsigned *ticket, unsigned limit, long long *best, long long v) {
  unsigned lane = umin(threadIdx.x, limit);
  atomicInc_system(ticket, lane);
  atomicDec_system(ticket + 1, limit);
  best[lane] = llmax(best[lane], v);
}

//--- bounds.cuh
// Bounds of a tile.
#ifndef BOUNDS_CUH
#define BOUNDS_CUH
__device__ inline unsigned last(unsigned a, unsigned b) { return umax(a, b) - 1; }
#endif

// UNIT:      #include <musify/hip_helpers.h>
// UNIT-NEXT: #include <hip/hip_runtime.h>
// UNIT:      unsigned lane = musify::umin(threadIdx.x, limit);
// UNIT-NEXT: musify::atomicInc_system(ticket, lane);
// UNIT-NEXT: musify::atomicDec_system(ticket + 1, limit);
// UNIT-NEXT: best[lane] = musify::llmax(best[lane], v);
// REPORT:      1 musify/hip_helpers.h migrated helper musify's helper header for HIP, which defines musify::atomicDec_system, musify::atomicInc_system, musify::llmax, musify::umin (build with its folder on the include path)
// REPORT-NEXT: 4 musify::umin migrated declaration HIP has no umin (CUDA's unsigned minimum); musify's helper header <musify/hip_helpers.h> defines musify::umin
// HEADER:      // Bounds of a tile.
// HEADER-NEXT: #ifndef BOUNDS_CUH
// HEADER-NEXT: #define BOUNDS_CUH
// HEADER-NEXT: #include <hip/hip_runtime.h>
// HEADER-NEXT: #include <musify/hip_helpers.h>
// HEADER-NEXT: __device__ inline unsigned last(unsigned a, unsigned b) { return musify::umax(a, b) - 1; }
// MUSA:      unsigned lane = umin(threadIdx.x, limit);
// MUSA:      atomicInc_system(ticket, lane);

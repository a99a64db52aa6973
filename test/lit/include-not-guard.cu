// An `#ifndef M` / `#define M` pair at a file's top is an include guard only
// if its #endif closes the file: around a few lines (as in HeCBench's crc64,
// which guards its runtime include with __STDC_CONSTANT_MACROS) an include
// musify adds goes above it, where every build sees it, not inside it.
// RUN: %musify --target=musa --launch-as-call %s -o - 2>/dev/null | FileCheck %s
// RUN: %musify --target=hip --launch-as-call %s -o - 2>/dev/null | FileCheck %s --check-prefix=HIP

// CHECK:      #include <musify/musa_launch.h>
// CHECK-NEXT: #ifndef __STDC_CONSTANT_MACROS
// CHECK-NEXT: #define __STDC_CONSTANT_MACROS
// CHECK-NEXT: #include <musa_runtime.h>
// CHECK-NEXT: #endif
// CHECK:      musifyLaunchKernelGGL(fill, dim3(1), dim3(32), 0, 0, p);
// HIP:        #ifndef __STDC_CONSTANT_MACROS
// HIP:        #include <hip/hip_runtime.h>
// HIP:        hipLaunchKernelGGL(fill, dim3(1), dim3(32), 0, 0, p);
#ifndef __STDC_CONSTANT_MACROS
#define __STDC_CONSTANT_MACROS
#include <cuda_runtime.h>
#endif

__global__ void fill(int *p) { p[threadIdx.x] = 1; }

void run(int *p) { fill<<<1, 32>>>(p); }

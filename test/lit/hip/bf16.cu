// cuda_bf16.h on HIP 5.2: HIP 5.2 has no hip/hip_bf16.h, but its
// hip/hip_bfloat16.h declares hip_bfloat16, HIPIFY's name for __nv_bfloat16,
// with the arithmetic and comparison operators on the host and the device, a
// constructor from float that rounds to nearest even (as __float2bfloat16
// does; hip_bfloat16::truncate rounds toward zero) and an exact conversion to
// float. The header and the type migrate to those; the four conversion
// functions become musify's helpers over them (musify/hip_helpers.h). The
// rest of cuda_bf16.h (__nv_bfloat162, the __h* intrinsics) has no
// counterpart there and stays unsupported. The HIP output builds.
// RUN: %nvcc-check %s
// RUN: %musify --target=hip --hip-version=5.2 %s -o %t.hip --report %t.json
// RUN: FileCheck %s --check-prefix=HIP < %t.hip
// RUN: %python -c "import json; f = json.load(open('%t.json'))['files'][0]; print(f['build']['expected']); [print(e['line'], e['cuda'], e['status'], e.get('target')) for e in f['references'] if 'bfloat' in e['cuda'] or 'bf16' in e['cuda']]" | FileCheck %s --check-prefix=REPORT
// RUN: %hipcc-check %t.hip
#include <cuda_bf16.h>

__global__ void axpy(__nv_bfloat16 *y, const __nv_bfloat16 *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = __float2bfloat16(a * __bfloat162float(x[i])) + y[i];
}

__global__ void clamp(__nv_bfloat16 *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && __bfloat162float(y[i]) > 1.0f)
    y[i] = __float2bfloat16_rz(1.0f);
}

// HIP:      #include <musify/hip_helpers.h>
// HIP:      #include <hip/hip_bfloat16.h>
// HIP:      __global__ void axpy(hip_bfloat16 *y, const hip_bfloat16 *x, float a, int n) {
// HIP:          y[i] = musify::__float2bfloat16(a * musify::__bfloat162float(x[i])) + y[i];
// HIP:      __global__ void clamp(hip_bfloat16 *y, int n) {
// HIP:        if (i < n && musify::__bfloat162float(y[i]) > 1.0f)
// HIP-NEXT:     y[i] = musify::__float2bfloat16_rz(1.0f);
// REPORT:      True
// REPORT-NEXT: 15 cuda_bf16.h migrated hip/hip_bfloat16.h

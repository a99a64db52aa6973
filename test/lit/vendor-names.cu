// NVIDIA's own names in device code: bf16 types and WMMA. MUSA has them under
// its own names (__mt_bfloat16, mtmusa::wmma); HIP has hip_bfloat16 but no
// WMMA (rocWMMA is another API), which is reported with its place.
// RUN: %nvcc-check -arch=sm_80 %s
// RUN: %musify %s 2> %t.musa.err | FileCheck %s --check-prefix=MUSA
// RUN: %musify --target=hip %s -o %t.hip 2>&1 | FileCheck %s --check-prefix=HIP
// RUN: FileCheck %s --check-prefix=HIP-OUT < %t.hip
// RUN: FileCheck %s --check-prefix=MUSA-DIAG < %t.musa.err
#include <cuda_bf16.h>
#include <mma.h>

using namespace nvcuda;

__global__ void tile(const __nv_bfloat16 *a, const __nv_bfloat16 *b, float *c) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::col_major> fb;
  nvcuda::wmma::fragment<nvcuda::wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  wmma::load_matrix_sync(fa, a, 16);
  wmma::load_matrix_sync(fb, b, 16);
  wmma::mma_sync(acc, fa, fb, acc);
  wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
}
// MUSA: #include <musa_bf16.h>
// MUSA-NEXT: {{^}}// musify-unsupported: 'mma.h' has no MUSA equivalent: {{.*}}
// MUSA-NEXT: {{^}}#include <mma.h>{{$}}
// MUSA: using namespace mtmusa;
// MUSA: __global__ void tile(const __mt_bfloat16 *a, const __mt_bfloat16 *b, float *c) {
// MUSA: mtmusa::wmma::fragment<mtmusa::wmma::accumulator, 16, 16, 16, float> acc;

// MUSA-DIAG: vendor-names.cu:10:10: warning: 'mma.h' has no MUSA equivalent: no MUSA header for warp matrix functions is published (their names move from nvcuda to mtmusa): include what your MUSA SDK provides [musify-unsupported]

// HIP: vendor-names.cu:10:10: warning: 'mma.h' has no HIP equivalent: AMD's rocWMMA (rocwmma/rocwmma.hpp) offers warp matrix functions with another API [musify-unsupported]
// HIP: vendor-names.cu:12:17: warning: 'nvcuda' has no HIP equivalent: WMMA: HIP's rocWMMA (namespace rocwmma) has another API; 3 uses in this file, on lines 12, 17 x2 [musify-unsupported]
// HIP: vendor-names.cu:15:3: warning: 'nvcuda::wmma' has no HIP equivalent: see nvcuda; 14 uses in this file, on lines 15 x3, 16 x3, 17 x2, 18, 19, 20, 21, 22 x2 [musify-unsupported]
// HIP-OUT: __global__ void tile(const hip_bfloat16 *a, const hip_bfloat16 *b, float *c) {

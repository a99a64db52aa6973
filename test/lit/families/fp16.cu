// Half precision: __half and half2 arithmetic (__hadd, __hfma2, __hadd2,
// __hmul2), conversions (__float2half, __half2float, __float2half2_rn,
// __floats2half2_rn, __halves2half2, __low2float). Both targets keep CUDA's
// half-precision names; only the headers and runtime types change. The HIP
// output compiles for gfx90a against hip/hip_fp16.h.
// Comment lines are dropped from the output before checking, so an expected
// line below can never match itself.
// RUN: %nvcc-check %s
// RUN: %musify %s -o %t.mu 2> %t.musa.err
// RUN: grep -v '^[[:space:]]*//' %t.mu | FileCheck %s --match-full-lines --check-prefix=MUSA --implicit-check-not=cuda
// RUN: FileCheck %s --match-full-lines --check-prefix=MUSA-DIAG --implicit-check-not=warning: < %t.musa.err
// RUN: %musify --target=hip %s -o %t.hip 2> %t.hip.err
// RUN: grep -v '^[[:space:]]*//' %t.hip | FileCheck %s --match-full-lines --check-prefix=HIP --implicit-check-not=cuda
// RUN: FileCheck %s --match-full-lines --check-prefix=HIP-DIAG --implicit-check-not=warning: < %t.hip.err
// RUN: %hipcc-check %t.hip
#include <cuda_runtime.h>
#include <cuda_fp16.h>
// MUSA:      #include <musa_runtime.h>
// MUSA-NEXT: #include <musa_fp16.h>
// HIP:       #include <hip/hip_runtime.h>
// HIP-NEXT:  #include <hip/hip_fp16.h>

// out = a + b, one half at a time.
__global__ void add_halves(const __half *a, const __half *b, __half *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = __hadd(a[i], b[i]);
}
// MUSA:      __global__ void add_halves(const __half *a, const __half *b, __half *out, int n) {
// MUSA-NEXT:   int i = blockIdx.x * blockDim.x + threadIdx.x;
// MUSA-NEXT:   if (i < n)
// MUSA-NEXT:     out[i] = __hadd(a[i], b[i]);
// HIP:       __global__ void add_halves(const __half *a, const __half *b, __half *out, int n) {
// HIP-NEXT:    int i = blockIdx.x * blockDim.x + threadIdx.x;
// HIP-NEXT:    if (i < n)
// HIP-NEXT:      out[i] = __hadd(a[i], b[i]);

// y = (alpha * x + y) * 2 * 0.5, two halves at a time.
__global__ void axpy_half2(const half2 *x, half2 *y, float alpha, int n2) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n2) {
    half2 a = __float2half2_rn(alpha);
    y[i] = __hfma2(a, x[i], y[i]);
    half2 doubled = __hadd2(y[i], y[i]);
    y[i] = __hmul2(doubled, __floats2half2_rn(0.5f, 0.5f));
  }
}
// MUSA:      __global__ void axpy_half2(const half2 *x, half2 *y, float alpha, int n2) {
// MUSA-NEXT:   int i = blockIdx.x * blockDim.x + threadIdx.x;
// MUSA-NEXT:   if (i < n2) {
// MUSA-NEXT:     half2 a = __float2half2_rn(alpha);
// MUSA-NEXT:     y[i] = __hfma2(a, x[i], y[i]);
// MUSA-NEXT:     half2 doubled = __hadd2(y[i], y[i]);
// MUSA-NEXT:     y[i] = __hmul2(doubled, __floats2half2_rn(0.5f, 0.5f));
// HIP:       __global__ void axpy_half2(const half2 *x, half2 *y, float alpha, int n2) {
// HIP-NEXT:    int i = blockIdx.x * blockDim.x + threadIdx.x;
// HIP-NEXT:    if (i < n2) {
// HIP-NEXT:      half2 a = __float2half2_rn(alpha);
// HIP-NEXT:      y[i] = __hfma2(a, x[i], y[i]);
// HIP-NEXT:      half2 doubled = __hadd2(y[i], y[i]);
// HIP-NEXT:      y[i] = __hmul2(doubled, __floats2half2_rn(0.5f, 0.5f));

__global__ void to_float(const __half *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = __half2float(in[i]) + __low2float(__halves2half2(in[i], in[i]));
}

__global__ void from_float(const float *in, __half *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = __float2half(in[i]);
}
// MUSA:          out[i] = __half2float(in[i]) + __low2float(__halves2half2(in[i], in[i]));
// MUSA:          out[i] = __float2half(in[i]);
// HIP:           out[i] = __half2float(in[i]) + __low2float(__halves2half2(in[i], in[i]));
// HIP:           out[i] = __float2half(in[i]);

void launch(const __half *a, const __half *b, __half *out, int n, cudaStream_t s) {
  add_halves<<<(n + 255) / 256, 256, 0, s>>>(a, b, out, n);
}
// MUSA:      void launch(const __half *a, const __half *b, __half *out, int n, musaStream_t s) {
// MUSA-NEXT:   add_halves<<<(n + 255) / 256, 256, 0, s>>>(a, b, out, n);
// HIP:       void launch(const __half *a, const __half *b, __half *out, int n, hipStream_t s) {
// HIP-NEXT:    add_halves<<<(n + 255) / 256, 256, 0, s>>>(a, b, out, n);

// MUSA-DIAG: musify: 1 file to {{MUSA}}: 42 references: 3 migrated, 0 migrated without semantics, 39 kept, 0 unsupported, 0 unknown
// HIP-DIAG:  musify: 1 file to {{HIP}}: 42 references: 3 migrated, 0 migrated without semantics, 39 kept, 0 unsupported, 0 unknown

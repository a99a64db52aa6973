// The runtime API (streams, events, memory, errors through a user CHECK macro)
// around a kernel that uses device intrinsics: __ldg, __expf, __shfl_down_sync
// with a full mask, __syncthreads and atomicAdd. The intrinsics keep their
// names on both targets; HIP 5.2 has no *_sync shuffles, so the full-mask
// shuffle becomes __shfl_down without its mask (no warning: all lanes take
// part). On MUSA the 32-lane warp arithmetic is reported as a hazard
// (warps have 128 lanes on mp_21/mp_22), never rewritten. The HIP output
// compiles for gfx90a.
// Comment lines are dropped from the output before checking, so an expected
// line below can never match itself.
// RUN: %nvcc-check %s
// RUN: %musify %s -o %t.mu 2> %t.musa.err
// RUN: grep -v '^[[:space:]]*//' %t.mu | FileCheck %s --match-full-lines --check-prefix=MUSA --implicit-check-not=cuda
// RUN: FileCheck %s --match-full-lines --check-prefix=MUSA-DIAG --implicit-check-not=warning: < %t.musa.err
// RUN: %musify --target=hip %s -o %t.hip 2> %t.hip.err
// RUN: grep -v '^[[:space:]]*//' %t.hip | FileCheck %s --match-full-lines --check-prefix=HIP --implicit-check-not=cuda --implicit-check-not=_sync
// RUN: FileCheck %s --match-full-lines --check-prefix=HIP-DIAG --implicit-check-not=warning: < %t.hip.err
// RUN: %hipcc-check %t.hip
#include <cstdio>
#include <cuda_runtime.h>
// MUSA:      #include <cstdio>
// MUSA-NEXT: #include <musa_runtime.h>
// HIP:       #include <cstdio>
// HIP-NEXT:  #include <hip/hip_runtime.h>

#define CHECK(call)                                                         \
  do {                                                                      \
    cudaError_t err_ = (call);                                              \
    if (err_ != cudaSuccess) {                                              \
      std::fprintf(stderr, "%s: %s\n", #call, cudaGetErrorString(err_));    \
      return 1;                                                             \
    }                                                                       \
  } while (0)
// MUSA:        musaError_t err_ = (call);                                              \
// MUSA-NEXT:   if (err_ != musaSuccess) {                                              \
// MUSA-NEXT:     std::fprintf(stderr, "%s: %s\n", #call, musaGetErrorString(err_));    \
// HIP:         hipError_t err_ = (call);                                              \
// HIP-NEXT:    if (err_ != hipSuccess) {                                              \
// HIP-NEXT:      std::fprintf(stderr, "%s: %s\n", #call, hipGetErrorString(err_));    \

// Softmax denominators: each block adds exp(x) of its elements into *total.
__global__ void exp_sum(const float *__restrict__ x, float *total, int n) {
  __shared__ float warp_sums[32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? __expf(__ldg(&x[i])) : 0.0f;
  for (int offset = 16; offset > 0; offset >>= 1)
    v += __shfl_down_sync(0xffffffff, v, offset);
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  if (lane == 0)
    warp_sums[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = lane < blockDim.x / 32 ? warp_sums[lane] : 0.0f;
    for (int offset = 16; offset > 0; offset >>= 1)
      v += __shfl_down_sync(0xffffffff, v, offset);
    if (lane == 0)
      atomicAdd(total, v);
  }
}
// MUSA:      __global__ void exp_sum(const float *__restrict__ x, float *total, int n) {
// MUSA-NEXT:   __shared__ float warp_sums[32];
// MUSA-NEXT:   int i = blockIdx.x * blockDim.x + threadIdx.x;
// MUSA-NEXT:   float v = i < n ? __expf(__ldg(&x[i])) : 0.0f;
// MUSA-NEXT:   for (int offset = 16; offset > 0; offset >>= 1)
// MUSA-NEXT:     v += __shfl_down_sync(0xffffffff, v, offset);
// MUSA-NEXT:   int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
// MUSA-NEXT:   if (lane == 0)
// MUSA-NEXT:     warp_sums[warp] = v;
// MUSA-NEXT:   __syncthreads();
// MUSA-NEXT:   if (warp == 0) {
// MUSA-NEXT:     v = lane < blockDim.x / 32 ? warp_sums[lane] : 0.0f;
// MUSA-NEXT:     for (int offset = 16; offset > 0; offset >>= 1)
// MUSA-NEXT:       v += __shfl_down_sync(0xffffffff, v, offset);
// MUSA-NEXT:     if (lane == 0)
// MUSA-NEXT:       atomicAdd(total, v);
// MUSA-NEXT:   }
// MUSA-NEXT: }

// HIP:      __global__ void exp_sum(const float *__restrict__ x, float *total, int n) {
// HIP-NEXT:   __shared__ float warp_sums[32];
// HIP-NEXT:   int i = blockIdx.x * blockDim.x + threadIdx.x;
// HIP-NEXT:   float v = i < n ? __expf(__ldg(&x[i])) : 0.0f;
// HIP-NEXT:   for (int offset = 16; offset > 0; offset >>= 1)
// HIP-NEXT:     v += __shfl_down(v, offset);
// HIP-NEXT:   int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
// HIP-NEXT:   if (lane == 0)
// HIP-NEXT:     warp_sums[warp] = v;
// HIP-NEXT:   __syncthreads();
// HIP-NEXT:   if (warp == 0) {
// HIP-NEXT:     v = lane < blockDim.x / 32 ? warp_sums[lane] : 0.0f;
// HIP-NEXT:     for (int offset = 16; offset > 0; offset >>= 1)
// HIP-NEXT:       v += __shfl_down(v, offset);
// HIP-NEXT:     if (lane == 0)
// HIP-NEXT:       atomicAdd(total, v);
// HIP-NEXT:   }
// HIP-NEXT: }

int main() {
  const int n = 1 << 20;
  float *x, *total;
  cudaStream_t stream;
  cudaEvent_t start, stop;
  CHECK(cudaStreamCreate(&stream));
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  CHECK(cudaMalloc(&x, n * sizeof(float)));
  CHECK(cudaMalloc(&total, sizeof(float)));
  CHECK(cudaMemsetAsync(x, 0, n * sizeof(float), stream));
  CHECK(cudaMemsetAsync(total, 0, sizeof(float), stream));
  cudaEventRecord(start, stream);
  exp_sum<<<(n + 255) / 256, 256, 0, stream>>>(x, total, n);
  CHECK(cudaGetLastError());
  cudaEventRecord(stop, stream);
  float host_total = 0.0f;
  CHECK(cudaMemcpyAsync(&host_total, total, sizeof(float), cudaMemcpyDeviceToHost, stream));
  CHECK(cudaStreamSynchronize(stream));
  float ms = 0.0f;
  cudaEventElapsedTime(&ms, start, stop);
  std::printf("sum %f in %f ms\n", host_total, ms);
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  cudaStreamDestroy(stream);
  cudaFree(x);
  cudaFree(total);
  return 0;
}
// MUSA:      musaStream_t stream;
// MUSA-NEXT: musaEvent_t start, stop;
// MUSA-NEXT: CHECK(musaStreamCreate(&stream));
// MUSA-NEXT: CHECK(musaEventCreate(&start));
// MUSA-NEXT: CHECK(musaEventCreate(&stop));
// MUSA-NEXT: CHECK(musaMalloc(&x, n * sizeof(float)));
// MUSA-NEXT: CHECK(musaMalloc(&total, sizeof(float)));
// MUSA-NEXT: CHECK(musaMemsetAsync(x, 0, n * sizeof(float), stream));
// MUSA-NEXT: CHECK(musaMemsetAsync(total, 0, sizeof(float), stream));
// MUSA-NEXT: musaEventRecord(start, stream);
// MUSA-NEXT: exp_sum<<<(n + 255) / 256, 256, 0, stream>>>(x, total, n);
// MUSA-NEXT: CHECK(musaGetLastError());
// MUSA-NEXT: musaEventRecord(stop, stream);
// MUSA-NEXT: float host_total = 0.0f;
// MUSA-NEXT: CHECK(musaMemcpyAsync(&host_total, total, sizeof(float), musaMemcpyDeviceToHost, stream));
// MUSA-NEXT: CHECK(musaStreamSynchronize(stream));
// MUSA-NEXT: float ms = 0.0f;
// MUSA-NEXT: musaEventElapsedTime(&ms, start, stop);
// MUSA-NEXT: std::printf("sum %f in %f ms\n", host_total, ms);
// MUSA-NEXT: musaEventDestroy(start);
// MUSA-NEXT: musaEventDestroy(stop);
// MUSA-NEXT: musaStreamDestroy(stream);
// MUSA-NEXT: musaFree(x);
// MUSA-NEXT: musaFree(total);

// HIP:      hipStream_t stream;
// HIP-NEXT: hipEvent_t start, stop;
// HIP-NEXT: CHECK(hipStreamCreate(&stream));
// HIP-NEXT: CHECK(hipEventCreate(&start));
// HIP-NEXT: CHECK(hipEventCreate(&stop));
// HIP-NEXT: CHECK(hipMalloc(&x, n * sizeof(float)));
// HIP-NEXT: CHECK(hipMalloc(&total, sizeof(float)));
// HIP-NEXT: CHECK(hipMemsetAsync(x, 0, n * sizeof(float), stream));
// HIP-NEXT: CHECK(hipMemsetAsync(total, 0, sizeof(float), stream));
// HIP-NEXT: hipEventRecord(start, stream);
// HIP-NEXT: exp_sum<<<(n + 255) / 256, 256, 0, stream>>>(x, total, n);
// HIP-NEXT: CHECK(hipGetLastError());
// HIP-NEXT: hipEventRecord(stop, stream);
// HIP-NEXT: float host_total = 0.0f;
// HIP-NEXT: CHECK(hipMemcpyAsync(&host_total, total, sizeof(float), hipMemcpyDeviceToHost, stream));
// HIP-NEXT: CHECK(hipStreamSynchronize(stream));
// HIP-NEXT: float ms = 0.0f;
// HIP-NEXT: hipEventElapsedTime(&ms, start, stop);
// HIP-NEXT: std::printf("sum %f in %f ms\n", host_total, ms);
// HIP-NEXT: hipEventDestroy(start);
// HIP-NEXT: hipEventDestroy(stop);
// HIP-NEXT: hipStreamDestroy(stream);
// HIP-NEXT: hipFree(x);
// HIP-NEXT: hipFree(total);

// MUSA-DIAG:      {{.*}}runtime-device.cu:47:27: warning: '0xffffffff': assumes a 32-lane warp: MUSA warps have 128 lanes on mp_21/mp_22 (32 on mp_31): {{.*}} [musify-warp-size]
// MUSA-DIAG-NEXT: {{.*}}runtime-device.cu:48:26: warning: 'threadIdx.x % 32': assumes a 32-lane warp: {{.*}} [musify-warp-size]
// MUSA-DIAG-NEXT: {{.*}}runtime-device.cu:48:51: warning: 'threadIdx.x / 32': assumes a 32-lane warp: {{.*}} [musify-warp-size]
// MUSA-DIAG-NEXT: {{.*}}runtime-device.cu:55:29: warning: '0xffffffff': assumes a 32-lane warp: {{.*}} [musify-warp-size]
// MUSA-DIAG-NEXT: musify: 1 file to {{MUSA}}: 39 references: 25 migrated, 0 migrated without semantics, 14 kept, 0 unsupported, 0 unknown; 4 hazard(s)

// HIP-DIAG:      {{.*}}runtime-device.cu:48:26: warning: 'threadIdx.x % 32': assumes a 32-lane warp: AMD wavefronts have 64 lanes on GCN/CDNA GPUs (gfx90a): {{.*}} [musify-warp-size]
// HIP-DIAG-NEXT: {{.*}}runtime-device.cu:48:51: warning: 'threadIdx.x / 32': assumes a 32-lane warp: {{.*}} [musify-warp-size]
// HIP-DIAG-NEXT: musify: 1 file to {{HIP}}: 39 references: 27 migrated, 0 migrated without semantics, 12 kept, 0 unsupported, 0 unknown; 2 hazard(s)

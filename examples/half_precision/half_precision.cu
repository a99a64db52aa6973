// Reduced-precision arithmetic with cuda_fp16.h and cuda_bf16.h.
//  1. y = a * x + y in __half, once with scalar __hmul_rn/__hadd and once
//     with packed half2 (__hmul2_rn/__hadd2). The _rn multiplies forbid the
//     compiler from fusing mul+add into an fma, so both paths round the
//     product and the sum separately: the two results must be bit-identical,
//     and match a CPU reference that rounds the same way.
//  2. __nv_bfloat16: an elementwise scale with __hmul, and a dot product that
//     converts with __bfloat162float and accumulates in float.
// CPU references use the host versions of __float2half / __float2bfloat16 so
// that they start from exactly the same rounded inputs.
// Prints PASS when all checks hold within fp16/bf16 tolerances.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                  \
                   cudaGetErrorString(err_));                                  \
      std::exit(EXIT_FAILURE);                                                 \
    }                                                                          \
  } while (0)

constexpr int kBlock = 256;

__global__ void haxpy(int n, __half a, const __half *x, __half *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = __hadd(__hmul_rn(a, x[i]), y[i]);
}

// n2 = number of half2 pairs.
__global__ void haxpy2(int n2, __half2 a2, const __half2 *x, __half2 *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n2)
    y[i] = __hadd2(__hmul2_rn(a2, x[i]), y[i]);
}

// A lone multiply cannot be fused, so plain __hmul is exact-rounded here.
__global__ void bf16Scale(int n, __nv_bfloat16 s, const __nv_bfloat16 *in,
                          __nv_bfloat16 *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = __hmul(in[i], s);
}

__global__ void bf16Dot(int n, const __nv_bfloat16 *a, const __nv_bfloat16 *b,
                        float *result) {
  __shared__ float partial[kBlock];
  float acc = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    acc += __bfloat162float(a[i]) * __bfloat162float(b[i]);
  partial[threadIdx.x] = acc;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s)
      partial[threadIdx.x] += partial[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    atomicAdd(result, partial[0]);
}

static float uniform(unsigned &state) {  // [-1, 1)
  state = state * 1664525u + 1013904223u;
  return (state >> 8) / float(1 << 23) - 1.0f;
}

template <typename T> static T *toDevice(const std::vector<T> &h) {
  T *d = nullptr;
  CUDA_CHECK(cudaMalloc(&d, h.size() * sizeof(T)));
  CUDA_CHECK(cudaMemcpy(d, h.data(), h.size() * sizeof(T),
                        cudaMemcpyHostToDevice));
  return d;
}

template <typename T> static std::vector<T> toHost(const T *d, size_t n) {
  std::vector<T> h(n);
  CUDA_CHECK(cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost));
  return h;
}

int main() {
  const int n = 1 << 20;  // even, so it splits into half2 pairs
  const int grid = (n + kBlock - 1) / kBlock;
  unsigned state = 42u;

  // ---- fp16 axpy, scalar and packed.
  const float a = 0.75f;
  std::vector<__half> hx(n), hy(n);
  for (int i = 0; i < n; ++i) {
    hx[i] = __float2half(uniform(state));
    hy[i] = __float2half(uniform(state));
  }
  __half *dx = toDevice(hx), *dy1 = toDevice(hy), *dy2 = toDevice(hy);
  haxpy<<<grid, kBlock>>>(n, __float2half(a), dx, dy1);
  CUDA_CHECK(cudaGetLastError());
  haxpy2<<<(n / 2 + kBlock - 1) / kBlock, kBlock>>>(
      n / 2, __floats2half2_rn(a, a), reinterpret_cast<const __half2 *>(dx),
      reinterpret_cast<__half2 *>(dy2));
  CUDA_CHECK(cudaGetLastError());
  std::vector<__half> y1 = toHost(dy1, n), y2 = toHost(dy2, n);

  const bool packedSame = std::memcmp(y1.data(), y2.data(), n * 2) == 0;
  double halfErr = 0.0;
  int halfBad = 0;
  for (int i = 0; i < n; ++i) {
    // Each fp16 operation rounds: product, then sum.
    const float prod = __half2float(__float2half(a * __half2float(hx[i])));
    const float ref = __half2float(__float2half(prod + __half2float(hy[i])));
    const float err = std::fabs(__half2float(y1[i]) - ref);
    halfErr = std::max(halfErr, double(err));
    // One fp16 ulp at |ref| (2^-10 relative), never below the subnormal step.
    if (err > std::ldexp(1.0f, -10) * std::max(std::fabs(ref), 1.0f / 1024))
      ++halfBad;
  }

  // ---- bf16 scale and dot product.
  const float s = 1.5f;
  std::vector<__nv_bfloat16> ba(n), bb(n);
  for (int i = 0; i < n; ++i) {
    ba[i] = __float2bfloat16(100.0f * uniform(state));
    bb[i] = __float2bfloat16(uniform(state));
  }
  __nv_bfloat16 *dA = toDevice(ba), *dB = toDevice(bb), *dScaled = nullptr;
  CUDA_CHECK(cudaMalloc(&dScaled, n * sizeof(__nv_bfloat16)));
  float *dDot = nullptr;
  CUDA_CHECK(cudaMalloc(&dDot, sizeof(float)));
  CUDA_CHECK(cudaMemset(dDot, 0, sizeof(float)));
  bf16Scale<<<grid, kBlock>>>(n, __float2bfloat16(s), dA, dScaled);
  CUDA_CHECK(cudaGetLastError());
  bf16Dot<<<256, kBlock>>>(n, dA, dB, dDot);
  CUDA_CHECK(cudaGetLastError());
  std::vector<__nv_bfloat16> scaled = toHost(dScaled, n);
  float gpuDot = 0.0f;
  CUDA_CHECK(cudaMemcpy(&gpuDot, dDot, sizeof(float), cudaMemcpyDeviceToHost));

  int bfBad = 0;
  double cpuDot = 0.0, absDot = 0.0;
  for (int i = 0; i < n; ++i) {
    const float av = __bfloat162float(ba[i]);
    const float ref = __bfloat162float(__float2bfloat16(av * s));
    // bf16 keeps 8 significant bits: allow one ulp (2^-7 relative).
    if (std::fabs(__bfloat162float(scaled[i]) - ref) >
        std::ldexp(1.0f, -7) * std::fabs(ref))
      ++bfBad;
    const double term = double(av) * __bfloat162float(bb[i]);
    cpuDot += term;
    absDot += std::fabs(term);
  }
  // The inputs are identical, only float accumulation order differs.
  const bool dotOk = std::fabs(gpuDot - cpuDot) <= 1e-5 * absDot;

  const bool ok = packedSame && halfBad == 0 && bfBad == 0 && dotOk;
  std::printf("half_precision: n=%d fp16 axpy max err %.2e (%d over 1 ulp), "
              "half2 %s scalar, bf16 scale %d bad, bf16 dot %.3f vs %.3f %s\n",
              n, halfErr, halfBad, packedSame ? "==" : "!=", bfBad, gpuDot,
              cpuDot, ok ? "PASS" : "FAIL");

  CUDA_CHECK(cudaFree(dx));
  CUDA_CHECK(cudaFree(dy1));
  CUDA_CHECK(cudaFree(dy2));
  CUDA_CHECK(cudaFree(dA));
  CUDA_CHECK(cudaFree(dB));
  CUDA_CHECK(cudaFree(dScaled));
  CUDA_CHECK(cudaFree(dDot));
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}

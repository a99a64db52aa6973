// Architecture-dependent device code whose results must not depend on the
// path taken. The kernel picks, at compile time via __CUDA_ARCH__:
//  - read-only loads through __ldg (sm_80+) or plain loads,
//  - the sm_80 warp reduction __reduce_add_sync or a __shfl_xor_sync tree,
//  - native double atomicAdd (sm_60+) or a compare-and-swap loop,
//  - a larger unroll factor on sm_80+.
// A __host__ __device__ helper uses #ifdef __CUDA_ARCH__ to call __popc on the
// device and portable code on the host, and the CPU reference calls the same
// helper. At run time cudaGetDeviceProperties reports the device, and the arch
// the kernel was compiled for (written by the kernel) must not exceed it.
// Prints PASS when all GPU results equal the CPU's exactly.
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
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

constexpr unsigned kFullMask = 0xffffffffu;

__host__ __device__ inline int bitCount(unsigned x) {
#ifdef __CUDA_ARCH__
  return __popc(x);
#else
  int c = 0;
  for (; x != 0; x &= x - 1)
    ++c;
  return c;
#endif
}

__host__ __device__ inline unsigned mix(unsigned x) { return x ^ (x >> 7); }

__device__ __forceinline__ unsigned loadReadOnly(const unsigned *p) {
#if __CUDA_ARCH__ >= 800
  return __ldg(p);
#else
  return *p;
#endif
}

__device__ __forceinline__ int warpSum(int v) {
#if __CUDA_ARCH__ >= 800
  return __reduce_add_sync(kFullMask, v);
#else
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_xor_sync(kFullMask, v, offset);
  return v;
#endif
}

__device__ double atomicAddDouble(double *address, double value) {
#if __CUDA_ARCH__ >= 600
  return atomicAdd(address, value);
#else
  unsigned long long *bits = reinterpret_cast<unsigned long long *>(address);
  unsigned long long old = *bits, assumed;
  do {
    assumed = old;
    old = atomicCAS(bits, assumed,
                    __double_as_longlong(value + __longlong_as_double(assumed)));
  } while (assumed != old);
  return __longlong_as_double(old);
#endif
}

// Requires blockDim.x to be a multiple of 32 (all lanes reach warpSum).
__global__ void analyze(const unsigned *in, unsigned *out, int n,
                        unsigned long long *bitTotal, double *lowTotal,
                        int *compiledArch) {
#if __CUDA_ARCH__ >= 800
  constexpr int kUnroll = 8;
#else
  constexpr int kUnroll = 4;
#endif
  int bits = 0;
  double low = 0.0;
  const int stride = blockDim.x * gridDim.x;
#pragma unroll kUnroll
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    const unsigned x = loadReadOnly(&in[i]);
    out[i] = mix(x);
    bits += bitCount(x);
    low += double(x & 0xffffu);  // integers: exact in any order
  }
  bits = warpSum(bits);
  for (int offset = 16; offset > 0; offset /= 2)
    low += __shfl_down_sync(kFullMask, low, offset);
  if (threadIdx.x % 32 == 0) {
    atomicAdd(bitTotal, (unsigned long long)bits);
    atomicAddDouble(lowTotal, low);
  }
#ifdef __CUDA_ARCH__
  if (blockIdx.x == 0 && threadIdx.x == 0)
    *compiledArch = __CUDA_ARCH__;
#endif
}

int main() {
  int device = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  cudaDeviceProp prop;
  CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
  const int deviceArch = prop.major * 100 + prop.minor * 10;
  std::printf("device %d: %s, compute capability %d.%d, %d SMs\n", device,
              prop.name, prop.major, prop.minor, prop.multiProcessorCount);

  const int n = (1 << 22) + 17;
  std::vector<unsigned> h(n);
  uint32_t state = 0x9e3779b9u;
  for (int i = 0; i < n; ++i) {
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    h[i] = state;
  }

  unsigned *dIn, *dOut;
  unsigned long long *dBits;
  double *dLow;
  int *dArch;
  CUDA_CHECK(cudaMalloc(&dIn, n * sizeof(unsigned)));
  CUDA_CHECK(cudaMalloc(&dOut, n * sizeof(unsigned)));
  CUDA_CHECK(cudaMalloc(&dBits, sizeof(unsigned long long)));
  CUDA_CHECK(cudaMalloc(&dLow, sizeof(double)));
  CUDA_CHECK(cudaMalloc(&dArch, sizeof(int)));
  CUDA_CHECK(cudaMemcpy(dIn, h.data(), n * sizeof(unsigned),
                        cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(dBits, 0, sizeof(unsigned long long)));
  CUDA_CHECK(cudaMemset(dLow, 0, sizeof(double)));
  CUDA_CHECK(cudaMemset(dArch, 0, sizeof(int)));

  analyze<<<prop.multiProcessorCount * 4, 256>>>(dIn, dOut, n, dBits, dLow,
                                                  dArch);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  std::vector<unsigned> out(n);
  unsigned long long gpuBits = 0;
  double gpuLow = 0.0;
  int compiledArch = 0;
  CUDA_CHECK(cudaMemcpy(out.data(), dOut, n * sizeof(unsigned),
                        cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(&gpuBits, dBits, sizeof(gpuBits),
                        cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(&gpuLow, dLow, sizeof(gpuLow), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(&compiledArch, dArch, sizeof(int),
                        cudaMemcpyDeviceToHost));

  unsigned long long cpuBits = 0;
  double cpuLow = 0.0;
  int badOut = 0;
  for (int i = 0; i < n; ++i) {
    cpuBits += bitCount(h[i]);
    cpuLow += double(h[i] & 0xffffu);
    if (out[i] != mix(h[i]))
      ++badOut;
  }

  const bool archOk = compiledArch > 0 && compiledArch <= deviceArch;
  const bool ok = archOk && badOut == 0 && gpuBits == cpuBits &&
                  gpuLow == cpuLow;
  std::printf("cuda_arch_branches: kernel built for __CUDA_ARCH__=%d on sm_%d, "
              "bits %llu/%llu, low sum %.0f/%.0f, %d bad outputs %s\n",
              compiledArch, deviceArch / 10, gpuBits, cpuBits, gpuLow, cpuLow,
              badOut, ok ? "PASS" : "FAIL");

  CUDA_CHECK(cudaFree(dIn));
  CUDA_CHECK(cudaFree(dOut));
  CUDA_CHECK(cudaFree(dBits));
  CUDA_CHECK(cudaFree(dLow));
  CUDA_CHECK(cudaFree(dArch));
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}

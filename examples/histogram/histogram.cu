// 256-bin byte histogram. Each block builds a private histogram in shared
// memory with atomicAdd, then merges it into the global histogram with one
// global atomicAdd per bin. The input is read as uchar4 to cut load count.
// Prints PASS when every bin matches the CPU count and the total equals n.
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

constexpr int kBins = 256;
constexpr int kBlock = 256;

// `data` holds n bytes; n4 = n / 4 of them are read as uchar4 and the tail
// (n % 4 bytes) is handled by block 0.
__global__ void histogram256(const uint8_t *__restrict__ data, size_t n,
                             unsigned int *__restrict__ hist) {
  __shared__ unsigned int local[kBins];
  for (int b = threadIdx.x; b < kBins; b += blockDim.x)
    local[b] = 0;
  __syncthreads();

  const uchar4 *data4 = reinterpret_cast<const uchar4 *>(data);
  const size_t n4 = n / 4;
  const size_t stride = size_t(blockDim.x) * gridDim.x;
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n4;
       i += stride) {
    const uchar4 v = data4[i];
    atomicAdd(&local[v.x], 1u);
    atomicAdd(&local[v.y], 1u);
    atomicAdd(&local[v.z], 1u);
    atomicAdd(&local[v.w], 1u);
  }
  if (blockIdx.x == 0 && threadIdx.x < n % 4)
    atomicAdd(&local[data[n4 * 4 + threadIdx.x]], 1u);
  __syncthreads();

  for (int b = threadIdx.x; b < kBins; b += blockDim.x)
    if (local[b] != 0)
      atomicAdd(&hist[b], local[b]);
}

int main() {
  // Not a multiple of 4, so the tail path runs too.
  const size_t n = (size_t(1) << 26) + 3;

  // Skewed data: the sum of two uniform bytes folded into 0..255 gives a
  // triangular distribution, so some bins are far more contended than others.
  std::vector<uint8_t> h(n);
  uint32_t state = 2024u;
  for (size_t i = 0; i < n; ++i) {
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    h[i] = uint8_t(((state & 0xff) + ((state >> 8) & 0xff)) / 2);
  }

  int device = 0, smCount = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  CUDA_CHECK(
      cudaDeviceGetAttribute(&smCount, cudaDevAttrMultiProcessorCount, device));
  const int grid = smCount * 8;

  uint8_t *dData = nullptr;
  unsigned int *dHist = nullptr;
  CUDA_CHECK(cudaMalloc(&dData, n));
  CUDA_CHECK(cudaMalloc(&dHist, kBins * sizeof(unsigned int)));
  CUDA_CHECK(cudaMemcpy(dData, h.data(), n, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(dHist, 0, kBins * sizeof(unsigned int)));

  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  CUDA_CHECK(cudaEventRecord(start));
  histogram256<<<grid, kBlock>>>(dData, n, dHist);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaEventRecord(stop));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float ms = 0.0f;
  CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));

  std::vector<unsigned int> gpu(kBins);
  CUDA_CHECK(cudaMemcpy(gpu.data(), dHist, kBins * sizeof(unsigned int),
                        cudaMemcpyDeviceToHost));

  std::vector<unsigned int> cpu(kBins, 0);
  for (size_t i = 0; i < n; ++i)
    ++cpu[h[i]];

  int badBins = 0;
  unsigned long long total = 0;
  for (int b = 0; b < kBins; ++b) {
    total += gpu[b];
    if (gpu[b] != cpu[b]) {
      if (badBins < 5)
        std::fprintf(stderr, "bin %d: gpu %u cpu %u\n", b, gpu[b], cpu[b]);
      ++badBins;
    }
  }
  const bool ok = badBins == 0 && total == n;
  std::printf("histogram: %zu bytes, %d bins, total=%llu, %d bad bins, "
              "%.2f GB/s %s\n",
              n, kBins, total, badBins, n / (ms * 1e6), ok ? "PASS" : "FAIL");

  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  CUDA_CHECK(cudaFree(dData));
  CUDA_CHECK(cudaFree(dHist));
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}

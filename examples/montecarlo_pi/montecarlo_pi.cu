// Monte Carlo estimate of pi, two ways:
//  1. cuRAND device API: one curandState per thread (curand_init with the
//     thread id as subsequence), points drawn with curand_uniform inside the
//     counting kernel.
//  2. cuRAND host API: a Philox generator fills a device buffer with
//     curandGenerateUniform, and a second kernel counts the hits.
// Both counts are block-reduced in shared memory and accumulated with a
// 64-bit atomicAdd. Each estimate must lie within 6 standard deviations of
// pi (sigma = 4 * sqrt(p * (1 - p) / N), p = pi / 4).
#include <cuda_runtime.h>
#include <curand.h>
#include <curand_kernel.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                  \
                   cudaGetErrorString(err_));                                  \
      std::exit(EXIT_FAILURE);                                                 \
    }                                                                          \
  } while (0)

#define CURAND_CHECK(call)                                                     \
  do {                                                                         \
    curandStatus_t st_ = (call);                                               \
    if (st_ != CURAND_STATUS_SUCCESS) {                                        \
      std::fprintf(stderr, "%s:%d: cuRAND error %d\n", __FILE__, __LINE__,     \
                   int(st_));                                                  \
      std::exit(EXIT_FAILURE);                                                 \
    }                                                                          \
  } while (0)

constexpr int kBlock = 256;
constexpr double kPi = 3.14159265358979323846;

// Sums `count` over the block and adds it to *total from thread 0.
__device__ void blockAccumulate(unsigned int count, unsigned long long *total) {
  __shared__ unsigned int partial[kBlock];
  partial[threadIdx.x] = count;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s)
      partial[threadIdx.x] += partial[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    atomicAdd(total, (unsigned long long)partial[0]);
}

__global__ void initStates(curandState *states, unsigned long long seed) {
  const int id = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(seed, id, 0, &states[id]);
}

__global__ void countDeviceApi(curandState *states, int samplesPerThread,
                               unsigned long long *hits) {
  const int id = blockIdx.x * blockDim.x + threadIdx.x;
  curandState local = states[id];
  unsigned int inside = 0;
  for (int i = 0; i < samplesPerThread; ++i) {
    const float x = curand_uniform(&local);
    const float y = curand_uniform(&local);
    inside += (x * x + y * y <= 1.0f) ? 1u : 0u;
  }
  states[id] = local;  // lets a later launch continue the streams
  blockAccumulate(inside, hits);
}

// xy holds n x-coordinates followed by n y-coordinates.
__global__ void countFromBuffer(const float *xy, size_t n,
                                unsigned long long *hits) {
  unsigned int inside = 0;
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
       i += size_t(blockDim.x) * gridDim.x) {
    const float x = xy[i];
    const float y = xy[n + i];
    inside += (x * x + y * y <= 1.0f) ? 1u : 0u;
  }
  blockAccumulate(inside, hits);
}

static bool report(const char *what, unsigned long long hits, double n) {
  const double estimate = 4.0 * double(hits) / n;
  const double p = kPi / 4.0;
  const double sigma = 4.0 * std::sqrt(p * (1.0 - p) / n);
  const double err = std::fabs(estimate - kPi);
  const bool ok = err <= 6.0 * sigma;
  std::printf("  %-10s N=%.0f pi~%.6f |err|=%.2e (6 sigma = %.2e) %s\n", what,
              n, estimate, err, 6.0 * sigma, ok ? "ok" : "too far");
  return ok;
}

int main() {
  const int grid = 1024;
  const int threads = grid * kBlock;
  const int samplesPerThread = 256;
  const double nDevice = double(threads) * samplesPerThread;  // 2^26
  const size_t nHost = size_t(1) << 25;

  unsigned long long *dHits = nullptr;
  CUDA_CHECK(cudaMalloc(&dHits, 2 * sizeof(unsigned long long)));
  CUDA_CHECK(cudaMemset(dHits, 0, 2 * sizeof(unsigned long long)));

  // 1) Device API.
  curandState *dStates = nullptr;
  CUDA_CHECK(cudaMalloc(&dStates, threads * sizeof(curandState)));
  initStates<<<grid, kBlock>>>(dStates, 1234ULL);
  CUDA_CHECK(cudaGetLastError());
  countDeviceApi<<<grid, kBlock>>>(dStates, samplesPerThread, &dHits[0]);
  CUDA_CHECK(cudaGetLastError());

  // 2) Host API.
  float *dXY = nullptr;
  CUDA_CHECK(cudaMalloc(&dXY, 2 * nHost * sizeof(float)));
  curandGenerator_t gen;
  CURAND_CHECK(curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_PHILOX4_32_10));
  CURAND_CHECK(curandSetPseudoRandomGeneratorSeed(gen, 5678ULL));
  CURAND_CHECK(curandGenerateUniform(gen, dXY, 2 * nHost));
  countFromBuffer<<<grid, kBlock>>>(dXY, nHost, &dHits[1]);
  CUDA_CHECK(cudaGetLastError());

  unsigned long long hits[2];
  CUDA_CHECK(cudaMemcpy(hits, dHits, sizeof(hits), cudaMemcpyDeviceToHost));

  const bool okDevice = report("device API", hits[0], nDevice);
  const bool okHost = report("host API", hits[1], double(nHost));
  const bool ok = okDevice && okHost;
  std::printf("montecarlo_pi: device %.6f, host %.6f %s\n",
              4.0 * hits[0] / nDevice, 4.0 * hits[1] / double(nHost),
              ok ? "PASS" : "FAIL");

  CURAND_CHECK(curandDestroyGenerator(gen));
  CUDA_CHECK(cudaFree(dStates));
  CUDA_CHECK(cudaFree(dXY));
  CUDA_CHECK(cudaFree(dHits));
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}

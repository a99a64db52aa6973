// Thrust and CUB on a user stream.
//  - thrust::sort of 4M random keys with the thrust::cuda::par.on(stream)
//    execution policy, then thrust::sort_by_key with thrust::device and a
//    thrust::reduce, checked against std::sort / std::accumulate.
//  - cub::DeviceScan::ExclusiveSum with the usual two-phase call: first with
//    a null temp pointer to query the temp-storage size, then for real.
// Prints PASS when every result matches the CPU.
#include <cub/device/device_scan.cuh>
#include <cuda_runtime.h>
#include <thrust/copy.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/functional.h>
#include <thrust/reduce.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <numeric>
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

int main() {
  const int n = 1 << 22;

  std::vector<uint32_t> keys(n);
  std::vector<int> values(n);
  uint32_t state = 7u;
  for (int i = 0; i < n; ++i) {
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    keys[i] = state;
    values[i] = int(state % 1000);  // small, so the scan fits in int
  }

  // A blocking stream, so work that thrust::device_vector and thrust::device
  // put on the legacy default stream stays ordered with it.
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));

  // --- Thrust: sort keys on the stream.
  thrust::device_vector<uint32_t> dKeys(keys.begin(), keys.end());
  thrust::sort(thrust::cuda::par.on(stream), dKeys.begin(), dKeys.end());
  CUDA_CHECK(cudaStreamSynchronize(stream));
  std::vector<uint32_t> gpuSorted(n);
  thrust::copy(dKeys.begin(), dKeys.end(), gpuSorted.begin());

  // --- Thrust: sort (value, index) pairs by value, and reduce.
  thrust::device_vector<int> dVals(values.begin(), values.end());
  thrust::device_vector<int> dIdx(n);
  thrust::sequence(thrust::device, dIdx.begin(), dIdx.end());
  thrust::stable_sort_by_key(thrust::device, dVals.begin(), dVals.end(),
                             dIdx.begin());
  const long long gpuTotal = thrust::reduce(
      thrust::device, dVals.begin(), dVals.end(), 0LL, thrust::plus<long long>());
  std::vector<int> gpuIdx(n);
  thrust::copy(dIdx.begin(), dIdx.end(), gpuIdx.begin());

  // --- CUB: exclusive prefix sum of the (unsorted) values on the stream.
  int *dIn = nullptr, *dOut = nullptr;
  CUDA_CHECK(cudaMalloc(&dIn, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dOut, n * sizeof(int)));
  CUDA_CHECK(cudaMemcpyAsync(dIn, values.data(), n * sizeof(int),
                             cudaMemcpyHostToDevice, stream));
  void *dTemp = nullptr;
  size_t tempBytes = 0;
  CUDA_CHECK(cub::DeviceScan::ExclusiveSum(dTemp, tempBytes, dIn, dOut, n,
                                           stream));
  CUDA_CHECK(cudaMalloc(&dTemp, tempBytes));
  CUDA_CHECK(cub::DeviceScan::ExclusiveSum(dTemp, tempBytes, dIn, dOut, n,
                                           stream));
  std::vector<int> gpuScan(n);
  CUDA_CHECK(cudaMemcpyAsync(gpuScan.data(), dOut, n * sizeof(int),
                             cudaMemcpyDeviceToHost, stream));
  CUDA_CHECK(cudaStreamSynchronize(stream));

  // --- CPU references.
  std::vector<uint32_t> cpuSorted(keys);
  std::sort(cpuSorted.begin(), cpuSorted.end());
  const bool sortOk = gpuSorted == cpuSorted;

  // A stable sort by value must give indices in increasing order within each
  // run of equal values; compare against std::stable_sort of the indices.
  std::vector<int> cpuIdx(n);
  std::iota(cpuIdx.begin(), cpuIdx.end(), 0);
  std::stable_sort(cpuIdx.begin(), cpuIdx.end(),
                   [&](int a, int b) { return values[a] < values[b]; });
  const bool byKeyOk = gpuIdx == cpuIdx;
  const long long cpuTotal =
      std::accumulate(values.begin(), values.end(), 0LL);
  const bool reduceOk = gpuTotal == cpuTotal;

  std::vector<int> cpuScan(n);
  int running = 0;
  for (int i = 0; i < n; ++i) {
    cpuScan[i] = running;
    running += values[i];
  }
  const bool scanOk = gpuScan == cpuScan;

  const bool ok = sortOk && byKeyOk && reduceOk && scanOk;
  std::printf("thrust_cub: n=%d sort %s, sort_by_key %s, reduce %lld %s, "
              "cub scan (%zu temp bytes) %s %s\n",
              n, sortOk ? "ok" : "bad", byKeyOk ? "ok" : "bad", gpuTotal,
              reduceOk ? "ok" : "bad", tempBytes, scanOk ? "ok" : "bad",
              ok ? "PASS" : "FAIL");

  CUDA_CHECK(cudaFree(dTemp));
  CUDA_CHECK(cudaFree(dIn));
  CUDA_CHECK(cudaFree(dOut));
  CUDA_CHECK(cudaStreamDestroy(stream));
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}

// NCCL all-reduce across every GPU in this process (single-process,
// multi-device: ncclCommInitAll). Each rank fills its buffer on its own
// device with a kernel, then a grouped ncclAllReduce sums the buffers
// (ncclSum over floats) and a second one takes the maximum (ncclMax over
// ints). With one GPU the collectives are still exercised and are copies.
// Values are chosen so float sums are exact, so every rank must hold exactly
// the CPU result. Prints PASS when all ranks agree with the CPU.
// Needs NCCL: link with -lnccl.
#include <cuda_runtime.h>
#include <nccl.h>

#include <algorithm>
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

#define NCCL_CHECK(call)                                                       \
  do {                                                                         \
    ncclResult_t r_ = (call);                                                  \
    if (r_ != ncclSuccess) {                                                   \
      std::fprintf(stderr, "%s:%d: NCCL: %s\n", __FILE__, __LINE__,            \
                   ncclGetErrorString(r_));                                    \
      std::exit(EXIT_FAILURE);                                                 \
    }                                                                          \
  } while (0)

// Rank r contributes (r + 1) + (i % 8) * 0.25 at index i, and an int that
// peaks on a different rank for different i.
__host__ __device__ inline float floatInput(int rank, size_t i) {
  return float(rank + 1) + float(i % 8) * 0.25f;
}
__host__ __device__ inline int intInput(int rank, int nranks, size_t i) {
  return int((i + rank * 7) % (nranks * 5 + 3));
}

__global__ void fillInputs(float *f, int *k, size_t count, int rank,
                           int nranks) {
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < count;
       i += size_t(blockDim.x) * gridDim.x) {
    f[i] = floatInput(rank, i);
    k[i] = intInput(rank, nranks, i);
  }
}

int main() {
  int nDev = 0;
  CUDA_CHECK(cudaGetDeviceCount(&nDev));
  if (nDev < 1) {
    std::printf("nccl_allreduce: no CUDA device FAIL\n");
    return EXIT_FAILURE;
  }
  const size_t count = size_t(1) << 24;  // 64 MiB of floats per rank

  std::vector<int> devs(nDev);
  for (int d = 0; d < nDev; ++d)
    devs[d] = d;
  std::vector<ncclComm_t> comms(nDev);
  NCCL_CHECK(ncclCommInitAll(comms.data(), nDev, devs.data()));

  std::vector<float *> fSend(nDev), fRecv(nDev);
  std::vector<int *> kSend(nDev), kRecv(nDev);
  std::vector<cudaStream_t> streams(nDev);
  for (int d = 0; d < nDev; ++d) {
    CUDA_CHECK(cudaSetDevice(d));
    CUDA_CHECK(cudaStreamCreate(&streams[d]));
    CUDA_CHECK(cudaMalloc(&fSend[d], count * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&fRecv[d], count * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&kSend[d], count * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&kRecv[d], count * sizeof(int)));
    fillInputs<<<1024, 256, 0, streams[d]>>>(fSend[d], kSend[d], count, d,
                                             nDev);
    CUDA_CHECK(cudaGetLastError());
  }

  // One group for all devices so that a single thread can drive every rank.
  NCCL_CHECK(ncclGroupStart());
  for (int d = 0; d < nDev; ++d) {
    NCCL_CHECK(ncclAllReduce(fSend[d], fRecv[d], count, ncclFloat, ncclSum,
                             comms[d], streams[d]));
    NCCL_CHECK(ncclAllReduce(kSend[d], kRecv[d], count, ncclInt32, ncclMax,
                             comms[d], streams[d]));
  }
  NCCL_CHECK(ncclGroupEnd());

  int badRanks = 0;
  std::vector<float> f(count);
  std::vector<int> k(count);
  for (int d = 0; d < nDev; ++d) {
    CUDA_CHECK(cudaSetDevice(d));
    CUDA_CHECK(cudaStreamSynchronize(streams[d]));
    CUDA_CHECK(cudaMemcpy(f.data(), fRecv[d], count * sizeof(float),
                          cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(k.data(), kRecv[d], count * sizeof(int),
                          cudaMemcpyDeviceToHost));
    size_t bad = 0;
    for (size_t i = 0; i < count; ++i) {
      float sum = 0.0f;
      int mx = intInput(0, nDev, i);
      for (int r = 0; r < nDev; ++r) {
        sum += floatInput(r, i);
        mx = std::max(mx, intInput(r, nDev, i));
      }
      if (f[i] != sum || k[i] != mx)
        ++bad;
    }
    if (bad != 0) {
      std::fprintf(stderr, "rank %d: %zu wrong elements\n", d, bad);
      ++badRanks;
    }
  }

  int ncclVersion = 0;
  NCCL_CHECK(ncclGetVersion(&ncclVersion));
  const bool ok = badRanks == 0;
  std::printf("nccl_allreduce: NCCL %d, %d rank(s), %zu elements, "
              "sum+max, %d bad rank(s) %s\n",
              ncclVersion, nDev, count, badRanks, ok ? "PASS" : "FAIL");

  for (int d = 0; d < nDev; ++d) {
    CUDA_CHECK(cudaSetDevice(d));
    CUDA_CHECK(cudaFree(fSend[d]));
    CUDA_CHECK(cudaFree(fRecv[d]));
    CUDA_CHECK(cudaFree(kSend[d]));
    CUDA_CHECK(cudaFree(kRecv[d]));
    CUDA_CHECK(cudaStreamDestroy(streams[d]));
    NCCL_CHECK(ncclCommDestroy(comms[d]));
  }
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}

// Vector addition with error checking, two streams and event timing.
// Prints PASS when every element matches the CPU result.
#include <cuda_runtime.h>

#include <cmath>
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

__global__ void vectorAdd(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

int main() {
  const int n = 1 << 20;
  const int streams = 2;
  const int chunk = n / streams;
  const size_t bytes = n * sizeof(float);

  float *a, *b, *c;
  CUDA_CHECK(cudaMallocHost(&a, bytes));
  CUDA_CHECK(cudaMallocHost(&b, bytes));
  CUDA_CHECK(cudaMallocHost(&c, bytes));
  for (int i = 0; i < n; ++i) {
    a[i] = std::sin(i) * std::sin(i);
    b[i] = std::cos(i) * std::cos(i);
  }

  float *da, *db, *dc;
  CUDA_CHECK(cudaMalloc(&da, bytes));
  CUDA_CHECK(cudaMalloc(&db, bytes));
  CUDA_CHECK(cudaMalloc(&dc, bytes));

  cudaStream_t stream[streams];
  for (int s = 0; s < streams; ++s)
    CUDA_CHECK(cudaStreamCreateWithFlags(&stream[s], cudaStreamNonBlocking));
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));

  CUDA_CHECK(cudaEventRecord(start, 0));
  const int block = 256;
  const int grid = (chunk + block - 1) / block;
  for (int s = 0; s < streams; ++s) {
    const int offset = s * chunk;
    CUDA_CHECK(cudaMemcpyAsync(da + offset, a + offset, chunk * sizeof(float),
                               cudaMemcpyHostToDevice, stream[s]));
    CUDA_CHECK(cudaMemcpyAsync(db + offset, b + offset, chunk * sizeof(float),
                               cudaMemcpyHostToDevice, stream[s]));
    vectorAdd<<<grid, block, 0, stream[s]>>>(da + offset, db + offset,
                                             dc + offset, chunk);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaMemcpyAsync(c + offset, dc + offset, chunk * sizeof(float),
                               cudaMemcpyDeviceToHost, stream[s]));
  }
  CUDA_CHECK(cudaEventRecord(stop, 0));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float ms = 0;
  CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));

  int errors = 0;
  for (int i = 0; i < n; ++i)
    if (std::fabs(c[i] - 1.0f) > 1e-5f)
      ++errors;
  std::printf("vector_add: %d elements, %d streams, %.3f ms: %s\n", n, streams,
              ms, errors == 0 ? "PASS" : "FAIL");

  for (int s = 0; s < streams; ++s)
    CUDA_CHECK(cudaStreamDestroy(stream[s]));
  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  CUDA_CHECK(cudaFree(da));
  CUDA_CHECK(cudaFree(db));
  CUDA_CHECK(cudaFree(dc));
  CUDA_CHECK(cudaFreeHost(a));
  CUDA_CHECK(cudaFreeHost(b));
  CUDA_CHECK(cudaFreeHost(c));
  return errors == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

// Single-precision matrix multiply C = alpha * A * B + beta * C (row-major).
// A tiled shared-memory kernel is checked against a CPU reference on a small,
// deliberately non-tile-aligned size, and against cuBLAS cublasSgemm (run on
// a user stream) on a larger size. Prints PASS when both checks agree.
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <algorithm>
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

#define CUBLAS_CHECK(call)                                                     \
  do {                                                                         \
    cublasStatus_t st_ = (call);                                               \
    if (st_ != CUBLAS_STATUS_SUCCESS) {                                        \
      std::fprintf(stderr, "%s:%d: cuBLAS error %d\n", __FILE__, __LINE__,     \
                   int(st_));                                                  \
      std::exit(EXIT_FAILURE);                                                 \
    }                                                                          \
  } while (0)

constexpr int kTile = 16;

// A is m x k, B is k x n, C is m x n, all row-major.
__global__ void sgemmTiled(int m, int n, int k, float alpha, const float *A,
                           const float *B, float beta, float *C) {
  __shared__ float tileA[kTile][kTile];
  __shared__ float tileB[kTile][kTile + 1];  // +1 avoids bank conflicts

  const int row = blockIdx.y * kTile + threadIdx.y;
  const int col = blockIdx.x * kTile + threadIdx.x;
  float acc = 0.0f;

  for (int t = 0; t < k; t += kTile) {
    const int aCol = t + threadIdx.x;
    const int bRow = t + threadIdx.y;
    tileA[threadIdx.y][threadIdx.x] =
        (row < m && aCol < k) ? A[size_t(row) * k + aCol] : 0.0f;
    tileB[threadIdx.y][threadIdx.x] =
        (bRow < k && col < n) ? B[size_t(bRow) * n + col] : 0.0f;
    __syncthreads();
#pragma unroll
    for (int i = 0; i < kTile; ++i)
      acc += tileA[threadIdx.y][i] * tileB[i][threadIdx.x];
    __syncthreads();
  }
  if (row < m && col < n) {
    float *c = &C[size_t(row) * n + col];
    *c = alpha * acc + beta * *c;
  }
}

static void fillRandom(std::vector<float> &v, unsigned seed) {
  for (float &x : v) {
    seed = seed * 1664525u + 1013904223u;
    x = (seed >> 8) / float(1 << 23) - 1.0f;
  }
}

// Runs the tiled kernel on the given host matrices; returns the new C.
static std::vector<float> runTiled(int m, int n, int k, float alpha,
                                   const std::vector<float> &A,
                                   const std::vector<float> &B, float beta,
                                   const std::vector<float> &C,
                                   cudaStream_t stream) {
  float *dA, *dB, *dC;
  CUDA_CHECK(cudaMalloc(&dA, A.size() * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dB, B.size() * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dC, C.size() * sizeof(float)));
  CUDA_CHECK(cudaMemcpyAsync(dA, A.data(), A.size() * sizeof(float),
                             cudaMemcpyHostToDevice, stream));
  CUDA_CHECK(cudaMemcpyAsync(dB, B.data(), B.size() * sizeof(float),
                             cudaMemcpyHostToDevice, stream));
  CUDA_CHECK(cudaMemcpyAsync(dC, C.data(), C.size() * sizeof(float),
                             cudaMemcpyHostToDevice, stream));
  dim3 block(kTile, kTile);
  dim3 grid((n + kTile - 1) / kTile, (m + kTile - 1) / kTile);
  sgemmTiled<<<grid, block, 0, stream>>>(m, n, k, alpha, dA, dB, beta, dC);
  CUDA_CHECK(cudaGetLastError());
  std::vector<float> out(C.size());
  CUDA_CHECK(cudaMemcpyAsync(out.data(), dC, C.size() * sizeof(float),
                             cudaMemcpyDeviceToHost, stream));
  CUDA_CHECK(cudaStreamSynchronize(stream));
  CUDA_CHECK(cudaFree(dA));
  CUDA_CHECK(cudaFree(dB));
  CUDA_CHECK(cudaFree(dC));
  return out;
}

// Largest |x - ref| / (1 + |ref|) over all elements.
static double maxRelError(const std::vector<float> &x,
                          const std::vector<float> &ref) {
  double worst = 0.0;
  for (size_t i = 0; i < x.size(); ++i)
    worst = std::max(worst, std::fabs(double(x[i]) - ref[i]) /
                                (1.0 + std::fabs(double(ref[i]))));
  return worst;
}

int main() {
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));
  const float alpha = 1.5f, beta = -0.5f;

  // 1) Small odd-sized problem against a CPU reference.
  const int sm = 100, sn = 75, sk = 130;
  std::vector<float> sA(sm * sk), sB(sk * sn), sC(sm * sn);
  fillRandom(sA, 1u);
  fillRandom(sB, 2u);
  fillRandom(sC, 3u);
  std::vector<float> cpu(sC);
  for (int i = 0; i < sm; ++i)
    for (int j = 0; j < sn; ++j) {
      double acc = 0.0;
      for (int p = 0; p < sk; ++p)
        acc += double(sA[i * sk + p]) * sB[p * sn + j];
      cpu[i * sn + j] = float(alpha * acc + beta * sC[i * sn + j]);
    }
  const double errCpu =
      maxRelError(runTiled(sm, sn, sk, alpha, sA, sB, beta, sC, stream), cpu);

  // 2) Larger problem against cuBLAS.
  const int m = 1024, n = 768, k = 512;
  std::vector<float> A(size_t(m) * k), B(size_t(k) * n), C(size_t(m) * n);
  fillRandom(A, 4u);
  fillRandom(B, 5u);
  fillRandom(C, 6u);
  std::vector<float> tiled = runTiled(m, n, k, alpha, A, B, beta, C, stream);

  cublasHandle_t handle;
  CUBLAS_CHECK(cublasCreate(&handle));
  CUBLAS_CHECK(cublasSetStream(handle, stream));
  CUBLAS_CHECK(cublasSetMathMode(handle, CUBLAS_DEFAULT_MATH));  // no TF32
  float *dA, *dB, *dC;
  CUDA_CHECK(cudaMalloc(&dA, A.size() * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dB, B.size() * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dC, C.size() * sizeof(float)));
  CUDA_CHECK(cudaMemcpyAsync(dA, A.data(), A.size() * sizeof(float),
                             cudaMemcpyHostToDevice, stream));
  CUDA_CHECK(cudaMemcpyAsync(dB, B.data(), B.size() * sizeof(float),
                             cudaMemcpyHostToDevice, stream));
  CUDA_CHECK(cudaMemcpyAsync(dC, C.data(), C.size() * sizeof(float),
                             cudaMemcpyHostToDevice, stream));
  // cuBLAS is column-major: a row-major C = A * B is the column-major
  // C^T = B^T * A^T, so swap the operands and pass n, m.
  CUBLAS_CHECK(cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, m, k, &alpha,
                           dB, n, dA, k, &beta, dC, n));
  std::vector<float> blas(C.size());
  CUDA_CHECK(cudaMemcpyAsync(blas.data(), dC, C.size() * sizeof(float),
                             cudaMemcpyDeviceToHost, stream));
  CUDA_CHECK(cudaStreamSynchronize(stream));
  const double errBlas = maxRelError(tiled, blas);

  const double tol = 1e-4;
  const bool ok = errCpu <= tol && errBlas <= tol;
  std::printf("matmul: %dx%dx%d vs CPU err=%.2e, %dx%dx%d vs cuBLAS err=%.2e "
              "(tol %.0e) %s\n",
              sm, sn, sk, errCpu, m, n, k, errBlas, tol, ok ? "PASS" : "FAIL");

  CUBLAS_CHECK(cublasDestroy(handle));
  CUDA_CHECK(cudaFree(dA));
  CUDA_CHECK(cudaFree(dB));
  CUDA_CHECK(cudaFree(dC));
  CUDA_CHECK(cudaStreamDestroy(stream));
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}

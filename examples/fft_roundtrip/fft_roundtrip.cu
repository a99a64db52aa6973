// Batched 1D complex FFT round trip with cuFFT.
// A batch of signals (a few tones plus noise) is transformed forward with
// cufftExecC2C, checked against Parseval's theorem and the expected spectral
// peak, transformed back (cuFFT's inverse is unnormalised), scaled by 1/N in
// a kernel, and compared to the original input.
// Prints PASS when all three checks hold.
#include <cuda_runtime.h>
#include <cufft.h>

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

#define CUFFT_CHECK(call)                                                      \
  do {                                                                         \
    cufftResult r_ = (call);                                                   \
    if (r_ != CUFFT_SUCCESS) {                                                 \
      std::fprintf(stderr, "%s:%d: cuFFT error %d\n", __FILE__, __LINE__,      \
                   int(r_));                                                   \
      std::exit(EXIT_FAILURE);                                                 \
    }                                                                          \
  } while (0)

__global__ void scaleComplex(cufftComplex *data, size_t n, float scale) {
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
       i += size_t(blockDim.x) * gridDim.x) {
    data[i].x *= scale;
    data[i].y *= scale;
  }
}

int main() {
  const int n = 4096;     // transform length
  const int batch = 256;  // independent signals
  const size_t total = size_t(n) * batch;
  const size_t bytes = total * sizeof(cufftComplex);
  const double twoPi = 6.283185307179586;

  // Signal b has its dominant tone at bin (b % 200) + 1 with amplitude 1,
  // a weaker tone at bin 300, and small noise.
  std::vector<cufftComplex> h(total);
  unsigned state = 99u;
  for (int b = 0; b < batch; ++b) {
    const int k0 = b % 200 + 1;
    for (int t = 0; t < n; ++t) {
      state = state * 1664525u + 1013904223u;
      const float noise = 0.01f * ((state >> 8) / float(1 << 23) - 1.0f);
      const double ph0 = twoPi * k0 * t / n, ph1 = twoPi * 300.0 * t / n;
      cufftComplex &v = h[size_t(b) * n + t];
      v.x = float(std::cos(ph0) + 0.25 * std::cos(ph1)) + noise;
      v.y = float(std::sin(ph0)) - noise;
    }
  }

  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));
  cufftComplex *dData = nullptr;
  CUDA_CHECK(cudaMalloc(&dData, bytes));
  CUDA_CHECK(cudaMemcpyAsync(dData, h.data(), bytes, cudaMemcpyHostToDevice,
                             stream));

  cufftHandle plan;
  CUFFT_CHECK(cufftPlan1d(&plan, n, CUFFT_C2C, batch));
  CUFFT_CHECK(cufftSetStream(plan, stream));

  // Forward, in place.
  CUFFT_CHECK(cufftExecC2C(plan, dData, dData, CUFFT_FORWARD));
  std::vector<cufftComplex> spectrum(total);
  CUDA_CHECK(cudaMemcpyAsync(spectrum.data(), dData, bytes,
                             cudaMemcpyDeviceToHost, stream));

  // Inverse, then normalise.
  CUFFT_CHECK(cufftExecC2C(plan, dData, dData, CUFFT_INVERSE));
  scaleComplex<<<256, 256, 0, stream>>>(dData, total, 1.0f / n);
  CUDA_CHECK(cudaGetLastError());
  std::vector<cufftComplex> back(total);
  CUDA_CHECK(cudaMemcpyAsync(back.data(), dData, bytes, cudaMemcpyDeviceToHost,
                             stream));
  CUDA_CHECK(cudaStreamSynchronize(stream));

  // Check 1: Parseval, sum |X|^2 == N * sum |x|^2 for every signal.
  // Check 2: the largest bin is the dominant tone.
  double worstParseval = 0.0;
  int wrongPeaks = 0;
  for (int b = 0; b < batch; ++b) {
    double et = 0.0, ef = 0.0, best = -1.0;
    int peak = -1;
    for (int i = 0; i < n; ++i) {
      const cufftComplex x = h[size_t(b) * n + i];
      const cufftComplex X = spectrum[size_t(b) * n + i];
      et += double(x.x) * x.x + double(x.y) * x.y;
      const double mag = double(X.x) * X.x + double(X.y) * X.y;
      ef += mag;
      if (mag > best) {
        best = mag;
        peak = i;
      }
    }
    worstParseval = std::max(worstParseval, std::fabs(ef / (n * et) - 1.0));
    if (peak != b % 200 + 1)
      ++wrongPeaks;
  }

  // Check 3: round trip reproduces the input.
  double maxErr = 0.0;
  for (size_t i = 0; i < total; ++i) {
    maxErr = std::max(maxErr, double(std::fabs(back[i].x - h[i].x)));
    maxErr = std::max(maxErr, double(std::fabs(back[i].y - h[i].y)));
  }

  const bool ok = worstParseval < 1e-4 && wrongPeaks == 0 && maxErr < 5e-5;
  std::printf("fft_roundtrip: n=%d batch=%d parseval rel err %.2e, %d wrong "
              "peaks, round-trip max err %.2e %s\n",
              n, batch, worstParseval, wrongPeaks, maxErr,
              ok ? "PASS" : "FAIL");

  CUFFT_CHECK(cufftDestroy(plan));
  CUDA_CHECK(cudaFree(dData));
  CUDA_CHECK(cudaStreamDestroy(stream));
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}

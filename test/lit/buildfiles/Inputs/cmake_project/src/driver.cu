// Fills x with cuRAND, computes y = 2x + y and checks sum(y) on the host.
#include "kernels.cuh"

#include <curand.h>

#include <cmath>
#include <cstdio>
#include <vector>

#define CHECK(call)                                                            \
  do {                                                                         \
    if ((call) != 0) {                                                         \
      std::printf("FAILED: %s\n", #call);                                      \
      return 1;                                                                \
    }                                                                          \
  } while (0)

int runDemo() {
  const int N = 1 << 16;
  float *X, *Y, *Sum;
  CHECK(cudaMalloc(&X, N * sizeof(float)));
  CHECK(cudaMalloc(&Y, N * sizeof(float)));
  CHECK(cudaMalloc(&Sum, sizeof(float)));
  curandGenerator_t Gen;
  CHECK(curandCreateGenerator(&Gen, CURAND_RNG_PSEUDO_DEFAULT));
  CHECK(curandSetPseudoRandomGeneratorSeed(Gen, 1234));
  CHECK(curandGenerateUniform(Gen, X, N));
  CHECK(cudaMemset(Y, 0, N * sizeof(float)));
  CHECK(saxpy(N, 2.0f, X, Y, 0));
  CHECK(sum(N, Y, Sum, 0));
  std::vector<float> HostX(N);
  float DeviceSum = 0;
  CHECK(cudaMemcpy(HostX.data(), X, N * sizeof(float), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(&DeviceSum, Sum, sizeof(float), cudaMemcpyDeviceToHost));
  double Expected = 0;
  for (float V : HostX)
    Expected += 2.0 * V;
  CHECK(curandDestroyGenerator(Gen));
  CHECK(cudaFree(X));
  CHECK(cudaFree(Y));
  CHECK(cudaFree(Sum));
  bool Ok = std::fabs(DeviceSum - Expected) <= 1e-3 * Expected;
  std::printf("sum %.3f, expected %.3f: %s\n", DeviceSum, Expected, Ok ? "PASSED" : "FAILED");
  return Ok ? 0 : 1;
}

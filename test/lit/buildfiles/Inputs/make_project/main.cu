// Runs the stencil on random input (cuRAND) and checks it against host.cpp.
#include "include/stencil.cuh"

#include <curand.h>

#include <cmath>
#include <cstdio>
#include <vector>

void stencilOnHost(int n, const float *in, float *out);

int main() {
  const int N = 4096;
  float *In, *Out;
  if (cudaMalloc(&In, N * sizeof(float)) != cudaSuccess ||
      cudaMalloc(&Out, N * sizeof(float)) != cudaSuccess)
    return 1;
  curandGenerator_t Gen;
  curandCreateGenerator(&Gen, CURAND_RNG_PSEUDO_DEFAULT);
  curandGenerateUniform(Gen, In, N);
  if (stencil(N, In, Out) != cudaSuccess)
    return 1;
  std::vector<float> HostIn(N), HostOut(N), Expected(N);
  cudaMemcpy(HostIn.data(), In, N * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(HostOut.data(), Out, N * sizeof(float), cudaMemcpyDeviceToHost);
  stencilOnHost(N, HostIn.data(), Expected.data());
  int Wrong = 0;
  for (int I = 0; I < N; ++I)
    Wrong += std::fabs(HostOut[I] - Expected[I]) > 1e-5f;
  curandDestroyGenerator(Gen);
  cudaFree(In);
  cudaFree(Out);
  std::printf("%d of %d wrong: %s\n", Wrong, N, Wrong ? "FAILED" : "PASSED");
  return Wrong ? 1 : 0;
}

// A correct MUSA migration of tiny.cu. cudaMalloc in a comment is not code.
#include <musa_runtime.h>
#include <cstdio>

__global__ void scale(float *p, float s) { p[threadIdx.x] *= s; }

int main() {
  float *d = nullptr;
  if (musaMalloc(&d, 32 * sizeof(float)) != musaSuccess) return 1;
  musaMemset(d, 0, 32 * sizeof(float));
  scale<<<1, 32>>>(d, 2.0f);
  musaError_t err = musaDeviceSynchronize();
  cudaFree(d);  // left behind, and the report does not say so
  std::printf("tiny (not cudaFree'd twice): %s\n", err == musaSuccess ? "PASS" : "FAIL");
  return err == musaSuccess ? 0 : 1;
}

// Adds two vectors on the GPU and checks the sum on the host: prints PASS and
// exits 0 when every element is right.
#include <cstdio>
#include <vector>

__global__ void add(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

static bool check(cudaError_t e, const char *what) {
  if (e != cudaSuccess)
    std::printf("FAIL: %s: %s\n", what, cudaGetErrorString(e));
  return e == cudaSuccess;
}

int main() {
  const int n = 1 << 16;
  std::vector<float> a(n), b(n), c(n);
  for (int i = 0; i < n; ++i) {
    a[i] = float(i);
    b[i] = float(2 * i);
  }
  float *da, *db, *dc;
  size_t bytes = n * sizeof(float);
  if (!check(cudaMalloc(&da, bytes), "cudaMalloc") ||
      !check(cudaMalloc(&db, bytes), "cudaMalloc") ||
      !check(cudaMalloc(&dc, bytes), "cudaMalloc") ||
      !check(cudaMemcpy(da, a.data(), bytes, cudaMemcpyHostToDevice), "cudaMemcpy") ||
      !check(cudaMemcpy(db, b.data(), bytes, cudaMemcpyHostToDevice), "cudaMemcpy"))
    return 1;
  add<<<(n + 255) / 256, 256>>>(da, db, dc, n);
  if (!check(cudaGetLastError(), "launch") ||
      !check(cudaMemcpy(c.data(), dc, bytes, cudaMemcpyDeviceToHost), "cudaMemcpy") ||
      !check(cudaFree(da), "cudaFree") || !check(cudaFree(db), "cudaFree") ||
      !check(cudaFree(dc), "cudaFree"))
    return 1;
  for (int i = 0; i < n; ++i)
    if (c[i] != float(3 * i)) {
      std::printf("FAIL: c[%d] = %g, not %g\n", i, c[i], float(3 * i));
      return 1;
    }
  std::printf("PASS\n");
  return 0;
}

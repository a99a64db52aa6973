// out[i] = (in[i-1] + in[i] + in[i+1]) / 3 inside the vector; edges copied.
#include "include/stencil.cuh"

__global__ void stencilKernel(int n, const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i == 0 || i == n - 1)
    out[i] = in[i];
  else if (i < n)
    out[i] = (in[i - 1] + in[i] + in[i + 1]) / 3.0f;
}

cudaError_t stencil(int n, const float *in, float *out) {
  // CUDA's min(int, unsigned int), which HIP lacks: the HIP build needs
  // musify's helper header, which the migrated Makefile puts on the path.
  unsigned blocks = min((n + 127) / 128, 65535u);
  stencilKernel<<<blocks, 128>>>(n, in, out);
  return cudaGetLastError();
}

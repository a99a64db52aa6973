#include "kernels.h"

__global__ void scaleKernel(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + i;
}

void scaleOnDevice(float a, const float *x, float *y, int n) {
  scaleKernel<<<(n + 127) / 128, 128>>>(a, x, y, n);
}

#include "b.cuh"
__global__ void k(float *x) { x[0] = lane(); __stcs(x, 1.0f); __stcs(x + 1, 2.0f); }
int main() { float *p; cudaMalloc(&p, 4); k<<<1, 1>>>(p); cudaFree(p); }

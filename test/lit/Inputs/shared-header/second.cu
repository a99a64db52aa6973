#include "kernels.cuh"
#include "kernels.cuh"
int second(float *p) { return zero(p, 8, 0) == cudaSuccess; }

#include "kernels.cuh"
int first(float *p) { return zero(p, 4, 0) == cudaSuccess; }

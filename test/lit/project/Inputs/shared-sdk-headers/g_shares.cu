#include <cuda_runtime.h>
#include "local.cuh"
__global__ void viaHeader(float *x) { x[rank()] = 3; }

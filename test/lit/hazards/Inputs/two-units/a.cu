#include "../warp-causes.cuh"
__global__ void lane_of(int *out) { out[threadIdx.x] = threadIdx.x % WARP_SIZE; }

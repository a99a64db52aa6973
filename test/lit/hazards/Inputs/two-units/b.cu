#include "../warp-causes.cuh"
__global__ void warp_of(int *out) {
  out[threadIdx.x] = threadIdx.x / WARP_SIZE + threadIdx.x % WARP_SIZE;
}

#pragma once
#include <cuda_runtime.h>
__device__ inline float lane() { return threadIdx.x % 32; }

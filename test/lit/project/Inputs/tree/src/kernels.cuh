#pragma once
__global__ void fill(float *x) { x[threadIdx.x] = 1.0f; }
__global__ void fill_fast(float *x) { x[threadIdx.x] = __fmul_rn(1.0f, 1.0f); }

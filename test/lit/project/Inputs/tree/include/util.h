#pragma once
#include <cuda_runtime.h>
inline int check(cudaError_t e) { return e == cudaSuccess ? 0 : 1; }

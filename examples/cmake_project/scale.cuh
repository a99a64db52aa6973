// The device side of the example: what main.cpp calls, and the error check
// both files use.
#pragma once
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>

#define EXAMPLE_CHECK(call)                                                    \
  do {                                                                         \
    cudaError_t status_ = (call);                                              \
    if (status_ != cudaSuccess) {                                              \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__,       \
                   #call, cudaGetErrorString(status_));                        \
      std::exit(EXIT_FAILURE);                                                 \
    }                                                                          \
  } while (0)

// y[i] = a * x[i] + y[i] on the device, launched on `stream`.
void saxpy_on_device(float a, const float *x, float *y, int n, cudaStream_t stream);

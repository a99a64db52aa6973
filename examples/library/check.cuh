// Error checking shared by every file of the library.
#pragma once
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

#define LIB_CHECK(call)                                                        \
  do {                                                                         \
    cudaError_t status_ = (call);                                              \
    if (status_ != cudaSuccess) {                                              \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__,       \
                   #call, cudaGetErrorString(status_));                        \
      std::exit(EXIT_FAILURE);                                                 \
    }                                                                          \
  } while (0)

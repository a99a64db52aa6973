// Code that includes <omp.h> finds Clang's own (libomp), not GCC's.
// RUN: %nvcc-check -Xcompiler -fopenmp %s
// RUN: %musify %s | FileCheck %s
#include <cuda_runtime.h>
#include <omp.h>

void upload_all(float **device, float *const *host, size_t bytes, int devices) {
#pragma omp parallel for num_threads(devices)
  for (int d = 0; d < devices; ++d) {
    cudaSetDevice(d);
    cudaMemcpy(device[d], host[d], bytes, cudaMemcpyHostToDevice);
  }
  (void)omp_get_max_threads();
}
// CHECK: musaSetDevice(d);
// CHECK-NEXT: musaMemcpy(device[d], host[d], bytes, musaMemcpyHostToDevice);

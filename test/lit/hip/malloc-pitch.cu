// cudaMallocPitch and cudaHostGetDevicePointer have a CUDA template overload
// that takes a typed pointer (T **); HIP 5.2 declares only the void ** form
// (hip/hip_runtime_api.h), so hipcc finds no matching function for `&p`.
// The first argument is cast to void ** on HIP, as for hipHostAlloc: a typed
// pointer, a member and one in a template all build; one already cast to
// void ** is left as it is, as hipify leaves it.
// RUN: %musify --target=hip %s -o %t.hip --report %t.json
// RUN: FileCheck %s --check-prefix=HIP < %t.hip
// RUN: %python -c "import json; print(json.load(open('%t.json'))['files'][0]['build']['expected'])" | FileCheck %s --check-prefix=PREDICT
// RUN: %hipcc-check %t.hip
// RUN: %musify %s -o %t.mu
// RUN: FileCheck %s --check-prefix=MUSA < %t.mu
// RUN: %musa-check %t.mu
#include <cuda_runtime.h>

struct Image {
  float *data;
  size_t pitch;
};

template <typename T> void allocate(T *&rows, size_t *pitch) {
  cudaMallocPitch(&rows, pitch, 64 * sizeof(T), 16);
}

void setup(Image &img, float *host, char *&bytes) {
  float *p, *mapped;
  size_t pitch;
  cudaMallocPitch((void **)&p, &pitch, 64 * sizeof(float), 16);
  cudaMallocPitch(&p, &pitch, 64 * sizeof(float), 16);
  cudaMallocPitch(&img.data, &img.pitch, 64 * sizeof(float), 16);
  cudaHostGetDevicePointer(&mapped, host, 0);
  allocate(bytes, &pitch);
}

// HIP:      hipMallocPitch(reinterpret_cast<void **>(&rows), pitch, 64 * sizeof(T), 16);
// HIP:      hipMallocPitch((void **)&p, &pitch, 64 * sizeof(float), 16);
// HIP-NEXT: hipMallocPitch(reinterpret_cast<void **>(&p), &pitch, 64 * sizeof(float), 16);
// HIP-NEXT: hipMallocPitch(reinterpret_cast<void **>(&img.data), &img.pitch, 64 * sizeof(float), 16);
// HIP-NEXT: hipHostGetDevicePointer(reinterpret_cast<void **>(&mapped), host, 0);
// PREDICT: True
// MUSA:      musaMallocPitch(&rows, pitch, 64 * sizeof(T), 16);
// MUSA:      musaMallocPitch((void **)&p, &pitch, 64 * sizeof(float), 16);
// MUSA-NEXT: musaMallocPitch(&p, &pitch, 64 * sizeof(float), 16);
// MUSA-NEXT: musaMallocPitch(&img.data, &img.pitch, 64 * sizeof(float), 16);
// MUSA-NEXT: musaHostGetDevicePointer(&mapped, host, 0);

// Template kernels launched from device code (cdpAdvancedQuicksort style):
// nvcc -rdc=true compiles them; Clang turns the launch down when it picks the
// template's overload ("call to __global__ function from __global__
// function"). musify parses them as nvcc does, and reports each launch from
// device code.
// RUN: %nvcc-check -rdc=true %s
// RUN: %musify %s --report %t.json 2> %t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=DIAG < %t.err
// RUN: %python -c "import json; f = json.load(open('%t.json'))['files'][0]; print(f['analysis'], f.get('error_count', 0), len(f['hazards']))" | FileCheck %s --check-prefix=REPORT
#include <cuda_runtime.h>

template <int Depth>
__global__ void qsort_warp(unsigned *data, int left, int right) {
  if constexpr (Depth < 4) {
    if (right - left > 1) {
      cudaStream_t stream;
      cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
      qsort_warp<Depth + 1><<<1, 32, 0, stream>>>(data, left, (left + right) / 2);
      cudaStreamDestroy(stream);
    }
  }
}

template <typename T> __global__ void fill(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void parent(T *p) { fill<<<1, 32>>>(p); }

void sort_and_fill(unsigned *keys, float *values) {
  qsort_warp<0><<<1, 1>>>(keys, 0, 1024);
  parent<float><<<1, 1>>>(values);
}
// CHECK: musaStream_t stream;
// CHECK: musaStreamCreateWithFlags(&stream, musaStreamNonBlocking);

// DIAG: warning: 'qsort_warp<Depth + 1><<<1, 32, 0, stream>>>(data, left, (left + right) / 2)': a kernel launched from device code
// DIAG: warning: 'fill<<<1, 32>>>(p)': a kernel launched from device code
// DIAG-NOT: error

// REPORT: semantic 0 2

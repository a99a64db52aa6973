// nvcc's --extended-lambda and --expt-relaxed-constexpr code, nvcc pragmas and
// tests of nvcc's version macros parse; the branch nvcc takes is the one parsed.
// RUN: %nvcc-check --extended-lambda --expt-relaxed-constexpr %s
// RUN: %musify %s --report %t.json | FileCheck %s
// RUN: %python -c "import json; [print(e['line'], e['cuda'], e['status'], e['evidence']) for e in json.load(open('%t.json'))['files'][0]['references'] if e['cuda'].startswith('cuda')]" | FileCheck %s --check-prefix=REPORT
#include <cuda_runtime.h>

#pragma nv_diag_suppress 177
template <typename F> __global__ void transform(F f, float *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] = f(data[i]);
}

constexpr float gain(float x) { return 2.0f * x; }

void run(float *data, int n, float offset) {
  auto shift = [=] __device__(float x) { return gain(x) + offset; };
  transform<<<(n + 255) / 256, 256>>>(shift, data, n);
#if __CUDACC_VER_MAJOR__ >= 12
  cudaDeviceSynchronize();
#else
  cudaThreadSynchronize();
#endif
}
// CHECK: auto shift = [=] __device__(float x) { return gain(x) + offset; };
// CHECK: musaDeviceSynchronize();
// CHECK: musaThreadSynchronize();
// REPORT: 21 cudaDeviceSynchronize migrated declaration
// REPORT: 23 cudaThreadSynchronize migrated-without-semantics skipped-region

// A launch whose configuration or kernel uses macros becomes a launch call
// too: the rewrite edits only the <<<, the >>>, the commas between the
// configuration's arguments and what follows the kernel, so a macro's use
// inside a piece stays as written. Template kernels: a template-id goes in
// HIP_KERNEL_NAME, as hipify writes it; one whose arguments the call deduces
// keeps its name alone, as hipLaunchKernelGGL calls the kernel with them.
// A launch written in a macro's argument (a dispatch macro's lambda) is
// written in the file as well. A launch a macro's definition writes whole
// (its kernel maybe a parameter) is rewritten there, once for every use;
// a parameter kernel goes in HIP_KERNEL_NAME, as its argument may be a
// template-id. Only a launch whose <<< >>> or configuration commas come from
// different texts (`k<<<CONFIG>>>`) stays a <<<>>> launch, and is reported.
// The output compiles.
// RUN: %musify --target=hip --hip-launch-kernel-ggl %s -o %t.hip 2> %t.err
// RUN: FileCheck %s --check-prefix=GGL < %t.hip
// RUN: FileCheck %s --check-prefix=DIAG < %t.err
// RUN: sed '/CONFIG>>>/d' %t.hip > %t.compile.hip
// RUN: %hipcc-check %t.compile.hip
#include <cuda_runtime.h>

#define BLOCKS(n) (((n) + 255) / 256)
#define THREADS 256
#define KERNEL fill
#define CONFIG 1, 32
#define LAUNCH_FILL(p) fill<<<1, 1>>>(p, 0.0f)
#define LAUNCH(kernel, n, ...)                                                 \
  kernel<<<BLOCKS(n), THREADS>>>(__VA_ARGS__)

__global__ void fill(float *p, float v) { p[threadIdx.x] = v; }
template <typename T> __global__ void scale(T *p, T by) { p[threadIdx.x] *= by; }
template <typename T, int N> __global__ void scale_n(T *p) { p[threadIdx.x] *= N; }

void run(float *p, int n, cudaStream_t s) {
  fill<<<BLOCKS(n), THREADS>>>(p, 1.0f);
  fill<<<BLOCKS(n) * 2, THREADS, 0, s>>>(p, 2.0f);
  KERNEL<<<BLOCKS(n), THREADS>>>(p, 3.0f);
  scale<<<BLOCKS(n), THREADS>>>(p, 2.0f);
  scale_n<float, 4><<<1, THREADS, 0, s>>>(p);
  fill<<<CONFIG>>>(p, 4.0f);
  LAUNCH_FILL(p);
  LAUNCH(fill, n, p, 5.0f);
  LAUNCH(scale<float>, n, p, 2.0f);
}

// A launch in a macro's argument is written in the file too.
#define DISPATCH_FLOAT_DOUBLE(...)                                             \
  do {                                                                         \
    { using scalar_t = float; __VA_ARGS__(); }                                 \
    { using scalar_t = double; __VA_ARGS__(); }                                \
  } while (0)
void dispatch(void *q, int n) {
  DISPATCH_FLOAT_DOUBLE([&] {
    scale<scalar_t><<<BLOCKS(n), THREADS>>>((scalar_t *)q, scalar_t(2));
    fill<<<1, 1>>>((float *)q, 0.0f);
  });
}
// GGL:      {{^}}#define LAUNCH_FILL(p) hipLaunchKernelGGL(fill, dim3(1), dim3(1), 0, 0, p, 0.0f)
// GGL-NEXT: {{^}}#define LAUNCH(kernel, n, ...){{ +}}\
// GGL-NEXT: {{^}}  hipLaunchKernelGGL(HIP_KERNEL_NAME(kernel), dim3(BLOCKS(n)), dim3(THREADS), 0, 0, __VA_ARGS__)
// GGL:      {{^}}void run(float *p, int n, hipStream_t s) {
// GGL-NEXT: {{^}}  hipLaunchKernelGGL(fill, dim3(BLOCKS(n)), dim3(THREADS), 0, 0, p, 1.0f);
// GGL-NEXT: {{^}}  hipLaunchKernelGGL(fill, dim3(BLOCKS(n) * 2), dim3(THREADS), 0, s, p, 2.0f);
// GGL-NEXT: {{^}}  hipLaunchKernelGGL(KERNEL, dim3(BLOCKS(n)), dim3(THREADS), 0, 0, p, 3.0f);
// GGL-NEXT: {{^}}  hipLaunchKernelGGL(scale, dim3(BLOCKS(n)), dim3(THREADS), 0, 0, p, 2.0f);
// GGL-NEXT: {{^}}  hipLaunchKernelGGL(HIP_KERNEL_NAME(scale_n<float, 4>), dim3(1), dim3(THREADS), 0, s, p);
// GGL-NEXT: {{^}}  // musify-unsupported: 'fill<<<>>>' has no HIP equivalent: the launch's <<< >>> and the commas of its configuration are not written in one text (some come from a macro's definition): it stays a <<<>>> launch
// GGL-NEXT: {{^}}  fill<<<CONFIG>>>(p, 4.0f);
// GGL-NEXT: {{^}}  LAUNCH_FILL(p);
// GGL-NEXT: {{^}}  LAUNCH(fill, n, p, 5.0f);
// GGL-NEXT: {{^}}  LAUNCH(scale<float>, n, p, 2.0f);
// GGL:      {{^}}  DISPATCH_FLOAT_DOUBLE([&] {
// GGL-NEXT: {{^}}    hipLaunchKernelGGL(HIP_KERNEL_NAME(scale<scalar_t>), dim3(BLOCKS(n)), dim3(THREADS), 0, 0, (scalar_t *)q, scalar_t(2));
// GGL-NEXT: {{^}}    hipLaunchKernelGGL(fill, dim3(1), dim3(1), 0, 0, (float *)q, 0.0f);

// DIAG: launch-macros.cu:39:3: warning: 'fill<<<>>>' has no HIP equivalent: the launch's <<< >>> and the commas of its configuration are not written in one text (some come from a macro's definition): it stays a <<<>>> launch [musify-unsupported]

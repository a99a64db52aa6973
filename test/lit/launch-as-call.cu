// --launch-as-call writes launches as the target's launch call. MUSA's is
// musifyLaunchKernelGGL (MUSIFY_KERNEL_NAME around a template-id with
// commas), from musify's header <musify/musa_launch.h>, which every file
// that launches so includes: under mcc, and nvcc through the portability
// layer, it is the <<<>>> launch again; a CPU build defines it as
// hipLaunchKernelGGL. --hip-launch-kernel-ggl is the same option; HIP's call
// needs no header of musify's. The MUSA output builds with nvcc.
// RUN: %musify --launch-as-call %s -o %t.mu --report %t.json 2> %t.err
// RUN: FileCheck %s --check-prefix=MUSA < %t.mu
// RUN: %python -c "import json; [print(e['cuda'], '->', e['target'], e['evidence'], e['status']) for e in json.load(open('%t.json'))['files'][0]['references'] if e['family'] in ('launch', 'helpers')]" | FileCheck %s --check-prefix=REPORT
// RUN: %musa-check %t.mu
// RUN: %musify --hip-launch-kernel-ggl %s -o %t.hip-spelling.mu 2> /dev/null
// RUN: diff %t.mu %t.hip-spelling.mu
// RUN: %musify --target=hip --launch-as-call %s -o %t.hip 2> /dev/null
// RUN: FileCheck %s --check-prefix=HIP < %t.hip
// RUN: %hipcc-check %t.hip

#define BLOCKS(n) (((n) + 255) / 256)

__global__ void fill(float *p, float v) { p[threadIdx.x] = v; }
template <typename T, int N> __global__ void scale(T *p) { p[threadIdx.x] *= N; }
__global__ void tick() {}

void run(float *p, int n, cudaStream_t s) {
  fill<<<BLOCKS(n), 256>>>(p, 1.0f);
  scale<float, 2><<<1, 32, 0, s>>>(p);
  tick<<<1, 1>>>();
}
// MUSA:      {{^}}#include <musa_runtime.h>
// MUSA-NEXT: {{^}}#include <musify/musa_launch.h>
// MUSA:      {{^}}void run(float *p, int n, musaStream_t s) {
// MUSA-NEXT: {{^}}  musifyLaunchKernelGGL(fill, dim3(BLOCKS(n)), dim3(256), 0, 0, p, 1.0f);
// MUSA-NEXT: {{^}}  musifyLaunchKernelGGL(MUSIFY_KERNEL_NAME(scale<float, 2>), dim3(1), dim3(32), 0, s, p);
// MUSA-NEXT: {{^}}  musifyLaunchKernelGGL(tick, dim3(1), dim3(1), 0, 0);

// REPORT:      musify/musa_launch.h -> musify/musa_launch.h helper migrated
// REPORT-NEXT: fill<<<>>> -> musifyLaunchKernelGGL declaration migrated
// REPORT-NEXT: scale<<<>>> -> musifyLaunchKernelGGL declaration migrated
// REPORT-NEXT: tick<<<>>> -> musifyLaunchKernelGGL declaration migrated

// HIP-NOT:   {{^}}#include <musify/
// HIP:       {{^}}  hipLaunchKernelGGL(fill, dim3(BLOCKS(n)), dim3(256), 0, 0, p, 1.0f);

// The JSON report (--report) lists every CUDA reference with its place, its
// CUDA and target names, kind, family, status and evidence, plus totals; it
// validates against docs/report.schema.json for both targets, and a name the
// target lacks is also a Clang-style warning on stderr.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %musify %s -o %t/musa.cu --report %t/musa.json 2> %t/musa.err
// RUN: %python %S/Inputs/print_report.py %t/musa.json | FileCheck %s --check-prefix=REPORT-MUSA
// RUN: FileCheck %s --check-prefix=DIAG-MUSA --implicit-check-not=warning: < %t/musa.err
// RUN: %musify --target=hip %s -o %t/hip.cu --report %t/hip.json 2> %t/hip.err
// RUN: %python %S/Inputs/print_report.py %t/hip.json | FileCheck %s --check-prefix=REPORT-HIP
// RUN: FileCheck %s --check-prefix=DIAG-HIP --implicit-check-not=warning: < %t/hip.err
// RUN: FileCheck %s --check-prefix=OUT-HIP < %t/hip.cu
// RUN: %python %S/Inputs/validate_report.py %S/../../docs/report.schema.json %t/musa.json %t/hip.json | FileCheck %s --check-prefix=VALID
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

__host__ __device__ inline void check(cudaError_t err) {
#ifdef __CUDA_ARCH__
  if (err != cudaSuccess) __trap();
#else
  if (err != cudaSuccess) {
    fprintf(stderr, "CUDA error: %s\n", cudaGetErrorString(err));
    exit(1);
  }
#endif
}

__global__ void scale(float *data, float factor, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] *= factor;
}

int main() {
  const int n = 1 << 20;
  float *d = nullptr;
  cudaStream_t stream;
  check(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 64 << 20));
  check(cudaStreamCreate(&stream));
  check(cudaMalloc(&d, n * sizeof(float)));
  check(cudaMemsetAsync(d, 0, n * sizeof(float), stream));
  scale<<<(n + 255) / 256, 256, 0, stream>>>(d, 2.0f, n);
  check(cudaStreamSynchronize(stream));
  check(cudaFree(d));
  check(cudaStreamDestroy(stream));
  return 0;
}

// REPORT-MUSA:      tool musify {{[0-9]+\.[0-9]+\.[0-9]+.*}}
// REPORT-MUSA-NEXT: target musa
// REPORT-MUSA-NEXT: cuda {{.+}} {{[0-9]+\.[0-9]+}}
// REPORT-MUSA-NEXT: inputs report.cu
// REPORT-MUSA-NEXT: file report.cu output=musa.cu analysis=semantic
// REPORT-MUSA-NEXT:   14:10 cuda_runtime.h -> musa_runtime.h kind=header family=headers status=migrated evidence=include
// REPORT-MUSA-NEXT:   18:1 __host__ -> __host__ kind=macro family=runtime status=kept evidence=macro
// REPORT-MUSA-NEXT:   18:10 __device__ -> __device__ kind=macro family=runtime status=kept evidence=macro
// REPORT-MUSA-NEXT:   18:39 cudaError_t -> musaError_t kind=type family=runtime status=migrated evidence=declaration
// REPORT-MUSA-NEXT:   19:8 __CUDA_ARCH__ -> __MUSA_ARCH__ kind=macro family=language status=migrated evidence=macro note=architecture numbers differ: comparisons are rewritten by the threshold map (rules/musa/thresholds/arch.json: __CUDA_ARCH__ >= 800 -> __MUSA_ARCH__ >= 220)
// REPORT-MUSA-NEXT:   20:14 cudaSuccess -> musaSuccess kind=enumerator family=runtime status=migrated evidence=declaration
// REPORT-MUSA-NEXT:   20:27 __trap -> __trap kind=function family=device status=kept evidence=declaration
// REPORT-MUSA-NEXT:   22:14 cudaSuccess -> musaSuccess kind=enumerator family=runtime status=migrated evidence=declaration
// REPORT-MUSA-NEXT:   23:41 cudaGetErrorString -> musaGetErrorString kind=function family=runtime status=migrated evidence=declaration
// REPORT-MUSA-NEXT:   29:1 __global__ -> __global__ kind=macro family=runtime status=kept evidence=macro
// REPORT-MUSA-NEXT:   30:11 blockIdx -> blockIdx kind=variable family=language status=kept evidence=declaration note=device builtin; kept as is
// REPORT-MUSA-NEXT:   30:24 blockDim -> blockDim kind=variable family=language status=kept evidence=declaration note=device builtin; kept as is
// REPORT-MUSA-NEXT:   30:37 threadIdx -> threadIdx kind=variable family=language status=kept evidence=declaration note=device builtin; kept as is
// REPORT-MUSA-NEXT:   38:3 cudaStream_t -> musaStream_t kind=type family=runtime status=migrated evidence=declaration
// REPORT-MUSA-NEXT:   39:9 cudaDeviceSetLimit -> musaDeviceSetLimit kind=function family=runtime status=migrated evidence=declaration
// REPORT-MUSA-NEXT:   39:28 cudaLimitMallocHeapSize -> musaLimitMallocHeapSize kind=enumerator family=runtime status=migrated evidence=declaration
// REPORT-MUSA-NEXT:   40:9 cudaStreamCreate -> musaStreamCreate kind=function family=runtime status=migrated evidence=declaration
// REPORT-MUSA-NEXT:   41:9 cudaMalloc -> musaMalloc kind=function family=runtime status=migrated evidence=declaration
// REPORT-MUSA-NEXT:   42:9 cudaMemsetAsync -> musaMemsetAsync kind=function family=runtime status=migrated evidence=declaration
// REPORT-MUSA-NEXT:   43:3 scale<<<>>> -> scale<<<>>> kind=launch family=launch status=kept evidence=declaration
// REPORT-MUSA-NEXT:   44:9 cudaStreamSynchronize -> musaStreamSynchronize kind=function family=runtime status=migrated evidence=declaration
// REPORT-MUSA-NEXT:   45:9 cudaFree -> musaFree kind=function family=runtime status=migrated evidence=declaration
// REPORT-MUSA-NEXT:   46:9 cudaStreamDestroy -> musaStreamDestroy kind=function family=runtime status=migrated evidence=declaration
// REPORT-MUSA-NEXT: totals conflicts=0 deprecated_or_removed=0 excluded=0 files=1 files_with_clang_errors=0 files_without_semantics=0 hazard_causes=0 hazards=0 in_string_literals=0 inline_asm={'by_instruction': {}, 'left': 0, 'translated': 0} kept=8 migrated=15 migrated-without-semantics=0 predicted_not_to_build=0 references=23 unknown=0 unsupported=0

// DIAG-MUSA: musify: 1 file to MUSA: 23 references: 15 migrated, 0 migrated without semantics, 8 kept, 0 unsupported, 0 unknown

// REPORT-HIP:      tool musify {{[0-9]+\.[0-9]+\.[0-9]+.*}}
// REPORT-HIP-NEXT: target hip
// REPORT-HIP-NEXT: cuda {{.+}} {{[0-9]+\.[0-9]+}}
// REPORT-HIP-NEXT: inputs report.cu
// REPORT-HIP-NEXT: file report.cu output=hip.cu analysis=semantic
// REPORT-HIP-NEXT:   14:10 cuda_runtime.h -> hip/hip_runtime.h kind=header family=headers status=migrated evidence=include
// REPORT-HIP-NEXT:   18:1 __host__ -> __host__ kind=macro family=runtime status=kept evidence=macro
// REPORT-HIP-NEXT:   18:10 __device__ -> __device__ kind=macro family=runtime status=kept evidence=macro
// REPORT-HIP-NEXT:   18:39 cudaError_t -> hipError_t kind=type family=runtime status=migrated evidence=declaration
// REPORT-HIP-NEXT:   19:8 __CUDA_ARCH__ -> __HIP_DEVICE_COMPILE__ kind=macro family=language status=migrated evidence=macro note=__HIP_DEVICE_COMPILE__ (1 in the device pass, undefined on the host) stands for it in defined()/#ifdef tests and as a truth value in #if; a comparison (__CUDA_ARCH__ >= 800) goes through the threshold map; any other use of its value has no HIP translation
// REPORT-HIP-NEXT:   20:14 cudaSuccess -> hipSuccess kind=enumerator family=runtime status=migrated evidence=declaration
// REPORT-HIP-NEXT:   20:27 __trap -> __trap kind=function family=device status=unsupported evidence=declaration note=no HIP equivalent source=HIPIFY's table maps it to no HIP name
// REPORT-HIP-NEXT:   22:14 cudaSuccess -> hipSuccess kind=enumerator family=runtime status=migrated evidence=declaration
// REPORT-HIP-NEXT:   23:41 cudaGetErrorString -> hipGetErrorString kind=function family=runtime status=migrated evidence=declaration
// REPORT-HIP-NEXT:   29:1 __global__ -> __global__ kind=macro family=runtime status=kept evidence=macro
// REPORT-HIP-NEXT:   30:11 blockIdx -> blockIdx kind=variable family=language status=kept evidence=declaration note=device builtin; kept as is
// REPORT-HIP-NEXT:   30:24 blockDim -> blockDim kind=variable family=language status=kept evidence=declaration note=device builtin; kept as is
// REPORT-HIP-NEXT:   30:37 threadIdx -> threadIdx kind=variable family=language status=kept evidence=declaration note=device builtin; kept as is
// REPORT-HIP-NEXT:   38:3 cudaStream_t -> hipStream_t kind=type family=runtime status=migrated evidence=declaration
// REPORT-HIP-NEXT:   39:9 cudaDeviceSetLimit -> cudaDeviceSetLimit kind=function family=runtime status=unsupported evidence=declaration note=needs HIP 5.3 (hipDeviceSetLimit); the target is HIP 5.2 (--hip-version)
// REPORT-HIP-NEXT:   39:28 cudaLimitMallocHeapSize -> hipLimitMallocHeapSize kind=enumerator family=runtime status=migrated evidence=declaration
// REPORT-HIP-NEXT:   40:9 cudaStreamCreate -> hipStreamCreate kind=function family=runtime status=migrated evidence=declaration
// REPORT-HIP-NEXT:   41:9 cudaMalloc -> hipMalloc kind=function family=runtime status=migrated evidence=declaration
// REPORT-HIP-NEXT:   42:9 cudaMemsetAsync -> hipMemsetAsync kind=function family=runtime status=migrated evidence=declaration
// REPORT-HIP-NEXT:   43:3 scale<<<>>> -> scale<<<>>> kind=launch family=launch status=kept evidence=declaration
// REPORT-HIP-NEXT:   44:9 cudaStreamSynchronize -> hipStreamSynchronize kind=function family=runtime status=migrated evidence=declaration
// REPORT-HIP-NEXT:   45:9 cudaFree -> hipFree kind=function family=runtime status=migrated evidence=declaration
// REPORT-HIP-NEXT:   46:9 cudaStreamDestroy -> hipStreamDestroy kind=function family=runtime status=migrated evidence=declaration
// REPORT-HIP-NEXT: totals conflicts=0 deprecated_or_removed=0 excluded=0 files=1 files_with_clang_errors=0 files_without_semantics=0 hazard_causes=0 hazards=0 in_string_literals=0 inline_asm={'by_instruction': {}, 'left': 0, 'translated': 0} kept=7 migrated=14 migrated-without-semantics=0 predicted_not_to_build=1 references=23 unknown=0 unsupported=2

// A name only a newer HIP has is one warning with the option that fixes it;
// --verbose prints each use.
// RUN: %musify --target=hip --hip-version=5.2 %s -o %t/hip.cu --verbose 2>&1 | FileCheck %s --check-prefix=VERBOSE-HIP
// VERBOSE-HIP: {{.*}}report.cu:39:9: warning: 'cudaDeviceSetLimit' needs HIP 5.3 (hipDeviceSetLimit); the target is HIP 5.2 (--hip-version) [musify-unsupported]
// DIAG-HIP: {{.*}}report.cu:20:27: warning: '__trap' has no HIP equivalent: left as it is, for a person to rewrite [musify-unsupported]
// DIAG-HIP-NEXT: musify: warning: 1 use(s) of 1 name(s) that HIP 5.2, the target, does not have yet; --hip-version=5.3 migrates them: cudaDeviceSetLimit (5.3) (--verbose prints each use) [musify-unsupported]
// DIAG-HIP-NEXT: musify: what is left to do:
// DIAG-HIP-NEXT:   unsupported names (2): __trap x1, cudaDeviceSetLimit x1
// DIAG-HIP-NEXT:   files predicted not to build (1): {{.*}}report.cu
// DIAG-HIP-NEXT: musify: 1 file to HIP: 23 references: 14 migrated, 0 migrated without semantics, 7 kept, 2 unsupported, 0 unknown

// OUT-HIP:      {{^}}  // musify-unsupported: 'cudaDeviceSetLimit' needs HIP 5.3 (hipDeviceSetLimit); the target is HIP 5.2{{.*}}
// OUT-HIP-NEXT: {{^}}  check(cudaDeviceSetLimit(hipLimitMallocHeapSize, 64 << 20));

// VALID:      musa.json: valid
// VALID-NEXT: hip.json: valid

// nvcc's cuda_runtime.h includes <time.h> and <string.h> for host code
// (through crt/common_functions.h), so real CUDA code calls clock() and uses
// CLOCKS_PER_SEC or memset without including them. Such a file parses, and is
// migrated with semantics.
// RUN: %nvcc-check %s
// RUN: %musify %s -o %t.mu --report %t.json 2>&1 | FileCheck %s
// RUN: %python -c "import json; print(json.load(open('%t.json'))['files'][0]['analysis'])" | FileCheck %s --check-prefix=ANALYSIS
__global__ void touch(int *p) { p[threadIdx.x] = 1; }

int main() {
  clock_t start = clock();
  int *d = nullptr;
  cudaMalloc(&d, 64 * sizeof(int));
  touch<<<1, 64>>>(d);
  cudaDeviceSynchronize();
  int host[64];
  memset(host, 0, sizeof host);
  double seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
  return seconds < 0 ? 1 : host[0];
}

// CHECK-NOT: cannot parse
// CHECK: musify: 1 file to MUSA: {{[0-9]+}} references: {{[0-9]+}} migrated, 0 migrated without semantics
// ANALYSIS: semantic

// nvcc gives host code the integer min/max overloads and unqualified isfinite;
// Clang declares them for the device only. musify parses this as nvcc does.
// RUN: %nvcc-check %s
// RUN: %musify %s --report %t.json | FileCheck %s
// RUN: %python -c "import json; print(json.load(open('%t.json'))['totals']['files_without_semantics'])" | FileCheck %s --check-prefix=SEMANTIC
#include <cuda_runtime.h>
#include <cmath>
#include <cstdio>
#include <ctime>

int clamp_blocks(int wanted, unsigned limit, long long bytes) {
  int blocks = min(wanted, (int)limit);
  blocks = max(blocks, 1);
  unsigned long long big = max(bytes, 0LL);
  double ratio = min(1.5, 2.0);
  if (!isfinite(ratio) || isnan(ratio))
    return -1;
  clock_t started = clock();
  cudaDeviceSynchronize();
  return blocks + (int)big + (int)(clock() - started);
}
// CHECK: int blocks = min(wanted, (int)limit);
// CHECK: if (!isfinite(ratio) || isnan(ratio))
// CHECK: musaDeviceSynchronize();
// SEMANTIC: 0

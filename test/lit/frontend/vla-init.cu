// An initialised variable-length array in host code is a GNU extension that
// nvcc's host compiler accepts ("variable-sized object may not be
// initialized" to Clang). musify parses it as nvcc does.
// RUN: %nvcc-check %s
// RUN: %musify %s --report %t.json | FileCheck %s
// RUN: %python -c "import json; f = json.load(open('%t.json'))['files'][0]; print(f['analysis'], f.get('error_count', 0)); [print(e['line'], e['cuda'], e['evidence']) for e in f['references']]" | FileCheck %s --check-prefix=REPORT
#include <cuda_runtime.h>

int create_streams(int n) {
  cudaStream_t streams[n] = {};
  int failures[n] = {0};
  for (int i = 0; i < n; ++i)
    failures[i] = cudaStreamCreate(&streams[i]) != cudaSuccess;
  return failures[0];
}
// CHECK: musaStream_t streams[n] = {};
// CHECK: failures[i] = musaStreamCreate(&streams[i]) != musaSuccess;

// REPORT:      semantic 0
// REPORT-NEXT: 7 cuda_runtime.h include
// REPORT-NEXT: 10 cudaStream_t declaration
// REPORT-NEXT: 13 cudaStreamCreate declaration
// REPORT-NEXT: 13 cudaSuccess declaration

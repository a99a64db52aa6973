// An initialised variable-length array is a GNU extension that nvcc's host
// compiler accepts; hipcc is Clang on the host side too and rejects it
// ("variable-sized object may not be initialized"). (nvcc rejects a
// variable-length array in device code itself; a bound Clang folds to a
// constant, as in the kernel below, is no variable-length array to either.)
// No rewrite keeps every initialiser's meaning, so the HIP migration leaves it
// as written and reports it with its line: a hazard that blocks the build
// prediction (rules/hip/hazards/nvcc-extensions.json). hipcc rejects the
// output where the report says. MUSA lists no such hazard: its output builds
// through the layer with nvcc.
// RUN: %nvcc-check %s
// RUN: %musify --target=hip %s -o %t.hip --report %t.json 2> %t.err
// RUN: FileCheck %s --check-prefix=DIAG < %t.err
// RUN: %python -c "import json; f = json.load(open('%t.json'))['files'][0]; print(f['build']['expected']); [print(b['line'], b['kind'], b['name']) for b in f['build']['blockers']]" | FileCheck %s --check-prefix=PREDICT
// RUN: not %hipcc-check %t.hip 2> %t.hipcc
// RUN: FileCheck %s --check-prefix=HIPCC --implicit-check-not=error: < %t.hipcc
// RUN: %musify %s -o %t.mu --report %t.musa.json
// RUN: %python -c "import json; f = json.load(open('%t.musa.json'))['files'][0]; print(f['build']['expected'], f['hazards'])" | FileCheck %s --check-prefix=MUSA
// RUN: %musa-check %t.mu
#include <cuda_runtime.h>

__global__ void scale(float *out) {
  const float factor = 2.0f;
  const int taps = (int)(factor * 2);
  float weights[taps] = {0};
  out[threadIdx.x] *= weights[0] + taps;
}

int count_streams(int n) {
  cudaStream_t streams[n] = {};
  int failures[n] = {0};
  int fixed[4] = {0};
  return (streams[0] == nullptr) + failures[0] + fixed[0];
}

// DIAG: initialised-vla.cu:30:16: warning: 'cudaStream_t streams[n] = {}': hipcc rejects an initialised variable-length array
// DIAG: initialised-vla.cu:31:7: warning: 'int failures[n] = {0}': hipcc rejects
// PREDICT:      False
// PREDICT-NEXT: 30 initialised-vla cudaStream_t streams[n] = {}
// PREDICT-NEXT: 31 initialised-vla int failures[n] = {0}
// HIPCC: initialised-vla.cu.tmp.hip:31:{{[0-9]+}}: error: variable-sized object may not be initialized
// HIPCC: initialised-vla.cu.tmp.hip:33:{{[0-9]+}}: error: variable-sized object may not be initialized
// HIPCC: 2 errors generated
// MUSA: True []
// REQUIRES: compilers

// HIP 5.2's min and max take fewer parameter types than CUDA's: a call that
// CUDA resolves to an overload HIP does not declare as such (min(int,
// unsigned int) here; on HIP blockDim.x is no plain unsigned int, and such
// calls become ambiguous) is kept, reported for review, and listed as a
// build risk. Calls of the overloads HIP has are kept quietly. MUSA keeps all.
// RUN: %musify --target=hip %s -o %t.hip --report %t.json 2> %t.err
// RUN: FileCheck %s --check-prefix=HIP < %t.hip
// RUN: FileCheck %s --check-prefix=DIAG < %t.err
// RUN: %python -c "import json; b = json.load(open('%t.json'))['files'][0]['build']; print(b['expected'], [(r['kind'], r['name'], r['line']) for r in b['risks']])" | FileCheck %s --check-prefix=BUILD
// RUN: %musify %s | FileCheck %s --check-prefix=MUSA
#include <cuda_runtime.h>

__global__ void clamp(unsigned *out, int *signed_out, int n) {
  out[threadIdx.x] = min(n, blockDim.x);
  signed_out[threadIdx.x] = max(signed_out[0], 3);
}

// HIP:      out[threadIdx.x] = min(n, blockDim.x);
// HIP-NEXT: signed_out[threadIdx.x] = max(signed_out[0], 3);
// DIAG: target-overloads.cu:14:22: warning: 'min' became 'min': this call resolves to min(int, unsigned int), which HIP does not declare as such
// DIAG-NOT: 'max'
// BUILD: True [('kept', 'min', 14)]
// MUSA:      out[threadIdx.x] = min(n, blockDim.x);

// --rules adds to and overrides the shipped tables: a table in the shipped
// format, or a flat mapping file as musify-text takes them. A user's rule
// applies wherever its name is declared, even outside the SDK.
// RUN: %musify --rules %S/Inputs/user-rules/flat.json --rules %S/Inputs/user-rules/table.json %s -- -I%S/Inputs/user-rules 2> %t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=DIAG < %t.err
// RUN: not %musify --rules %S/Inputs/user-rules/missing.json %s 2>&1 | FileCheck %s --check-prefix=MISSING
#include <cuda_runtime.h>
#include "vendor_cuda.h"

void run(float **p) {
  CUDAStreamGuard guard{0};
  cudaMalloc(p, 64);
  cudaMemset(*p, 0, 64);
  cudaFree(*p);
  cudaDeviceSynchronize();
}
// CHECK:      {{^}}#include "vendor_musa.h"
// CHECK:      {{^}}  MUSAStreamGuard guard{0};
// CHECK-NEXT: {{^}}  musaMallocTracked(p, 64);
// CHECK-NEXT: {{^}}  musaMemsetTracked(*p, 0, 64);
// CHECK-NEXT: {{^}}  // musify-unsupported: 'cudaFree' has no MUSA equivalent: use the project's pool instead
// CHECK-NEXT: {{^}}  cudaFree(*p);
// CHECK-NEXT: {{^}}  musaDeviceSynchronize();

// DIAG: user-rules.cu:14:3: warning: 'cudaFree' has no MUSA equivalent: use the project's pool instead [musify-unsupported]
// MISSING: musify: error: cannot read {{.*}}missing.json: No such file or directory

// musify-text's markers keep working: a line marked MUSIFY_EXCL_LINE and the
// lines between MUSIFY_EXCL_START and MUSIFY_EXCL_STOP are left as written,
// and the report lists what they kept ("excluded").
// RUN: %musify %s --report %t.json 2> %t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=SUMMARY < %t.err
// RUN: %python -c "import json; r = json.load(open('%t.json')); print(r['totals']['excluded']); [print(e['line'], e['cuda'], e['status']) for e in r['files'][0]['references'] if e['status'] == 'excluded']" | FileCheck %s --check-prefix=REPORT
#include <cuda_runtime.h>

void copy(float *d, const float *h, size_t n) {
  cudaMemcpy(d, h, n, cudaMemcpyHostToDevice);
  cudaMemcpy(d, h, n, cudaMemcpyHostToDevice); // MUSIFY_EXCL_LINE: vendor shim
  // MUSIFY_EXCL_START
  cudaDeviceSynchronize();
  // MUSIFY_EXCL_STOP
  cudaDeviceSynchronize();
}
// CHECK:      musaMemcpy(d, h, n, musaMemcpyHostToDevice);
// CHECK-NEXT: cudaMemcpy(d, h, n, cudaMemcpyHostToDevice); // MUSIFY_EXCL_LINE: vendor shim
// CHECK-NEXT: // MUSIFY_EXCL_START
// CHECK-NEXT: cudaDeviceSynchronize();
// CHECK-NEXT: // MUSIFY_EXCL_STOP
// CHECK-NEXT: musaDeviceSynchronize();

// SUMMARY: 3 excluded by MUSIFY_EXCL markers

// REPORT:      3
// REPORT-NEXT: 11 cudaMemcpy excluded
// REPORT-NEXT: 11 cudaMemcpyHostToDevice excluded
// REPORT-NEXT: 13 cudaDeviceSynchronize excluded

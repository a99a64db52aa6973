// A file Clang cannot parse (a CUDA header it includes is not in the SDK: a
// fatal error, unlike a missing header of anyone else's, see
// frontend/missing-header.cu) is named with Clang's first errors, still
// migrated by the token rewriter, marked so in the report, and the exit code
// says so unless --allow-fallback accepts it.
// RUN: rm -rf %t && mkdir -p %t
// RUN: not %musify %s -o %t/out.cu --report %t/report.json 2> %t/err.txt
// RUN: FileCheck %s --check-prefix=ERR < %t/err.txt
// RUN: FileCheck %s --check-prefix=OUT < %t/out.cu
// RUN: %python -c "import json; f = json.load(open('%t/report.json'))['files'][0]; print(f['analysis'], f['fallback_reason']); [print(e['cuda'], e['status']) for e in f['references']]" | FileCheck %s --check-prefix=REPORT
// RUN: %musify --allow-fallback %s -o %t/out2.cu 2>&1 | FileCheck %s --check-prefix=ALLOWED
// RUN: diff %t/out.cu %t/out2.cu
#include <cuda_runtime.h>
#include <cuda_texture_types.h>
#include <cublas_v2.h>

void copy(float *d, const float *h, size_t n) {
  cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);
}
// ERR: musify: error: cannot parse '{{.*}}parse-failure.cu'; it was migrated by the token rewriter, without semantic analysis:
// ERR-NEXT: {{.*}}parse-failure.cu:14:10: error: 'cuda_texture_types.h' file not found
// ERR: 1 file(s) without semantic analysis

// OUT: #include <musa_runtime.h>
// OUT: #include <musa_texture_types.h>
// OUT-NEXT: #include <mublas.h>
// OUT: musaMemcpy(d, h, n * sizeof(float), musaMemcpyHostToDevice);

// REPORT:      token-fallback Clang could not parse it
// REPORT-NEXT: cuda_runtime.h migrated-without-semantics
// REPORT-NEXT: cuda_texture_types.h migrated-without-semantics
// REPORT-NEXT: cublas_v2.h migrated-without-semantics
// REPORT-NEXT: cudaMemcpy migrated-without-semantics
// REPORT-NEXT: cudaMemcpyHostToDevice migrated-without-semantics

// ALLOWED: musify: warning: cannot parse

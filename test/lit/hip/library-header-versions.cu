// hipBLAS, hipBLASLt and hipSOLVER: ROCm 5.2 moved each library's header under
// include/<library>/ and kept the old one as a deprecated wrapper; ROCm 6.0
// removed the wrappers. So from --hip-version=6.0 the headers are
// hipblas/hipblas.h, hipblaslt/hipblaslt.h and hipsolver/hipsolver.h; HIP 5.2
// keeps HIPIFY's spellings. The report names the move and its source. None of
// the three libraries is shipped by Debian, so neither output is compiled;
// each name's source says which library was not checked (cuBLASLt's names
// are hipBLASLt's, though the cublas family covers both).
// RUN: %musify --target=hip --hip-version=6.3 %s -o %t.63.hip --report %t.63.json 2>/dev/null
// RUN: FileCheck %s --check-prefix=HIP63 < %t.63.hip
// RUN: %python -c "import json; [print(e['cuda'], '->', e['target'], '|', e['note'], '|', e['source']) for e in json.load(open('%t.63.json'))['files'][0]['references'] if e['kind'] == 'header' and e['cuda'] != 'cuda_runtime.h']" | FileCheck %s --check-prefix=REPORT
// RUN: %python -c "import json; [print(e['cuda'], '|', e['source']) for e in json.load(open('%t.63.json'))['files'][0]['references'] if e['cuda'] in ('cublasCreate', 'cublasLtHandle_t')]" | FileCheck %s --check-prefix=SOURCE
// RUN: %musify --target=hip --hip-version=5.2 %s -o %t.52.hip 2>/dev/null
// RUN: FileCheck %s --check-prefix=HIP52 < %t.52.hip
#include <cuda_runtime.h>
#include <cublas_v2.h>
#include <cublasLt.h>
#include <cusolverDn.h>

int handles() {
  cublasHandle_t blas;
  cublasLtHandle_t lt;
  cusolverDnHandle_t solver;
  return cublasCreate(&blas) == CUBLAS_STATUS_SUCCESS && cublasLtCreate(&lt) == 0 &&
         cusolverDnCreate(&solver) == 0;
}

// HIP63:      #include <hipblas/hipblas.h>
// HIP63-NEXT: #include <hipblaslt/hipblaslt.h>
// HIP63-NEXT: #include <hipsolver/hipsolver.h>
// HIP63:      hipblasHandle_t blas;
// HIP52:      #include <hipblas.h>
// HIP52-NEXT: #include <hipblaslt.h>
// HIP52-NEXT: #include <hipsolver.h>
// REPORT:      cublas_v2.h -> hipblas/hipblas.h | HIP 6.0 moved it to hipblas/hipblas.h | hipBLAS is not shipped by Debian{{.*}}; as cublas.h
// REPORT-NEXT: cublasLt.h -> hipblaslt/hipblaslt.h | HIP 6.0 moved it to hipblaslt/hipblaslt.h | hipBLASLt is not shipped by Debian{{.*}}; as cublas.h: ROCm 6.0 keeps each library's headers only under include/<library>/
// REPORT-NEXT: cusolverDn.h -> hipsolver/hipsolver.h | HIP 6.0 moved it to hipsolver/hipsolver.h | hipSOLVER is not shipped by Debian{{.*}}; as cublas.h: ROCm 5.2 moved hipSOLVER's header
// SOURCE:      cublasLtHandle_t | hipBLASLt is not shipped by Debian, so this is not compiled here
// SOURCE-NEXT: cublasCreate | hipBLAS is not shipped by Debian, so this is not compiled here

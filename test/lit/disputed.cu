// Where sources disagree on a MUSA name (MUSA_FACTS.md's cuBLAS table), the
// table picks one, its note names the other, and every use is a warning.
// RUN: %musify %s --report %t.json 2> %t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=DIAG < %t.err
// RUN: %python -c "import json; [print(e['cuda'], e['target'], e.get('disputed', False)) for e in json.load(open('%t.json'))['files'][0]['references'] if e['kind'] == 'enumerator']" | FileCheck %s --check-prefix=REPORT
#include <cublas_v2.h>

cublasStatus_t gemm(cublasHandle_t h, int n, const float *a, const float *b, float *c) {
  const float one = 1.0f, zero = 0.0f;
  return cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, a, CUDA_R_32F, n, b,
                      CUDA_R_32F, n, &zero, c, CUDA_R_32F, n, CUBLAS_COMPUTE_32F,
                      CUBLAS_GEMM_DEFAULT_TENSOR_OP);
}
// CHECK: mublasStatus_t gemm(mublasHandle_t h, int n, const float *a, const float *b, float *c) {
// CHECK: return mublasGemmEx(h, MUBLAS_OP_N, MUBLAS_OP_N, n, n, n, &one, a, MUSA_R_32F, n, b,
// CHECK-NEXT: // musify-disputed: 'CUBLAS_COMPUTE_32F' became 'MUSA_R_32F': sources disagree{{.*}}
// CHECK-NEXT: MUSA_R_32F, n, &zero, c, MUSA_R_32F, n, MUSA_R_32F,
// CHECK-NEXT: // musify-disputed: 'CUBLAS_GEMM_DEFAULT_TENSOR_OP' became 'MUBLAS_GEMM_DEFAULT'{{.*}}
// CHECK-NEXT: MUBLAS_GEMM_DEFAULT);

// DIAG: disputed.cu:11:63: warning: 'CUBLAS_COMPUTE_32F' became 'MUSA_R_32F': sources disagree: the published table says MUBLAS_COMPUTE_32F; ports built against a real MUSA SDK use MUSA_R_32F (MUSA's compute type is a data type) [musify-disputed]
// DIAG: disputed.cu:12:23: warning: 'CUBLAS_GEMM_DEFAULT_TENSOR_OP' became 'MUBLAS_GEMM_DEFAULT': sources disagree

// REPORT: CUBLAS_COMPUTE_32F MUSA_R_32F True
// REPORT: CUBLAS_GEMM_DEFAULT_TENSOR_OP MUBLAS_GEMM_DEFAULT True

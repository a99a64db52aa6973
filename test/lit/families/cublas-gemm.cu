// cuBLAS on a stream: a handle, SGEMM, and cublasGemmEx with an explicit
// compute type and algorithm, falling back to SGEMM where GemmEx is not
// supported, every status checked. MUSA has muBLAS (mublas.h). Where the
// published MUSA table and real MUSA ports disagree, rules/musa/cublas.json
// chose the ports' names ("conflict:" notes), and the output must use them:
//   CUBLAS_COMPUTE_32F            -> MUSA_R_32F (a data type on MUSA)
//   CUBLAS_GEMM_DEFAULT_TENSOR_OP -> MUBLAS_GEMM_DEFAULT
//   CUBLAS_STATUS_NOT_SUPPORTED   -> MUBLAS_STATUS_NOT_IMPLEMENTED
//   CUBLAS_TF32_TENSOR_OP_MATH    -> MUBLAS_TENSOR_OP_MATH
// hipBLAS is not shipped by Debian: its names come from the HIPIFY tables
// (check hipify-table), and its header with them, so the HIP output is
// consistent hipBLAS code; it is not compiled here. It targets HIP 6.3
// (--hip-version): hipblasGemmEx_v2 came with 6.0, as did hipblas/hipblas.h alone. The runtime and
// library_types.h names (cudaStream_t, CUDA_R_32F) migrate too.
//
// Comment lines are dropped from the output before checking, so an expected
// line below can never match itself.
// RUN: %nvcc-check %s
// RUN: %musify %s -o %t.mu 2> %t.musa.err
// RUN: grep -v '^[[:space:]]*//' %t.mu | FileCheck %s --match-full-lines --check-prefix=MUSA --implicit-check-not=cuda --implicit-check-not=CUDA_ --implicit-check-not=cublas --implicit-check-not=CUBLAS
// RUN: FileCheck %s --match-full-lines --check-prefix=MUSA-DIAG --implicit-check-not=warning: < %t.musa.err
// RUN: %musify --target=hip --hip-version=6.3 %s -o %t.hip 2> %t.hip.err
// RUN: grep -v '^[[:space:]]*//' %t.hip | FileCheck %s --match-full-lines --check-prefix=HIP --implicit-check-not=cuda --implicit-check-not=CUDA_
// RUN: FileCheck %s --match-full-lines --check-prefix=HIP-DIAG --implicit-check-not=warning: < %t.hip.err
#include <cstdio>
#include <cuda_runtime.h>
#include <cublas_v2.h>
// MUSA:      #include <cstdio>
// MUSA-NEXT: #include <musa_runtime.h>
// MUSA-NEXT: #include <mublas.h>

static bool check(cublasStatus_t status, const char *what) {
  if (status != CUBLAS_STATUS_SUCCESS) {
    std::fprintf(stderr, "%s failed: %d\n", what, static_cast<int>(status));
    return false;
  }
  return true;
}
// MUSA:      static bool check(mublasStatus_t status, const char *what) {
// MUSA-NEXT:   if (status != MUBLAS_STATUS_SUCCESS) {

// C = A * B, column-major, A is m x k, B is k x n; GemmEx may use TF32.
bool gemm(const float *a, const float *b, float *c, int m, int n, int k,
          cudaStream_t stream) {
  cublasHandle_t handle;
  if (!check(cublasCreate(&handle), "create"))
    return false;
  cublasSetStream(handle, stream);
  cublasSetMathMode(handle, CUBLAS_TF32_TENSOR_OP_MATH);
  const float alpha = 1.0f, beta = 0.0f;
  cublasStatus_t status = cublasGemmEx(handle, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k,
                                       &alpha, a, CUDA_R_32F, m, b, CUDA_R_32F, k,
                                       &beta, c, CUDA_R_32F, m, CUBLAS_COMPUTE_32F,
                                       CUBLAS_GEMM_DEFAULT_TENSOR_OP);
  if (status == CUBLAS_STATUS_NOT_SUPPORTED)
    status = cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &alpha, a, m,
                         b, k, &beta, c, m);
  bool ok = check(status, "gemm");
  cublasDestroy(handle);
  return ok;
}
// MUSA:                musaStream_t stream) {
// MUSA-NEXT:   mublasHandle_t handle;
// MUSA-NEXT:   if (!check(mublasCreate(&handle), "create"))
// MUSA-NEXT:     return false;
// MUSA-NEXT:   mublasSetStream(handle, stream);
// MUSA-NEXT:   mublasSetMathMode(handle, MUBLAS_TENSOR_OP_MATH);
// MUSA-NEXT:   const float alpha = 1.0f, beta = 0.0f;
// MUSA-NEXT:   mublasStatus_t status = mublasGemmEx(handle, MUBLAS_OP_N, MUBLAS_OP_N, m, n, k,
// MUSA-NEXT:                                        &alpha, a, MUSA_R_32F, m, b, MUSA_R_32F, k,
// MUSA-NEXT:                                        &beta, c, MUSA_R_32F, m, MUSA_R_32F,
// MUSA-NEXT:                                        MUBLAS_GEMM_DEFAULT);
// MUSA-NEXT:   if (status == MUBLAS_STATUS_NOT_IMPLEMENTED)
// MUSA-NEXT:     status = mublasSgemm(handle, MUBLAS_OP_N, MUBLAS_OP_N, m, n, k, &alpha, a, m,
// MUSA-NEXT:                          b, k, &beta, c, m);
// MUSA-NEXT:   bool ok = check(status, "gemm");
// MUSA-NEXT:   mublasDestroy(handle);


// The four disputed names are reported, each with the name it chose.
// MUSA-DIAG:      {{.*}}cublas-gemm.cu:{{[0-9]+}}:29: warning: 'CUBLAS_TF32_TENSOR_OP_MATH' became 'MUBLAS_TENSOR_OP_MATH': sources disagree: {{.*}} [musify-disputed]
// MUSA-DIAG-NEXT: {{.*}}cublas-gemm.cu:{{[0-9]+}}:65: warning: 'CUBLAS_COMPUTE_32F' became 'MUSA_R_32F': sources disagree: {{.*}} [musify-disputed]
// MUSA-DIAG-NEXT: {{.*}}cublas-gemm.cu:{{[0-9]+}}:40: warning: 'CUBLAS_GEMM_DEFAULT_TENSOR_OP' became 'MUBLAS_GEMM_DEFAULT': sources disagree: {{.*}} [musify-disputed]
// MUSA-DIAG-NEXT: {{.*}}cublas-gemm.cu:{{[0-9]+}}:17: warning: 'CUBLAS_STATUS_NOT_SUPPORTED' became 'MUBLAS_STATUS_NOT_IMPLEMENTED': sources disagree: {{.*}} [musify-disputed]
// MUSA-DIAG-NEXT: musify: 1 file to {{MUSA}}: 24 references: 24 migrated, 0 migrated without semantics, 0 kept, 0 unsupported, 0 unknown


// HIP:      #include <cstdio>
// HIP:      #include <hip/hip_runtime.h>
// HIP:      #include <hipblas/hipblas.h>
// HIP:      static bool check(hipblasStatus_t status, const char *what) {
// HIP:        if (status != HIPBLAS_STATUS_SUCCESS) {
// HIP:          std::fprintf(stderr, "%s failed: %d\n", what, static_cast<int>(status));
// HIP:          return false;
// HIP:        }
// HIP:        return true;
// HIP:      }
// HIP:      bool gemm(const float *a, const float *b, float *c, int m, int n, int k,
// HIP:                hipStream_t stream) {
// HIP:        hipblasHandle_t handle;
// HIP:        if (!check(hipblasCreate(&handle), "create"))
// HIP:          return false;
// HIP:        hipblasSetStream(handle, stream);
// HIP:        hipblasSetMathMode(handle, HIPBLAS_TF32_TENSOR_OP_MATH);
// HIP:        const float alpha = 1.0f, beta = 0.0f;
// HIP:        hipblasStatus_t status = hipblasGemmEx_v2(handle, HIPBLAS_OP_N, HIPBLAS_OP_N, m, n, k,
// HIP:                                             &alpha, a, HIP_R_32F, m, b, HIP_R_32F, k,
// HIP:                                             &beta, c, HIP_R_32F, m, HIPBLAS_COMPUTE_32F,
// HIP-NEXT:                                        CUBLAS_GEMM_DEFAULT_TENSOR_OP);
// HIP:        if (status == HIPBLAS_STATUS_NOT_SUPPORTED)
// HIP:          status = hipblasSgemm(handle, HIPBLAS_OP_N, HIPBLAS_OP_N, m, n, k, &alpha, a, m,
// HIP:                               b, k, &beta, c, m);
// HIP:        bool ok = check(status, "gemm");
// HIP:        hipblasDestroy(handle);
// HIP:        return ok;
// HIP:      }

// HIP-DIAG:      {{.*}}cublas-gemm.cu:54:40: warning: 'CUBLAS_GEMM_DEFAULT_TENSOR_OP' has no HIP equivalent: left as it is, for a person to rewrite [musify-unsupported]
// HIP-DIAG-NEXT: musify: what is left to do:
// HIP-DIAG-NEXT:   unsupported names (1): CUBLAS_GEMM_DEFAULT_TENSOR_OP x1
// HIP-DIAG-NEXT:   files predicted not to build (1): {{.*}}cublas-gemm.cu
// HIP-DIAG-NEXT: musify: 1 file to {{HIP}}: 24 references: 23 migrated, 0 migrated without semantics, 0 kept, 1 unsupported, 0 unknown

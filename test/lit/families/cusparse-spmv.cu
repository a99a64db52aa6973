// cuSPARSE generic API: y = A * x for a CSR matrix (cusparseSpMV with its
// two-phase buffer query). MUSA has muSPARSE; Debian ships hipSPARSE, so the
// HIP output uses hipsparse/hipsparse.h and compiles for gfx90a.
// Comment lines are dropped from the output before checking, so an expected
// line below can never match itself.
// RUN: %nvcc-check %s
// RUN: %musify %s -o %t.mu 2> %t.musa.err
// RUN: grep -v '^[[:space:]]*//' %t.mu | FileCheck %s --match-full-lines --check-prefix=MUSA --implicit-check-not=cuda --implicit-check-not=CUDA_ --implicit-check-not=cusparse --implicit-check-not=CUSPARSE
// RUN: FileCheck %s --match-full-lines --check-prefix=MUSA-DIAG --implicit-check-not=warning: < %t.musa.err
// RUN: %musify --target=hip %s -o %t.hip 2> %t.hip.err
// RUN: grep -v '^[[:space:]]*//' %t.hip | FileCheck %s --match-full-lines --check-prefix=HIP --implicit-check-not=cuda --implicit-check-not=CUDA_ --implicit-check-not=cusparse --implicit-check-not=CUSPARSE
// RUN: FileCheck %s --match-full-lines --check-prefix=HIP-DIAG --implicit-check-not=warning: < %t.hip.err
// RUN: %hipcc-check %t.hip
#include <cuda_runtime.h>
#include <cusparse.h>
// MUSA:      #include <musa_runtime.h>
// MUSA-NEXT: #include <musparse.h>
// HIP:       #include <hip/hip_runtime.h>
// HIP-NEXT:  #include <hipsparse/hipsparse.h>

// y = A * x for a CSR matrix A of rows x cols with nnz entries (device arrays).
int spmv(int rows, int cols, int nnz, int *row_offsets, int *col_indices,
         float *values, float *x, float *y) {
  cusparseHandle_t handle;
  if (cusparseCreate(&handle) != CUSPARSE_STATUS_SUCCESS)
    return 1;
  cusparseSpMatDescr_t mat;
  cusparseDnVecDescr_t vec_x, vec_y;
  cusparseCreateCsr(&mat, rows, cols, nnz, row_offsets, col_indices, values,
                    CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                    CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
  cusparseCreateDnVec(&vec_x, cols, x, CUDA_R_32F);
  cusparseCreateDnVec(&vec_y, rows, y, CUDA_R_32F);
  const float alpha = 1.0f, beta = 0.0f;
  size_t buffer_size = 0;
  cusparseSpMV_bufferSize(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, mat,
                          vec_x, &beta, vec_y, CUDA_R_32F,
                          CUSPARSE_SPMV_ALG_DEFAULT, &buffer_size);
  void *buffer = nullptr;
  cudaMalloc(&buffer, buffer_size);
  cusparseStatus_t status =
      cusparseSpMV(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, mat, vec_x,
                   &beta, vec_y, CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, buffer);
  cusparseDestroySpMat(mat);
  cusparseDestroyDnVec(vec_x);
  cusparseDestroyDnVec(vec_y);
  cusparseDestroy(handle);
  cudaFree(buffer);
  return status == CUSPARSE_STATUS_SUCCESS ? 0 : 1;
}
// MUSA:      musparseHandle_t handle;
// MUSA-NEXT: if (musparseCreate(&handle) != MUSPARSE_STATUS_SUCCESS)
// MUSA-NEXT:   return 1;
// MUSA-NEXT: musparseSpMatDescr_t mat;
// MUSA-NEXT: musparseDnVecDescr_t vec_x, vec_y;
// MUSA-NEXT: musparseCreateCsr(&mat, rows, cols, nnz, row_offsets, col_indices, values,
// MUSA-NEXT:                   MUSPARSE_INDEX_32I, MUSPARSE_INDEX_32I,
// MUSA-NEXT:                   MUSPARSE_INDEX_BASE_ZERO, MUSA_R_32F);
// MUSA-NEXT: musparseCreateDnVec(&vec_x, cols, x, MUSA_R_32F);
// MUSA-NEXT: musparseCreateDnVec(&vec_y, rows, y, MUSA_R_32F);
// MUSA-NEXT: const float alpha = 1.0f, beta = 0.0f;
// MUSA-NEXT: size_t buffer_size = 0;
// MUSA-NEXT: musparseSpMV_bufferSize(handle, MUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, mat,
// MUSA-NEXT:                         vec_x, &beta, vec_y, MUSA_R_32F,
// MUSA-NEXT:                         MUSPARSE_SPMV_ALG_DEFAULT, &buffer_size);
// MUSA-NEXT: void *buffer = nullptr;
// MUSA-NEXT: musaMalloc(&buffer, buffer_size);
// MUSA-NEXT: musparseStatus_t status =
// MUSA-NEXT:     musparseSpMV(handle, MUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, mat, vec_x,
// MUSA-NEXT:                  &beta, vec_y, MUSA_R_32F, MUSPARSE_SPMV_ALG_DEFAULT, buffer);
// MUSA-NEXT: musparseDestroySpMat(mat);
// MUSA-NEXT: musparseDestroyDnVec(vec_x);
// MUSA-NEXT: musparseDestroyDnVec(vec_y);
// MUSA-NEXT: musparseDestroy(handle);
// MUSA-NEXT: musaFree(buffer);
// MUSA-NEXT: return status == MUSPARSE_STATUS_SUCCESS ? 0 : 1;

// HIP:       hipsparseHandle_t handle;
// HIP-NEXT:  if (hipsparseCreate(&handle) != HIPSPARSE_STATUS_SUCCESS)
// HIP-NEXT:    return 1;
// HIP-NEXT:  hipsparseSpMatDescr_t mat;
// HIP-NEXT:  hipsparseDnVecDescr_t vec_x, vec_y;
// HIP-NEXT:  hipsparseCreateCsr(&mat, rows, cols, nnz, row_offsets, col_indices, values,
// HIP-NEXT:                    HIPSPARSE_INDEX_32I, HIPSPARSE_INDEX_32I,
// HIP-NEXT:                    HIPSPARSE_INDEX_BASE_ZERO, HIP_R_32F);
// HIP-NEXT:  hipsparseCreateDnVec(&vec_x, cols, x, HIP_R_32F);
// HIP-NEXT:  hipsparseCreateDnVec(&vec_y, rows, y, HIP_R_32F);
// HIP-NEXT:  const float alpha = 1.0f, beta = 0.0f;
// HIP-NEXT:  size_t buffer_size = 0;
// HIP-NEXT:  hipsparseSpMV_bufferSize(handle, HIPSPARSE_OPERATION_NON_TRANSPOSE, &alpha, mat,
// HIP-NEXT:                          vec_x, &beta, vec_y, HIP_R_32F,
// HIP-NEXT:                          HIPSPARSE_SPMV_ALG_DEFAULT, &buffer_size);
// HIP-NEXT:  void *buffer = nullptr;
// HIP-NEXT:  hipMalloc(&buffer, buffer_size);
// HIP-NEXT:  hipsparseStatus_t status =
// HIP-NEXT:      hipsparseSpMV(handle, HIPSPARSE_OPERATION_NON_TRANSPOSE, &alpha, mat, vec_x,
// HIP-NEXT:                   &beta, vec_y, HIP_R_32F, HIPSPARSE_SPMV_ALG_DEFAULT, buffer);
// HIP-NEXT:  hipsparseDestroySpMat(mat);
// HIP-NEXT:  hipsparseDestroyDnVec(vec_x);
// HIP-NEXT:  hipsparseDestroyDnVec(vec_y);
// HIP-NEXT:  hipsparseDestroy(handle);
// HIP-NEXT:  hipFree(buffer);
// HIP-NEXT:  return status == HIPSPARSE_STATUS_SUCCESS ? 0 : 1;

// MUSA-DIAG: musify: 1 file to {{MUSA}}: 32 references: 32 migrated, 0 migrated without semantics, 0 kept, 0 unsupported, 0 unknown
// HIP-DIAG:  musify: 1 file to {{HIP}}: 32 references: 32 migrated, 0 migrated without semantics, 0 kept, 0 unsupported, 0 unknown

// cuFFT: a 1-D complex-to-complex plan, executed forward then inverse in
// place. MUSA has muFFT (mufft.h, mufft*/MUFFT_*). hipFFT is not shipped by
// Debian: see below. The runtime calls around it still migrate.
//
// hipFFT is not shipped by Debian: its names come from the HIPIFY tables
// (check hipify-table), and its header with them, so the HIP output is
// consistent hipFFT code; it is not compiled here.
//
// Comment lines are dropped from the output before checking, so an expected
// line below can never match itself.
// RUN: %nvcc-check %s
// RUN: %musify %s -o %t.mu 2> %t.musa.err
// RUN: grep -v '^[[:space:]]*//' %t.mu | FileCheck %s --match-full-lines --check-prefix=MUSA --implicit-check-not=cuda --implicit-check-not=cufft --implicit-check-not=CUFFT
// RUN: FileCheck %s --match-full-lines --check-prefix=MUSA-DIAG --implicit-check-not=warning: < %t.musa.err
// RUN: %musify --target=hip %s -o %t.hip 2> %t.hip.err
// RUN: grep -v '^[[:space:]]*//' %t.hip | FileCheck %s --match-full-lines --check-prefix=HIP --implicit-check-not=cuda
// RUN: FileCheck %s --match-full-lines --check-prefix=HIP-DIAG --implicit-check-not=warning: < %t.hip.err
#include <cuda_runtime.h>
#include <cufft.h>
// MUSA:      #include <musa_runtime.h>
// MUSA-NEXT: #include <mufft.h>

// Forward then inverse transform of n complex points, in place.
cufftResult round_trip(cufftComplex *data, int n) {
  cufftHandle plan;
  cufftResult result = cufftPlan1d(&plan, n, CUFFT_C2C, 1);
  if (result != CUFFT_SUCCESS)
    return result;
  result = cufftExecC2C(plan, data, data, CUFFT_FORWARD);
  if (result == CUFFT_SUCCESS)
    result = cufftExecC2C(plan, data, data, CUFFT_INVERSE);
  cudaDeviceSynchronize();
  cufftDestroy(plan);
  return result;
}
// MUSA:      mufftResult round_trip(mufftComplex *data, int n) {
// MUSA-NEXT:   mufftHandle plan;
// MUSA-NEXT:   mufftResult result = mufftPlan1d(&plan, n, MUFFT_C2C, 1);
// MUSA-NEXT:   if (result != MUFFT_SUCCESS)
// MUSA-NEXT:     return result;
// MUSA-NEXT:   result = mufftExecC2C(plan, data, data, MUFFT_FORWARD);
// MUSA-NEXT:   if (result == MUFFT_SUCCESS)
// MUSA-NEXT:     result = mufftExecC2C(plan, data, data, MUFFT_INVERSE);
// MUSA-NEXT:   musaDeviceSynchronize();
// MUSA-NEXT:   mufftDestroy(plan);


int main() {
  const int n = 256;
  cufftComplex *data;
  cudaMalloc(&data, n * sizeof(cufftComplex));
  cufftResult result = round_trip(data, n);
  cudaFree(data);
  return result == CUFFT_SUCCESS ? 0 : 1;
}
// MUSA:      mufftComplex *data;
// MUSA-NEXT: musaMalloc(&data, n * sizeof(mufftComplex));
// MUSA-NEXT: mufftResult result = round_trip(data, n);
// MUSA-NEXT: musaFree(data);
// MUSA-NEXT: return result == MUFFT_SUCCESS ? 0 : 1;


// MUSA-DIAG: musify: 1 file to {{MUSA}}: 22 references: 22 migrated, 0 migrated without semantics, 0 kept, 0 unsupported, 0 unknown


// HIP:      #include <hip/hip_runtime.h>
// HIP:      #include <hipfft.h>
// HIP:      hipfftResult round_trip(hipfftComplex *data, int n) {
// HIP:        hipfftHandle plan;
// HIP:        hipfftResult result = hipfftPlan1d(&plan, n, HIPFFT_C2C, 1);
// HIP:        if (result != HIPFFT_SUCCESS)
// HIP:          return result;
// HIP:        result = hipfftExecC2C(plan, data, data, HIPFFT_FORWARD);
// HIP:        if (result == HIPFFT_SUCCESS)
// HIP:          result = hipfftExecC2C(plan, data, data, HIPFFT_BACKWARD);
// HIP:        hipDeviceSynchronize();
// HIP:        hipfftDestroy(plan);
// HIP:        return result;
// HIP:      }
// HIP:      int main() {
// HIP:        const int n = 256;
// HIP:        hipfftComplex *data;
// HIP:        hipMalloc(&data, n * sizeof(hipfftComplex));
// HIP:        hipfftResult result = round_trip(data, n);
// HIP:        hipFree(data);
// HIP:        return result == HIPFFT_SUCCESS ? 0 : 1;
// HIP:      }

// HIP-DIAG:      musify: 1 file to {{HIP}}: 22 references: 22 migrated, 0 migrated without semantics, 0 kept, 0 unsupported, 0 unknown

// A name counts because of the declaration it resolves to, not its spelling:
// the user's own cuda-prefixed function, variable and type stay as they are.
// RUN: %musify %s -- | FileCheck %s --check-prefix=MUSA
// RUN: %musify --target=hip %s -- | FileCheck %s --check-prefix=HIP
#include <cuda_runtime.h>

struct cudaContext { int device; };

static int cudaCheck(cudaError_t status) { return status == cudaSuccess ? 0 : 1; }

int run(cudaContext &ctx) {
  cudaStream_t cudaStream;
  int failed = cudaCheck(cudaStreamCreate(&cudaStream));
  failed += cudaCheck(cudaSetDevice(ctx.device));
  return failed;
}
// MUSA: struct cudaContext { int device; };
// MUSA: static int cudaCheck(musaError_t status) { return status == musaSuccess ? 0 : 1; }
// MUSA: int run(cudaContext &ctx) {
// MUSA-NEXT:   musaStream_t cudaStream;
// MUSA-NEXT:   int failed = cudaCheck(musaStreamCreate(&cudaStream));
// MUSA-NEXT:   failed += cudaCheck(musaSetDevice(ctx.device));

// HIP: struct cudaContext { int device; };
// HIP: static int cudaCheck(hipError_t status) { return status == hipSuccess ? 0 : 1; }
// HIP: int run(cudaContext &ctx) {
// HIP-NEXT:   hipStream_t cudaStream;
// HIP-NEXT:   int failed = cudaCheck(hipStreamCreate(&cudaStream));
// HIP-NEXT:   failed += cudaCheck(hipSetDevice(ctx.device));

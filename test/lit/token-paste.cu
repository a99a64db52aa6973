// A CUDA name built by token pasting in a user macro cannot be rewritten where
// it is written: it is reported with the place of the expansion, not guessed.
// RUN: %musify %s 2> %t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=DIAG < %t.err
#include <cuda_runtime.h>

#define CUDA_CALL(name, ...) cuda##name(__VA_ARGS__)

void sync_all() {
  CUDA_CALL(DeviceSynchronize);
  cudaDeviceReset();
}
// CHECK:      #define CUDA_CALL(name, ...) cuda##name(__VA_ARGS__)
// CHECK:      CUDA_CALL(DeviceSynchronize);
// CHECK-NEXT: musaDeviceReset();
// DIAG: token-paste.cu:10:3: warning: 'cudaDeviceSynchronize' has no MUSA equivalent: the name is built by token pasting (##) in a macro: rewrite the macro by hand [musify-unsupported]

// An unsupported name's finding says why once: a table note that only says
// again that there is no equivalent ("no known HIP equivalent") adds nothing
// (what to do is said in its place),
// and a name a later HIP has says which version it needs, not that HIP has no
// equivalent (--verbose: without it such names are counted in one line).
// RUN: %musify --target=hip --hip-version=5.2 --verbose %s -o %t.hip 2> %t.err
// RUN: FileCheck %s < %t.err
#include <cuda_runtime.h>

void fire(cudaStream_t *s) {
  *s = cudaStreamFireAndForget;
  cudaDeviceSetLimit(cudaLimitStackSize, 4096);
}

// CHECK: unsupported-wording.cu:11:8: warning: 'cudaStreamFireAndForget' has no HIP equivalent: left as it is, for a person to rewrite [musify-unsupported]
// CHECK: unsupported-wording.cu:12:3: warning: 'cudaDeviceSetLimit' needs HIP 5.3 (hipDeviceSetLimit); the target is HIP 5.2 (--hip-version) [musify-unsupported]
// CHECK: unsupported-wording.cu:12:22: warning: 'cudaLimitStackSize' needs HIP 5.3 (hipLimitStackSize); the target is HIP 5.2 (--hip-version) [musify-unsupported]

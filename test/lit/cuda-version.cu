// CUDA_VERSION (cuda.h) becomes MUSA_COMP_VERSION, the published table's name;
// older ports used MUSA_VERSION, so every use says so. A comparison is renamed
// and flagged: MUSA versions use their own scale.
// RUN: %musify %s 2> %t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=DIAG < %t.err
#include <cuda.h>

#if CUDA_VERSION >= 12000
int driver_is_new = 1;
#endif
// CHECK:      #include <musa.h>
// CHECK:      #if MUSA_COMP_VERSION >= 12000

// DIAG: cuda-version.cu:8:5: warning: 'CUDA_VERSION >= 12000' became 'MUSA_COMP_VERSION >= 12000': sources disagree: the published table says MUSA_COMP_VERSION; older ports use MUSA_VERSION; no threshold maps CUDA_VERSION >= 12000 onto MUSA's MUSA_COMP_VERSION scale: check the renamed comparison by hand [musify-arch-comparison]
// DIAG: cuda-version.cu:8:5: warning: 'CUDA_VERSION' became 'MUSA_COMP_VERSION': sources disagree: the published table says MUSA_COMP_VERSION; older ports use MUSA_VERSION; no threshold maps {{.*}} [musify-disputed]

// Each finding a person must act on is a comment line above its line in the
// migrated code, with its code and message: `// musify-CODE: why`, indented
// as the line. Never inside a preprocessor directive, a comment or a literal:
// a finding there goes above the line where it begins, once for all the
// findings of that line. Migrating the output again adds nothing; the output
// compiles. --no-inline-findings writes none; the warnings stay.
// RUN: %musify --target=hip %s -o %t.hip 2> %t.err
// RUN: FileCheck %s --check-prefix=HIP --match-full-lines --strict-whitespace < %t.hip
// RUN: FileCheck %s --check-prefix=DIAG < %t.err
// RUN: cp %t.hip %t.again.cu
// RUN: %musify --target=hip --allow-fallback %t.again.cu -o %t.twice.hip 2> /dev/null
// RUN: diff %t.hip %t.twice.hip
// RUN: %hipcc-check %t.hip
// RUN: %musify --target=hip --no-inline-findings %s -o %t.none.hip 2> %t.none.err
// RUN: FileCheck %s --check-prefix=NONE < %t.none.hip
// RUN: diff %t.err %t.none.err
#include <cuda_runtime.h>

#ifdef CUBLAS_API_H_
int have_blas = 1;
#endif
#if defined(CUBLAS_API_H_) && \
    defined(CUBLAS_VER_MAJOR)
int have_both = 1;
#endif
#ifdef CUBLAS_VER_MAJOR
#define BLAS_MAJOR CUBLAS_VER_MAJOR
#else
#define BLAS_MAJOR 0
#endif
int blas_major() { return BLAS_MAJOR; }

__global__ void sum(int *out) {
  int lane = threadIdx.x % 32;
  if (lane == 0)
    atomicAdd(out, 1);
}

__global__ void first_lane(int *out) {
    /* a comment that
       spans lines */ out[threadIdx.x] = threadIdx.x % 32 == 0;
}
// HIP:// musify-unsupported: 'CUBLAS_API_H_' has no HIP equivalent{{.*}}
// HIP-NEXT:#ifdef CUBLAS_API_H_
// HIP-NEXT:int have_blas = 1;
// HIP:// musify-unsupported: 'CUBLAS_API_H_' has no HIP equivalent{{.*}}
// HIP-NEXT:// musify-unsupported: 'CUBLAS_VER_MAJOR' has no HIP equivalent{{.*}}
// HIP-NEXT:#if defined(CUBLAS_API_H_) && \
// HIP-NEXT:    defined(CUBLAS_VER_MAJOR)
// HIP:// musify-unsupported: 'CUBLAS_VER_MAJOR' has no HIP equivalent{{.*}}
// HIP-NEXT:#ifdef CUBLAS_VER_MAJOR
// HIP-NEXT:// musify-unsupported: 'CUBLAS_VER_MAJOR' has no HIP equivalent{{.*}}
// HIP-NEXT:#define BLAS_MAJOR CUBLAS_VER_MAJOR
// HIP:  // musify-warp-size: 'threadIdx.x % 32': assumes a 32-lane warp{{.*}}
// HIP-NEXT:  int lane = threadIdx.x % 32;
// HIP:    // musify-warp-size: 'threadIdx.x % 32': assumes a 32-lane warp{{.*}}
// HIP-NEXT:    /* a comment that
// HIP-NEXT:       spans lines */ out[threadIdx.x] = threadIdx.x % 32 == 0;

// NONE-NOT: {{^ *// musify-}}

// DIAG: inline-findings.cu:19:8: warning: 'CUBLAS_API_H_' has no HIP equivalent
// DIAG: inline-findings.cu:23:13: warning: 'CUBLAS_VER_MAJOR' has no HIP equivalent

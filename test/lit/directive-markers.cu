// A name the target lacks is marked where it is written, but never inside a
// preprocessor directive: the mark ends the directive's last line as a line
// comment, once for all the names in it, so the directive reads as written.
// Migrating the output again adds no second mark; the output compiles.
// RUN: %musify --target=hip %s -o %t.hip 2> %t.err
// RUN: FileCheck %s --check-prefix=HIP < %t.hip
// RUN: FileCheck %s --check-prefix=DIAG < %t.err
// RUN: cp %t.hip %t.again.cu
// RUN: %musify --target=hip --allow-fallback %t.again.cu -o %t.twice.hip 2> /dev/null
// RUN: diff %t.hip %t.twice.hip
// RUN: %hipcc-check %t.hip
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
// HIP:      {{^}}#ifdef CUBLAS_API_H_ // musify: unsupported on HIP{{$}}
// HIP-NEXT: {{^}}int have_blas = 1;
// HIP:      {{^}}#if defined(CUBLAS_API_H_) && \{{$}}
// HIP-NEXT: {{^}}    defined(CUBLAS_VER_MAJOR) // musify: unsupported on HIP{{$}}
// HIP:      {{^}}#ifdef CUBLAS_VER_MAJOR // musify: unsupported on HIP{{$}}
// HIP-NEXT: {{^}}#define BLAS_MAJOR CUBLAS_VER_MAJOR // musify: unsupported on HIP{{$}}

// DIAG: directive-markers.cu:14:8: warning: 'CUBLAS_API_H_' has no HIP equivalent
// DIAG: directive-markers.cu:17:13: warning: 'CUBLAS_API_H_' has no HIP equivalent
// DIAG: directive-markers.cu:18:13: warning: 'CUBLAS_VER_MAJOR' has no HIP equivalent

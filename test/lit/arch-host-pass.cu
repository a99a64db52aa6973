// An architecture test in a __host__ __device__ function means "the device
// pass, for at least this architecture": on the host it takes the other
// branch. The migrated program is built by each target's real compiler
// (hipcc for HIP, nvcc through the portability layer for MUSA) and run on
// this machine's CPU, where its host pass runs: it must print what CUDA's
// does and exit 0. hipcc defines __HIP__ on the host too, so a comparison
// written on it would take the device branch here.
// REQUIRES: hipcc, nvcc
// RUN: %musify --target=hip %s -o %t.hip
// RUN: FileCheck %s --check-prefix=HIP < %t.hip
// RUN: %hip-run %t.hip %t.hip.exe | FileCheck %s --check-prefix=RAN
// RUN: %musify %s -o %t.mu
// RUN: %musa-run %t.mu %t.mu.exe | FileCheck %s --check-prefix=RAN
#include <cstdio>

__host__ __device__ int where() {
#if __CUDA_ARCH__ >= 600
  return 1; // device
#else
  return 0; // host
#endif
}

// Each other form of the test, with the bit set where it takes its device
// branch: none on the host.
__host__ __device__ int deviceBranches() {
  int taken = 0;
#if __CUDA_ARCH__ < 600
#else
  taken |= 1;
#endif
#if __CUDA_ARCH__ >= 700 && __CUDA_ARCH__ < 800
  taken |= 2;
#endif
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 600
  taken |= 4;
#endif
#ifdef __CUDA_ARCH__
  taken |= 8;
#endif
#ifndef __CUDA_ARCH__
#else
  taken |= 16;
#endif
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ < 530
#else
  taken |= 32;
#endif
#if __CUDA_ARCH__ == 860 || __CUDA_ARCH__ != 0
  taken |= 64;
#endif
#if defined(NO_SUCH_MACRO) || (__CUDA_ARCH__ && 1)
  taken |= 128;
#endif
#if 529 < __CUDA_ARCH__
  taken |= 256;
#endif
  return taken;
}

int main() {
  printf("host says %d\n", where());
  printf("device branches taken on the host: %d\n", deviceBranches());
  return where() + deviceBranches();
}
// HIP:      {{^}}#if __HIP_DEVICE_COMPILE__ >= 1 /* CUDA: __CUDA_ARCH__ >= 600 */{{$}}
// HIP:      {{^}}#if __HIP_DEVICE_COMPILE__ < 1 /* CUDA: __CUDA_ARCH__ < 600 */{{$}}
// HIP:      {{^}}#if __HIP_DEVICE_COMPILE__ >= 2 /* CUDA: __CUDA_ARCH__ >= 700 */ && __HIP_DEVICE_COMPILE__ < 2 /* CUDA: __CUDA_ARCH__ < 800 */{{$}}

// RAN:      host says 0
// RAN-NEXT: device branches taken on the host: 0

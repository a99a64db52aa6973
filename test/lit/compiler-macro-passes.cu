// Every rewrite of a compiler macro holds in both passes: a probe of each
// (__CUDACC__, __NVCC__, __CUDACC_RDC__, __CUDA_ARCH__ in every form of test,
// nvcc's version macros, CUDART_VERSION) is preprocessed by nvcc for the host
// and the device (sm_80), and its migrated forms by each target's compiler in
// each pass: hipcc --cuda-host-only / --cuda-device-only, and nvcc through
// the portability layer for MUSA. The host pass takes the branch nvcc's host
// pass takes; the device pass takes nvcc's where the target has the
// architecture's features (AMD GPUs count as below sm_61, so `>= 800` is
// false there). Where HIP has no counterpart (__NVCC__, nvcc's version
// macros, `#ifdef CUDART_VERSION`; reported as unsupported) hipcc reads the
// macro as undefined in both passes: NV- lines hold for nvcc and the MUSA
// build through it, HIP- lines for hipcc.
// REQUIRES: hipcc, nvcc
// RUN: %musify %s -o %t.mu
// RUN: %musify --target=hip %s -o %t.hip
// RUN: %nvcc --cuda -arch=sm_80 %s -o %t.cuda.ii
// RUN: grep '^int probe_' %t.cuda.ii | FileCheck %s --check-prefixes=HOST,NV-HOST
// RUN: %nvcc -E -arch=sm_80 %s | grep '^int probe_' | FileCheck %s --check-prefixes=DEVICE,NV-DEVICE
// RUN: %nvcc --cuda -arch=sm_80 %musa-flags %t.mu -o %t.mu.ii
// RUN: grep '^int probe_' %t.mu.ii | FileCheck %s --check-prefixes=HOST,NV-HOST
// RUN: %nvcc -E -arch=sm_80 %musa-flags %t.mu | grep '^int probe_' | FileCheck %s --check-prefixes=DEVICE,NV-DEVICE
// RUN: %hipcc -E --cuda-host-only %t.hip | grep '^int probe_' | FileCheck %s --check-prefixes=HOST,HIP-HOST
// RUN: %hipcc -E --cuda-device-only %t.hip | grep '^int probe_' | FileCheck %s --check-prefixes=DEVICE,HIP-DEVICE
#ifdef __CUDACC__
int probe_cudacc = 1;
#else
int probe_cudacc = 0;
#endif
#if __CUDACC__
int probe_cudacc_value = 1;
#else
int probe_cudacc_value = 0;
#endif
#ifdef __NVCC__
int probe_nvcc = 1;
#else
int probe_nvcc = 0;
#endif
#ifdef __CUDACC_RDC__
int probe_rdc = 1;
#else
int probe_rdc = 0;
#endif
#if __CUDA_ARCH__ >= 600
int probe_arch_ge_600 = 1;
#else
int probe_arch_ge_600 = 0;
#endif
#if __CUDA_ARCH__ < 600
int probe_arch_lt_600 = 1;
#else
int probe_arch_lt_600 = 0;
#endif
#if __CUDA_ARCH__ > 529
int probe_arch_gt_529 = 1;
#else
int probe_arch_gt_529 = 0;
#endif
#if __CUDA_ARCH__ <= 599
int probe_arch_le_599 = 1;
#else
int probe_arch_le_599 = 0;
#endif
#if __CUDA_ARCH__ >= 800
int probe_arch_ge_800 = 1;
#else
int probe_arch_ge_800 = 0;
#endif
#if __CUDA_ARCH__ >= 700 && __CUDA_ARCH__ < 800
int probe_arch_700_to_800 = 1;
#else
int probe_arch_700_to_800 = 0;
#endif
#if __CUDA_ARCH__ != 900
int probe_arch_ne_900 = 1;
#else
int probe_arch_ne_900 = 0;
#endif
#if __CUDA_ARCH__ == 0
int probe_arch_eq_0 = 1;
#else
int probe_arch_eq_0 = 0;
#endif
#if 600 <= __CUDA_ARCH__
int probe_arch_600_first = 1;
#else
int probe_arch_600_first = 0;
#endif
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 600
int probe_arch_defined_ge_600 = 1;
#else
int probe_arch_defined_ge_600 = 0;
#endif
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 600
int probe_arch_not_defined_or_ge_600 = 1;
#else
int probe_arch_not_defined_or_ge_600 = 0;
#endif
#ifdef __CUDA_ARCH__
int probe_arch_ifdef = 1;
#else
int probe_arch_ifdef = 0;
#endif
#ifndef __CUDA_ARCH__
int probe_arch_ifndef = 1;
#else
int probe_arch_ifndef = 0;
#endif
#if !defined(__CUDA_ARCH__)
int probe_arch_not_defined = 1;
#else
int probe_arch_not_defined = 0;
#endif
#if __CUDA_ARCH__
int probe_arch_truth = 1;
#else
int probe_arch_truth = 0;
#endif
#if !__CUDA_ARCH__
int probe_arch_not = 1;
#else
int probe_arch_not = 0;
#endif
#if defined(NO_SUCH_MACRO) || (__CUDA_ARCH__ >= 530 && 1)
int probe_arch_in_expression = 1;
#else
int probe_arch_in_expression = 0;
#endif
#if __CUDACC_VER_MAJOR__ >= 11
int probe_cudacc_ver_major = 1;
#else
int probe_cudacc_ver_major = 0;
#endif
#if defined(__CUDACC_VER_MINOR__)
int probe_cudacc_ver_minor = 1;
#else
int probe_cudacc_ver_minor = 0;
#endif
#if __CUDACC_VER_BUILD__ > 0
int probe_cudacc_ver_build = 1;
#else
int probe_cudacc_ver_build = 0;
#endif
#if CUDART_VERSION >= 11000
int probe_cudart_version = 1;
#else
int probe_cudart_version = 0;
#endif
#ifdef CUDART_VERSION
int probe_cudart_defined = 1;
#else
int probe_cudart_defined = 0;
#endif

// HOST:             int probe_cudacc = 1;
// HOST-NEXT:        int probe_cudacc_value = 1;
// NV-HOST-NEXT:     int probe_nvcc = 1;
// HIP-HOST-NEXT:    int probe_nvcc = 0;
// HOST-NEXT:        int probe_rdc = 0;
// HOST-NEXT:        int probe_arch_ge_600 = 0;
// HOST-NEXT:        int probe_arch_lt_600 = 1;
// HOST-NEXT:        int probe_arch_gt_529 = 0;
// HOST-NEXT:        int probe_arch_le_599 = 1;
// HOST-NEXT:        int probe_arch_ge_800 = 0;
// HOST-NEXT:        int probe_arch_700_to_800 = 0;
// HOST-NEXT:        int probe_arch_ne_900 = 1;
// HOST-NEXT:        int probe_arch_eq_0 = 1;
// HOST-NEXT:        int probe_arch_600_first = 0;
// HOST-NEXT:        int probe_arch_defined_ge_600 = 0;
// HOST-NEXT:        int probe_arch_not_defined_or_ge_600 = 1;
// HOST-NEXT:        int probe_arch_ifdef = 0;
// HOST-NEXT:        int probe_arch_ifndef = 1;
// HOST-NEXT:        int probe_arch_not_defined = 1;
// HOST-NEXT:        int probe_arch_truth = 0;
// HOST-NEXT:        int probe_arch_not = 1;
// HOST-NEXT:        int probe_arch_in_expression = 0;
// NV-HOST-NEXT:     int probe_cudacc_ver_major = 1;
// HIP-HOST-NEXT:    int probe_cudacc_ver_major = 0;
// NV-HOST-NEXT:     int probe_cudacc_ver_minor = 1;
// HIP-HOST-NEXT:    int probe_cudacc_ver_minor = 0;
// NV-HOST-NEXT:     int probe_cudacc_ver_build = 1;
// HIP-HOST-NEXT:    int probe_cudacc_ver_build = 0;
// HOST-NEXT:        int probe_cudart_version = 1;
// NV-HOST-NEXT:     int probe_cudart_defined = 1;
// HIP-HOST-NEXT:    int probe_cudart_defined = 0;

// DEVICE:           int probe_cudacc = 1;
// DEVICE-NEXT:      int probe_cudacc_value = 1;
// NV-DEVICE-NEXT:   int probe_nvcc = 1;
// HIP-DEVICE-NEXT:  int probe_nvcc = 0;
// DEVICE-NEXT:      int probe_rdc = 0;
// DEVICE-NEXT:      int probe_arch_ge_600 = 1;
// DEVICE-NEXT:      int probe_arch_lt_600 = 0;
// DEVICE-NEXT:      int probe_arch_gt_529 = 1;
// DEVICE-NEXT:      int probe_arch_le_599 = 0;
// NV-DEVICE-NEXT:   int probe_arch_ge_800 = 1;
// HIP-DEVICE-NEXT:  int probe_arch_ge_800 = 0;
// DEVICE-NEXT:      int probe_arch_700_to_800 = 0;
// DEVICE-NEXT:      int probe_arch_ne_900 = 1;
// DEVICE-NEXT:      int probe_arch_eq_0 = 0;
// DEVICE-NEXT:      int probe_arch_600_first = 1;
// DEVICE-NEXT:      int probe_arch_defined_ge_600 = 1;
// DEVICE-NEXT:      int probe_arch_not_defined_or_ge_600 = 1;
// DEVICE-NEXT:      int probe_arch_ifdef = 1;
// DEVICE-NEXT:      int probe_arch_ifndef = 0;
// DEVICE-NEXT:      int probe_arch_not_defined = 0;
// DEVICE-NEXT:      int probe_arch_truth = 1;
// DEVICE-NEXT:      int probe_arch_not = 0;
// DEVICE-NEXT:      int probe_arch_in_expression = 1;
// NV-DEVICE-NEXT:   int probe_cudacc_ver_major = 1;
// HIP-DEVICE-NEXT:  int probe_cudacc_ver_major = 0;
// NV-DEVICE-NEXT:   int probe_cudacc_ver_minor = 1;
// HIP-DEVICE-NEXT:  int probe_cudacc_ver_minor = 0;
// NV-DEVICE-NEXT:   int probe_cudacc_ver_build = 1;
// HIP-DEVICE-NEXT:  int probe_cudacc_ver_build = 0;
// DEVICE-NEXT:      int probe_cudart_version = 1;
// NV-DEVICE-NEXT:   int probe_cudart_defined = 1;
// HIP-DEVICE-NEXT:  int probe_cudart_defined = 0;

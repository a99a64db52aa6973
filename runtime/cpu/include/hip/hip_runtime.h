/* musify's CPU layer: <hip/hip_runtime.h> is the HIP CPU runtime's
 * (third_party/hip-cpu), plus what migrated programs use that it lacks
 * (musify_cpu/additions.h; runtime/cpu/README.md). Put this folder on the
 * include path before the runtime's: -I<musify>/runtime/cpu/include
 * -I<musify>/third_party/hip-cpu/include. */
#ifndef HIP_INCLUDE_HIP_HIP_RUNTIME_H
/* The guard of AMD's <hip/hip_runtime.h>, which migrated helpers test
 * (`#ifndef HIP_INCLUDE_HIP_HIP_RUNTIME_H`, from NVIDIA's __CUDA_RUNTIME_H__). */
#define HIP_INCLUDE_HIP_HIP_RUNTIME_H
/* Kernels that synchronise run as fibers (libco) on every worker thread:
 * without LIBCO_MP, libco keeps the running fiber in one global, and two
 * threads switching fibers at once corrupt each other's blocks. */
#ifndef LIBCO_MP
#define LIBCO_MP
#endif
/* What AMD's header brings in, and migrated code relies on (NULL, malloc,
 * memcpy, INT_MAX). */
#include <climits>
#include <cstddef>
#include <cstdlib>
#include <cstring>
/* The runtime's device properties lack members AMD's HIP has (managed and
 * pageable memory, copy engines): its struct is renamed here, and
 * additions.h declares AMD's, filled from it. */
#define hipDeviceProp_t musify_cpu_RuntimeDeviceProp
#include_next <hip/hip_runtime.h>
#undef hipDeviceProp_t
/* hipcc defines __HIP__ as 1 in both passes, and code may compare it
 * (`#if __HIP__ >= 1`); the runtime defines it empty, which a comparison
 * cannot read. */
#undef __HIP__
#define __HIP__ 1
#include "musify_cpu/additions.h"
#endif

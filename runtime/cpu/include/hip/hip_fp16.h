/* musify's CPU layer: the runtime's <hip/hip_fp16.h>, plus the names half and
 * half2 that AMD's header (and CUDA's cuda_fp16.h) declare for __half and
 * __half2 (runtime/cpu/README.md). */
#ifndef MUSIFY_CPU_HIP_FP16_H_
#define MUSIFY_CPU_HIP_FP16_H_
#include <hip/hip_runtime.h>
#include_next <hip/hip_fp16.h>
using half = __half;
using half2 = __half2;
#endif

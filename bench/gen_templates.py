#!/usr/bin/env python3
"""Writes a template-heavy CUDA tree in the style of an inference backend's
kernels: one shared header of templated device helpers (type traits for
float, half and bfloat16, warp and block reductions, one device-only branch
that uses CUDA names under __CUDA_ARCH__), and units whose kernels are
templated on element type, width and block size, each dispatched over
N_COLS x BLOCK_SIZES instantiations per type.

  python3 bench/gen_templates.py OUT_DIR [--units N]

Each unit is one file; time musify against a Clang host parse of each:
  clang++-19 -fsyntax-only --cuda-host-only -x cuda -std=c++17 OUT_DIR/u0.cu
  musify --target=musa --dry-run --quiet OUT_DIR/u0.cu
"""
import argparse
import os
import sys

N_COLS = (32, 64, 128, 256, 512, 1024, 2048, 4096)
BLOCK_SIZES = (32, 64, 128, 256)
TYPES = ("float", "half", "nv_bfloat16")

HEADER = """#pragma once
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cstdint>
#include <cstdio>
#define WARP_SIZE 32
template <typename T> struct type_traits;
template <> struct type_traits<float> {
  static __device__ float to_f(float x) { return x; }
  static __device__ float from_f(float x) { return x; }
};
template <> struct type_traits<half> {
  static __device__ float to_f(half x) { return __half2float(x); }
  static __device__ half from_f(float x) { return __float2half(x); }
};
template <> struct type_traits<nv_bfloat16> {
  static __device__ float to_f(nv_bfloat16 x) { return __bfloat162float(x); }
  static __device__ nv_bfloat16 from_f(float x) { return __float2bfloat16(x); }
};
template <int width = WARP_SIZE> static __device__ __forceinline__ float warp_reduce_sum(float x) {
#pragma unroll
  for (int offset = width / 2; offset > 0; offset >>= 1)
    x += __shfl_xor_sync(0xffffffff, x, offset, width);
  return x;
}
static __device__ __forceinline__ half2 warp_reduce_sum(half2 a) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 530
#pragma unroll
  for (int offset = 16; offset > 0; offset >>= 1)
    a = __hadd2(a, __shfl_xor_sync(0xffffffff, a, offset, 32));
#endif
  return a;
}
template <int width = WARP_SIZE> static __device__ __forceinline__ float warp_reduce_max(float x) {
#pragma unroll
  for (int offset = width / 2; offset > 0; offset >>= 1)
    x = fmaxf(x, __shfl_xor_sync(0xffffffff, x, offset, width));
  return x;
}
template <int block_size> static __device__ float block_reduce_sum(float v, float *buf) {
  v = warp_reduce_sum(v);
  if (block_size > WARP_SIZE) {
    int lane = threadIdx.x % WARP_SIZE, warp = threadIdx.x / WARP_SIZE;
    if (lane == 0)
      buf[warp] = v;
    __syncthreads();
    v = lane < block_size / WARP_SIZE ? buf[lane] : 0.0f;
    v = warp_reduce_sum(v);
  }
  return v;
}
"""

KERNEL = """template <typename T, int ncols_t, int block_t, bool scaled>
static __global__ void {name}_kernel(const T *x, T *dst, const int ncols_p, const float scale) {{
  const int ncols = ncols_t == 0 ? ncols_p : ncols_t;
  const int block = block_t == 0 ? blockDim.x : block_t;
  const int row = blockIdx.x;
  __shared__ float buf[WARP_SIZE];
  float maxv = -INFINITY;
  for (int c = threadIdx.x; c < ncols; c += block) {{
    float v = type_traits<T>::to_f(x[row * ncols + c]);
    maxv = fmaxf(maxv, scaled ? v * scale : v);
  }}
  maxv = warp_reduce_max(maxv);
  float sum = 0.0f;
  for (int c = threadIdx.x; c < ncols; c += block) {{
    float v = expf(type_traits<T>::to_f(x[row * ncols + c]) - maxv);
    sum += v;
    dst[row * ncols + c] = type_traits<T>::from_f(v);
  }}
  sum = block_reduce_sum<block_t == 0 ? 1024 : block_t>(sum, buf);
  for (int c = threadIdx.x; c < ncols; c += block)
    dst[row * ncols + c] = type_traits<T>::from_f(type_traits<T>::to_f(dst[row * ncols + c]) / sum);
}}
"""


def unit(name):
    lines = ['#include "common.cuh"', KERNEL.format(name=name)]
    lines.append("template <typename T, bool S>\nstatic void launch_%s(const T *x, T *dst, "
                 "int ncols, int nrows, float scale, cudaStream_t stream) {\n"
                 "  switch (ncols * 1000 + (nrows %% 4 + 1) * 32) {" % name)
    for nc in N_COLS:
        for bs in BLOCK_SIZES:
            lines.append("  case %d: %s_kernel<T, %d, %d, S><<<nrows, %d, 0, stream>>>"
                         "(x, dst, ncols, scale); break;" % (nc * 1000 + bs, name, nc, bs, bs))
    lines.append("  default: %s_kernel<T, 0, 0, S><<<nrows, 1024, 0, stream>>>"
                 "(x, dst, ncols, scale);\n  }\n  cudaError_t err = cudaGetLastError();\n"
                 "  if (err != cudaSuccess)\n"
                 "    printf(\"%%s\\n\", cudaGetErrorString(err));\n}" % name)
    lines.append("void %s_cuda(const void *x, void *dst, int type, int ncols, int nrows, "
                 "float scale, cudaStream_t s) {" % name)
    for i, t in enumerate(TYPES):
        lines.append("  if (type == %d) {\n    if (scale != 1.0f)\n"
                     "      launch_%s<%s, true>((const %s *)x, (%s *)dst, ncols, nrows, scale, s);"
                     "\n"
                     "    else\n"
                     "      launch_%s<%s, false>((const %s *)x, (%s *)dst, ncols, nrows, scale, s);"
                     "\n  }" % (i, name, t, t, t, name, t, t, t))
    lines.append("}")
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", help="the folder to write (made if missing)")
    ap.add_argument("--units", type=int, default=4, help="units to write (default 4)")
    args = ap.parse_args()
    if args.units < 1:
        ap.error("--units must be at least 1")
    try:
        os.makedirs(args.out, exist_ok=True)
        with open(os.path.join(args.out, "common.cuh"), "w") as f:
            f.write(HEADER)
        for i in range(args.units):
            with open(os.path.join(args.out, "u%d.cu" % i), "w") as f:
                f.write(unit("op%d" % i))
    except OSError as e:
        sys.exit("gen_templates: %s" % e)


if __name__ == "__main__":
    main()
